/// The Disclosures' digests, for finding the Disclosure a payload's digest names.
///
/// Ordered by each digest's first eight bytes and searched by them, so that sorting and
/// searching move and compare one word rather than a whole digest; the full digests are
/// compared only where those words are equal. Sorted rather than hashed: the digests a
/// payload lists are the issuer's to choose and the Disclosures are the holder's, and no
/// choice of either makes a sorted lookup slow.
struct DisclosureDigestIndex {
    /// Each Disclosure's digest, by the Disclosure's position.
    private let keys: [DigestKey]
    /// Every position, ordered by its digest's first word and then by position.
    private let order: [Entry]
    /// The position of the first Disclosure whose digest an earlier one has too (a
    /// Disclosure sent twice), if any.
    let firstRepeat: Int?

    private struct Entry {
        let leadingWord: UInt64
        let position: Int
    }

    /// Hashes every Disclosure with `algorithm`.
    init(disclosures: [Disclosure], algorithm: SDHashAlgorithm) {
        var keys = [DigestKey]()
        keys.reserveCapacity(disclosures.count)
        var order = [Entry]()
        order.reserveCapacity(disclosures.count)
        for (position, disclosure) in disclosures.enumerated() {
            let key = DigestKey(digestOf: disclosure, using: algorithm)
            keys.append(key)
            order.append(Entry(leadingWord: key.leadingWord, position: position))
        }
        order.sort { ($0.leadingWord, $0.position) < ($1.leadingWord, $1.position) }
        self.keys = keys
        self.order = order
        self.firstRepeat = Self.firstRepeat(in: order, keys: keys)
    }

    /// The position of the Disclosure whose digest is `key`; of the first such, should the
    /// digest repeat.
    func position(of key: DigestKey) -> Int? {
        let word = key.leadingWord
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle].leadingWord < word { low = middle + 1 } else { high = middle }
        }
        while low < order.count, order[low].leadingWord == word {
            if keys[order[low].position] == key { return order[low].position }
            low += 1
        }
        return nil
    }

    /// The smallest position whose digest a smaller position shares. Only entries in one
    /// run of equal first words can share a digest, and a run is one entry long unless
    /// first words collide.
    private static func firstRepeat(in order: [Entry], keys: [DigestKey]) -> Int? {
        var first: Int?
        var runStart = 0
        while runStart < order.count {
            var runEnd = runStart + 1
            while runEnd < order.count, order[runEnd].leadingWord == order[runStart].leadingWord { runEnd += 1 }
            for later in (runStart + 1)..<runEnd {
                let position = order[later].position
                if order[runStart..<later].contains(where: { keys[$0.position] == keys[position] }) {
                    first = min(first ?? position, position)
                }
            }
            runStart = runEnd
        }
        return first
    }
}

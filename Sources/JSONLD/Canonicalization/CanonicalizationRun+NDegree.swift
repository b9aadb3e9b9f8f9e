/// RDFC-1.0 §4.8 Hash N-Degree Quads: tells apart blank nodes whose first-degree quads look
/// alike by the shortest labelled path through their neighbourhood, trying every order of
/// each group of look-alike neighbours — the exponential part, counted against the limits.
extension CanonicalizationRun {
    /// The N-degree hash of `node` and the issuer that labelled its neighbourhood on the
    /// chosen paths.
    mutating func hashNDegreeQuads(
        _ node: Int, issuer: IdentifierIssuer
    ) throws(RDFCanonicalizationError) -> (hash: [UInt8], issuer: IdentifierIssuer) {
        deepIterations += 1
        guard deepIterations <= limits.maximumDeepIterations else {
            throw .tooManyDeepIterations(limit: limits.maximumDeepIterations)
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= limits.maximumRecursionDepth else { throw .recursionTooDeep(limit: limits.maximumRecursionDepth) }

        // Steps 1-3: group the related blank nodes by the hash of how they relate to `node`.
        var relatedByHash: [HashKey: [Int]] = [:]
        for index in quadsByNode[node] {
            let quad = quads[index]
            let slots: [(Slot?, UInt8)] = [
                (quad.subject, UInt8(ascii: "s")), (quad.object, UInt8(ascii: "o")), (quad.graph, UInt8(ascii: "g")),
            ]
            for (slot, position) in slots {
                guard case let .blank(related)? = slot, related != node else { continue }
                let hash = hashRelatedBlankNode(related, quad: quad, issuer: issuer, position: position)
                relatedByHash[HashKey(bytes: hash), default: []].append(related)
            }
        }

        // Steps 4-5: for each group in hash order, the least path over its permutations.
        var issuer = issuer
        var dataToHash: [UInt8] = []
        for hash in relatedByHash.keys.sorted(by: { CodePointOrder.precedes($0.bytes, $1.bytes) }) {
            dataToHash.append(contentsOf: hash.bytes)
            var chosenPath: [UInt8] = []
            var chosenIssuer: IdentifierIssuer?
            var permutation = Permutations(relatedByHash[hash] ?? [], ranks: ranks)
            nextPermutation: while let order = permutation.next() {
                permutations += 1
                guard permutations <= limits.maximumPermutations else {
                    throw .tooManyPermutations(limit: limits.maximumPermutations)
                }
                var issuerCopy = issuer
                var path: [UInt8] = []
                var recursionList: [Int] = []
                for related in order {
                    if let number = canonicalIssuer.number(of: related) {
                        canonicalIssuer.appendIdentifier(number, to: &path)
                    } else {
                        if issuerCopy.number(of: related) == nil { recursionList.append(related) }
                        issuerCopy.appendIdentifier(issuerCopy.issue(related), to: &path)
                    }
                    if Self.cannotBeChosen(path, over: chosenPath) { continue nextPermutation }
                }
                for related in recursionList {
                    let result = try hashNDegreeQuads(related, issuer: issuerCopy)
                    issuerCopy.appendIdentifier(issuerCopy.issue(related), to: &path)
                    path.append(UInt8(ascii: "<"))
                    path.append(contentsOf: result.hash)
                    path.append(UInt8(ascii: ">"))
                    issuerCopy = result.issuer
                    if Self.cannotBeChosen(path, over: chosenPath) { continue nextPermutation }
                }
                if chosenIssuer == nil || CodePointOrder.precedes(path, chosenPath) {
                    chosenPath = path
                    chosenIssuer = issuerCopy
                }
            }
            dataToHash.append(contentsOf: chosenPath)
            if let chosenIssuer { issuer = chosenIssuer }
        }
        return (hexDigest(of: dataToHash), issuer)
    }

    /// Whether a partial `path` is already longer-or-equal and greater than the chosen one,
    /// so no completion of it can be chosen (§4.8.3 steps 5.4.4.3 and 5.4.5.5).
    private static func cannotBeChosen(_ path: [UInt8], over chosenPath: [UInt8]) -> Bool {
        !chosenPath.isEmpty && path.count >= chosenPath.count && CodePointOrder.precedes(chosenPath, path)
    }
}

/// Every order of a list of blank nodes, by the Steinhaus-Johnson-Trotter method from the
/// order of their labels (as the reference implementation enumerates them, so that when two
/// orders give the same least path the same one is kept); a node listed twice is one element
/// that never swaps with itself.
struct Permutations {
    private var current: [Int]
    /// Each distinct node and whether it moves left (a node listed twice has one direction);
    /// the lists are short, so a linear search beats a dictionary built per call.
    private var nodes: [Int] = []
    private var leftward: [Bool] = []
    private let ranks: [Int]
    private var done = false

    init(_ list: [Int], ranks: [Int]) {
        self.ranks = ranks
        current = list.sorted { ranks[$0] < ranks[$1] }
        for node in current where nodes.last != node {
            nodes.append(node)
            leftward.append(true)
        }
    }

    private func direction(of node: Int) -> Int { nodes.firstIndex(of: node) ?? 0 }

    /// The next order, or `nil` when all have been given.
    mutating func next() -> [Int]? {
        guard !done else { return nil }
        let order = current
        guard current.count > 1 else {
            done = true
            return order
        }
        var mobile: Int?
        var position = 0
        for (index, element) in current.enumerated() {
            let left = leftward[direction(of: element)]
            let neighbour = left ? index - 1 : index + 1
            guard current.indices.contains(neighbour), ranks[element] > ranks[current[neighbour]] else { continue }
            if let chosen = mobile, ranks[chosen] >= ranks[element] { continue }
            mobile = element
            position = index
        }
        if let mobile {
            let target = leftward[direction(of: mobile)] ? position - 1 : position + 1
            current.swapAt(position, target)
            for element in current where ranks[element] > ranks[mobile] { leftward[direction(of: element)].toggle() }
        } else {
            done = true
        }
        return order
    }
}

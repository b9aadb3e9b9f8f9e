import JSONModel

/// Where each claim a Disclosure revealed sits in the processed payload: every path's
/// components in one list, and per claim the range of its path and its Disclosure's position.
///
/// Presentation matches the requested paths against this form, so choosing Disclosures
/// copies no Disclosure and no path; ``DisclosedClaim`` values are made from it only when
/// a caller asks for them.
struct RevealedClaimPaths: Sendable {
    /// One revealed claim: its path's place in ``components`` and its Disclosure's position.
    struct Claim: Sendable {
        let path: Range<Int>
        let disclosureIndex: Int
    }

    private(set) var components: [ClaimPath.Component] = []
    private(set) var claims: [Claim] = []

    /// Room for about `count` claims.
    mutating func reserveCapacity(_ count: Int) {
        components.reserveCapacity(2 * count)
        claims.reserveCapacity(count)
    }

    /// Records that the Disclosure at `disclosureIndex` revealed the claim at `path`.
    mutating func append(_ path: [ClaimPath.Component], disclosureIndex: Int) {
        claims.append(Claim(path: components.count..<components.count + path.count, disclosureIndex: disclosureIndex))
        components.append(contentsOf: path)
    }

    /// The claims as ``DisclosedClaim`` values, each with its Disclosure from `disclosures`.
    func disclosedClaims(of disclosures: [Disclosure]) -> [DisclosedClaim] {
        claims.map {
            DisclosedClaim(
                components: components[$0.path], disclosure: disclosures[$0.disclosureIndex],
                disclosureIndex: $0.disclosureIndex)
        }
    }

    /// Marks, among `disclosureCount` Disclosures, those whose claim contains one of the
    /// concrete paths `targets` (a parent the selected claim cannot be found without) or lies
    /// inside one (part of a selected value).
    func disclosures(onPaths targets: [[ClaimPath.Component]], disclosureCount: Int) -> [Bool] {
        var selected = [Bool](repeating: false, count: disclosureCount)
        components.withUnsafeBufferPointer { revealed in
            for target in targets {
                target.withUnsafeBufferPointer { wanted in
                    for claim in claims where !selected[claim.disclosureIndex]
                        && Self.isPrefix(UnsafeBufferPointer(rebasing: revealed[claim.path]), wanted)
                    {
                        selected[claim.disclosureIndex] = true
                    }
                }
            }
        }
        return selected
    }

    /// Whether one path is a prefix of the other (or they are equal).
    private static func isPrefix(
        _ lhs: UnsafeBufferPointer<ClaimPath.Component>, _ rhs: UnsafeBufferPointer<ClaimPath.Component>
    ) -> Bool {
        for position in 0..<min(lhs.count, rhs.count) where lhs[position] != rhs[position] { return false }
        return true
    }
}

import Foundation
import JSONModel

/// Evaluates a ``DCQLQuery`` against the wallet's credentials (OpenID4VP 1.0 §6.4).
///
/// The result lists every credential that satisfies each credential query and every claim
/// selection it allows, so a wallet can show the user the real choices; it never widens a
/// selection beyond what was asked. A credential that does not satisfy a credential query's
/// format, `meta`, `trusted_authorities`, holder-binding or claims constraints is treated as
/// absent, as the specification requires.
public struct DCQLMatcher: Sendable {
    public init() {}

    /// Matches `query` against `credentials`.
    public func match(_ query: DCQLQuery, against credentials: [any PresentableCredential]) -> DCQLMatchResult {
        let queries = query.credentials.map { credentialQuery in
            CredentialQueryMatch(query: credentialQuery, candidates: candidates(PreparedQuery(credentialQuery), in: credentials))
        }
        let available = Set(queries.filter { !$0.candidates.isEmpty }.map(\.query.id))
        let sets = (query.credentialSets ?? []).map { set in
            CredentialSetMatch(set: set, satisfiableOptions: set.options.filter { $0.allSatisfy(available.contains) })
        }
        return DCQLMatchResult(query: query, queries: queries, sets: sets)
    }

    /// How `credential` satisfies one credential query, or `nil` when it does not. A verifier
    /// can use this to check that a received presentation discloses what it asked for.
    public func match(_ query: CredentialQuery, against credential: any PresentableCredential) -> CredentialMatch? {
        match(PreparedQuery(query), against: credential)
    }

    /// Wallets at least this large are matched on every core.
    static let parallelThreshold = 2_048

    /// The credentials that satisfy `prepared`, in the wallet's order. A large wallet is cut
    /// into one slice per core and the slices are matched at the same time (each credential's
    /// evaluation is independent and reads only immutable values).
    func candidates(_ prepared: PreparedQuery, in credentials: [any PresentableCredential]) -> [CredentialMatch] {
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 16)
        guard credentials.count >= Self.parallelThreshold, cores > 1 else {
            return credentials.compactMap { match(prepared, against: $0) }
        }
        let sliceSize = (credentials.count + cores - 1) / cores
        let slices = SliceResults(count: cores)
        DispatchQueue.concurrentPerform(iterations: cores) { slice in
            let range = (slice * sliceSize)..<min(credentials.count, (slice + 1) * sliceSize)
            guard !range.isEmpty else { return }
            slices.store(credentials[range].compactMap { match(prepared, against: $0) }, at: slice)
        }
        return slices.joined()
    }

    /// The per-slice results of a parallel match, written once each from the worker threads.
    private final class SliceResults: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [[CredentialMatch]]

        init(count: Int) { parts = Array(repeating: [], count: count) }

        func store(_ matches: [CredentialMatch], at index: Int) {
            lock.withLock { parts[index] = matches }
        }

        func joined() -> [CredentialMatch] {
            lock.withLock { parts.flatMap { $0 } }
        }
    }

    /// A credential query with what every credential's evaluation shares worked out once:
    /// each claim set as indices into the claims.
    struct PreparedQuery {
        let query: CredentialQuery
        /// `claim_sets` with each claim id replaced by its index in `claims` (`nil` for an id no
        /// claim has, which makes the option unsatisfiable).
        let claimSetIndices: [[Int?]]?

        init(_ query: CredentialQuery) {
            self.query = query
            guard let claimSets = query.claimSets, let claims = query.claims else {
                claimSetIndices = nil
                return
            }
            var index: [String: Int] = [:]
            for (position, claim) in claims.enumerated() {
                if let id = claim.id, index[id] == nil { index[id] = position }
            }
            claimSetIndices = claimSets.map { ids in ids.map { index[$0] } }
        }
    }

    func match(_ prepared: PreparedQuery, against credential: any PresentableCredential) -> CredentialMatch? {
        let query = prepared.query
        let format = credential.format
        guard format == query.format || Self.isLegacyAlias(format, of: query.format),
              query.meta.isSatisfied(byTypes: credential.typeIdentifiers),
              !query.requiresCryptographicHolderBinding || credential.supportsCryptographicHolderBinding
        else { return nil }
        if let authorities = query.trustedAuthorities, !authorities.contains(where: credential.isCertified(by:)) {
            return nil
        }
        guard let claims = query.claims else {
            return CredentialMatch(credentialID: credential.credentialID, options: [ClaimSelection(claimSetIndex: nil, claims: [])])
        }
        let available = credential.claims
        var resolved: [Resolution?] = []
        resolved.reserveCapacity(claims.count)
        for claim in claims { resolved.append(resolve(claim, in: available)) }
        let options: [ClaimSelection]
        if let claimSetIndices = prepared.claimSetIndices {
            options = claimSetIndices.enumerated().compactMap { index, positions in
                var selected: [DisclosedClaim] = []
                selected.reserveCapacity(positions.count)
                for position in positions {
                    guard let position, let resolution = resolved[position] else { return nil }
                    resolution.append(to: &selected)
                }
                return ClaimSelection(claimSetIndex: index, claims: Self.withoutRepeats(selected))
            }
        } else {
            var selected: [DisclosedClaim] = []
            selected.reserveCapacity(resolved.count)
            for resolution in resolved {
                guard let resolution else { return nil }
                resolution.append(to: &selected)
            }
            options = [ClaimSelection(claimSetIndex: nil, claims: Self.withoutRepeats(selected))]
        }
        guard !options.isEmpty else { return nil }
        return CredentialMatch(credentialID: credential.credentialID, options: options)
    }

    /// What one claims query selected in a credential: one claim (the common case, kept
    /// without an array) or several (a path with `null`).
    enum Resolution {
        case one(DisclosedClaim)
        case many([DisclosedClaim])

        func append(to claims: inout [DisclosedClaim]) {
            switch self {
            case let .one(claim): claims.append(claim)
            case let .many(more): claims.append(contentsOf: more)
            }
        }
    }

    /// The values a claims query selects (after `values` filtering), or `nil` when the claim
    /// is absent or no value is acceptable.
    func resolve(_ claim: ClaimsQuery, in claims: PresentableClaims) -> Resolution? {
        switch claims {
        case let .json(root):
            if let value = Self.value(at: claim.path, in: root) {
                // A path without wildcards selects at most one value and is its own concrete
                // path: no selection list to build (the common case, and the hot one).
                return claim.accepts(value) ? .one(DisclosedClaim(path: claim.path, value: value, claimQueryID: claim.id)) : nil
            }
            guard claim.path.components.contains(.allElements), let matches = try? claim.path.select(in: root) else { return nil }
            let accepted = matches.filter { claim.accepts($0.value) }
            guard !accepted.isEmpty else { return nil }
            return .many(accepted.compactMap { match in
                (try? ClaimPath(match.path)).map { DisclosedClaim(path: $0, value: match.value, claimQueryID: claim.id) }
            })
        case let .mdoc(namespaces):
            guard claim.path.components.count == 2,
                  case let .key(namespace) = claim.path.components[0],
                  case let .key(element) = claim.path.components[1],
                  let value = namespaces[namespace]?[element], claim.accepts(value)
            else { return nil }
            return .one(DisclosedClaim(path: claim.path, value: value, claimQueryID: claim.id))
        }
    }

    /// The value a wildcard-free path points at, or `nil` (also for paths with `null`).
    private static func value(at path: ClaimPath, in root: JSONValue) -> JSONValue? {
        var current = root
        for component in path.components {
            switch component {
            case let .key(name):
                guard case let .object(object) = current, let next = object[name] else { return nil }
                current = next
            case let .index(index):
                guard case let .array(array) = current, array.indices.contains(index) else { return nil }
                current = array[index]
            case .allElements:
                return nil
            }
        }
        return current
    }

    private static func isLegacyAlias(_ format: String, of requested: String) -> Bool {
        isSDJWTVC(format) && isSDJWTVC(requested)
    }

    private static func isSDJWTVC(_ format: String) -> Bool {
        format == CredentialFormatIdentifier.sdJWTVC || format == CredentialFormatIdentifier.legacySDJWTVC
    }

    /// Two claims queries may point at the same claim (the specification tells wallets to
    /// ignore such repeats); disclose it once.
    private static func withoutRepeats(_ claims: [DisclosedClaim]) -> [DisclosedClaim] {
        // Selections are short: a linear scan beats hashing every path.
        guard claims.count > 1 else { return claims }
        var kept: [DisclosedClaim] = []
        kept.reserveCapacity(claims.count)
        for claim in claims where !kept.contains(where: { $0.path == claim.path }) {
            kept.append(claim)
        }
        return kept
    }
}

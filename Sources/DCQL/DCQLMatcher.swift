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
            CredentialQueryMatch(
                query: credentialQuery,
                candidates: credentials.compactMap { match(credentialQuery, against: $0) })
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
        guard credential.format == query.format || Self.isLegacyAlias(credential.format, of: query.format),
              query.meta.isSatisfied(byTypes: credential.typeIdentifiers),
              !query.requiresCryptographicHolderBinding || credential.supportsCryptographicHolderBinding
        else { return nil }
        if let authorities = query.trustedAuthorities, !authorities.contains(where: credential.isCertified(by:)) {
            return nil
        }
        guard let claims = query.claims else {
            return CredentialMatch(credentialID: credential.credentialID, options: [ClaimSelection(claimSetIndex: nil, claims: [])])
        }
        let resolved = claims.map { resolve($0, in: credential.claims) }
        let options: [ClaimSelection]
        if let claimSets = query.claimSets {
            var byID: [String: [DisclosedClaim]] = [:]
            for (claim, disclosed) in zip(claims, resolved) {
                if let id = claim.id, let disclosed { byID[id] = disclosed }
            }
            options = claimSets.enumerated().compactMap { index, ids in
                var selected: [DisclosedClaim] = []
                for id in ids {
                    guard let disclosed = byID[id] else { return nil }
                    selected.append(contentsOf: disclosed)
                }
                return ClaimSelection(claimSetIndex: index, claims: Self.withoutRepeats(selected))
            }
        } else {
            guard resolved.allSatisfy({ $0 != nil }) else { return nil }
            options = [ClaimSelection(claimSetIndex: nil, claims: Self.withoutRepeats(resolved.flatMap { $0 ?? [] }))]
        }
        guard !options.isEmpty else { return nil }
        return CredentialMatch(credentialID: credential.credentialID, options: options)
    }

    /// The values a claims query selects (after `values` filtering), or `nil` when the claim
    /// is absent or no value is acceptable.
    func resolve(_ claim: ClaimsQuery, in claims: PresentableClaims) -> [DisclosedClaim]? {
        switch claims {
        case let .json(root):
            if let value = Self.value(at: claim.path, in: root) {
                // A path without wildcards selects at most one value and is its own concrete
                // path: no selection list to build (the common case, and the hot one).
                return claim.accepts(value) ? [DisclosedClaim(path: claim.path, value: value, claimQueryID: claim.id)] : nil
            }
            guard claim.path.components.contains(.allElements), let matches = try? claim.path.select(in: root) else { return nil }
            let accepted = matches.filter { claim.accepts($0.value) }
            guard !accepted.isEmpty else { return nil }
            return accepted.compactMap { match in
                (try? ClaimPath(match.path)).map { DisclosedClaim(path: $0, value: match.value, claimQueryID: claim.id) }
            }
        case let .mdoc(namespaces):
            guard claim.path.components.count == 2,
                  case let .key(namespace) = claim.path.components[0],
                  case let .key(element) = claim.path.components[1],
                  let value = namespaces[namespace]?[element], claim.accepts(value)
            else { return nil }
            return [DisclosedClaim(path: claim.path, value: value, claimQueryID: claim.id)]
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
        let sdJWTVC: Set = [CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.legacySDJWTVC]
        return sdJWTVC.contains(format) && sdJWTVC.contains(requested)
    }

    /// Two claims queries may point at the same claim (the specification tells wallets to
    /// ignore such repeats); disclose it once.
    private static func withoutRepeats(_ claims: [DisclosedClaim]) -> [DisclosedClaim] {
        var seen: Set<ClaimPath> = []
        return claims.filter { seen.insert($0.path).inserted }
    }
}

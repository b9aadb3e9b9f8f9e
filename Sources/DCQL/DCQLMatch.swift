import JSONModel

/// One claim a presentation would disclose.
public struct DisclosedClaim: Sendable, Hashable {
    /// The concrete path (names and indices only) to the disclosed value; for an mdoc
    /// `[namespace, element]`.
    public let path: ClaimPath
    /// The value that would be disclosed.
    public let value: JSONValue
    /// The id of the claims query that asked for it, if it had one.
    public let claimQueryID: String?
}

/// One way a credential can answer a credential query: which claims it would disclose.
public struct ClaimSelection: Sendable, Hashable {
    /// The index into the query's `claim_sets` this option satisfies (0 is the verifier's
    /// preference), or `nil` when the query has no claim sets.
    public let claimSetIndex: Int?
    /// Exactly the claims asked for: no more (data minimisation), in query order.
    public let claims: [DisclosedClaim]
}

/// A stored credential that satisfies a credential query, with every acceptable claim
/// selection, most preferred first.
public struct CredentialMatch: Sendable, Hashable {
    /// The wallet's credential id.
    public let credentialID: String
    /// The acceptable selections; never empty. The first is the one to propose.
    public let options: [ClaimSelection]
}

/// The candidates for one credential query.
public struct CredentialQueryMatch: Sendable, Hashable {
    /// The credential query.
    public let query: CredentialQuery
    /// Every stored credential that satisfies it, in the order they were given.
    public let candidates: [CredentialMatch]
}

/// How far a credential set query can be satisfied.
public struct CredentialSetMatch: Sendable, Hashable {
    /// The set query.
    public let set: CredentialSetQuery
    /// The options whose every credential query has at least one candidate, in the
    /// verifier's order.
    public let satisfiableOptions: [[String]]

    /// Whether at least one option can be satisfied.
    public var isSatisfiable: Bool { !satisfiableOptions.isEmpty }
}

/// One credential chosen to answer a credential query, with the claims it will disclose.
public struct PresentationChoice: Sendable, Hashable {
    /// The wallet's credential id.
    public let credentialID: String
    /// The claims to disclose.
    public let selection: ClaimSelection
}

/// The credentials chosen to answer a query, keyed by credential query id; the shape of the
/// `vp_token` that will be sent.
public struct DCQLSelection: Sendable, Hashable {
    /// Credential query id → chosen credentials (one unless the query allows `multiple`).
    public let choices: [String: [PresentationChoice]]

    /// Every claim the presentation would disclose, by credential query id, for a consent
    /// screen.
    public var disclosedClaims: [String: [DisclosedClaim]] {
        choices.mapValues { $0.flatMap(\.selection.claims) }
    }
}

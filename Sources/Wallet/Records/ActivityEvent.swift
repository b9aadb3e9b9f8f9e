import Foundation

/// One entry of the wallet's activity log: a credential received, presented or deleted.
///
/// The log lets a holder see who learned what and when. The kind and time are stored in
/// clear (they order and page the log); everything naming a credential, a counterparty or a
/// claim is encrypted, because the disclosed claims reveal the holder's data.
public struct ActivityEvent: Sendable, Hashable, Identifiable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Credentials were received from an issuer.
        case issuance
        /// Credentials were presented to a verifier.
        case presentation
        /// A credential was deleted from the wallet.
        case deletion
    }

    /// The entry's id (a random UUID).
    public let id: String
    /// What happened.
    public let kind: Kind
    /// When it happened.
    public let occurredAt: Date
    /// The credentials involved.
    public let credentialIDs: [String]
    /// The issuer or verifier (its identifier, e.g. a client id or issuer URL), if any.
    public let counterparty: String?
    /// A name to show for the counterparty.
    public let counterpartyName: String?
    /// The claims disclosed, as paths (`address.street_address`, `org.iso.18013.5.1/age_over_18`).
    public let disclosedClaims: [String]
    /// How it ended, for a presentation: `accepted`, `rejected: <error>`, `declined`,
    /// `failed: <reason>`; `nil` for entries that have no outcome.
    public let outcome: String?

    /// Makes an entry; ``WalletStore/recordActivity(_:)`` stores it.
    public init(
        id: String = UUID().uuidString, kind: Kind, occurredAt: Date, credentialIDs: [String],
        counterparty: String? = nil, counterpartyName: String? = nil, disclosedClaims: [String] = [],
        outcome: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.credentialIDs = credentialIDs
        self.counterparty = counterparty
        self.counterpartyName = counterpartyName
        self.disclosedClaims = disclosedClaims
        self.outcome = outcome
    }
}

/// The encrypted part of an ``ActivityEvent``.
struct ActivityDetails: Codable {
    var credentialIDs: [String]
    var counterparty: String?
    var counterpartyName: String?
    var disclosedClaims: [String]
    var outcome: String?
}

import Foundation

/// One scanned exchange the sandbox serves: a Credible-style credential offer, a Credible-style
/// presentation request (DID authentication or a query by example), or a VC-API exchange
/// (DID authentication, then the credential delivered in a presentation).
public struct SandboxExchange: Sendable, Hashable, Codable {
    /// What the exchange asks of the holder.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A `CredentialOffer` of a diploma, POSTed `subject_id`.
        case offer
        /// A `CredentialOffer` whose `expires` has already passed, for tests of the refusal.
        case expiredOffer = "expired-offer"
        /// A `VerifiablePresentationRequest` with a `DIDAuthentication` query.
        case didAuthentication = "did-authentication"
        /// A `VerifiablePresentationRequest` with a `QueryByExample` for the sandbox's diploma.
        case queryByExample = "query-by-example"
        /// A VC-API exchange: `POST {}` answers a DID authentication request; the answer's
        /// presentation gets the diploma back.
        case vcAPI = "vc-api"

        /// The path the exchange is served under.
        var pathPrefix: String {
            switch self {
            case .offer, .expiredOffer: "/credible/offers/"
            case .didAuthentication, .queryByExample: "/credible/requests/"
            case .vcAPI: "/exchanges/"
            }
        }
    }

    /// Where the exchange stands.
    public enum State: String, Sendable, Hashable, Codable {
        /// Created; nothing received from a wallet yet.
        case pending
        /// The wallet fetched the message.
        case fetched
        /// The wallet's answer was accepted (a credential issued, a presentation verified).
        case completed
        /// The wallet's answer was refused; ``SandboxExchange/error`` says why.
        case failed
    }

    /// The exchange's identifier (random, in its URL).
    public let id: String
    /// What it asks.
    public let kind: Kind
    /// The challenge a presentation must be bound to.
    public let challenge: String
    /// Where it stands.
    public internal(set) var state: State = .pending
    /// How many requests reached it.
    public internal(set) var requestCount = 0
    /// The holder DID that completed it.
    public internal(set) var holder: String?
    /// Why the last answer was refused.
    public internal(set) var error: String?

    init(kind: Kind) {
        id = UUID().uuidString.lowercased()
        self.kind = kind
        challenge = UUID().uuidString.lowercased()
    }
}

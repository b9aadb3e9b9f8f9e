import Foundation

/// The holder's rules for a scanned exchange, applied before anything is sent: an expired
/// offer is not accepted, and a presentation request must carry a challenge and may name
/// only the domain it was fetched from.
///
/// Each rule is a check a caller can run on its own or skip by building its own policy.
public struct ExchangePolicy: Sendable {
    /// Whether a request without `challenge` is refused (default `true`: the proof would have
    /// nothing to bind it to one exchange).
    public var requiresChallenge: Bool
    /// Whether a request's `domain` must be the host it was fetched from (default `true`).
    public var requiresMatchingDomain: Bool

    /// A policy; every rule on by default.
    public init(requiresChallenge: Bool = true, requiresMatchingDomain: Bool = true) {
        self.requiresChallenge = requiresChallenge
        self.requiresMatchingDomain = requiresMatchingDomain
    }

    /// Refuses an offer that has expired at `time`.
    public func check(_ offer: QRCredentialOffer, at time: Date) throws(QRExchangeError) {
        if let expires = offer.expires, expires < time { throw .offerExpired(expires) }
    }

    /// Refuses a request fetched from `url` that has no challenge, or whose `domain` is not
    /// `url`'s host without the port (compared case-insensitively, as host names are).
    public func check(_ request: VerifiablePresentationRequest, from url: URL) throws(QRExchangeError) {
        if requiresChallenge, (request.challenge ?? "").isEmpty { throw .missingChallenge }
        guard requiresMatchingDomain, let domain = request.domain else { return }
        let host = (url.host ?? "").lowercased()
        guard domain.lowercased() == host else { throw .domainMismatch(expected: host, found: domain) }
    }
}

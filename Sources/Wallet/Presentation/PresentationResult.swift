import Foundation

/// What became of a presentation or a refusal the wallet sent, as recorded in the activity log.
public struct PresentationResult: Sendable, Hashable {
    /// The verifier's answer.
    public enum Outcome: Sendable, Hashable {
        /// The verifier accepted the presentations (HTTP 2xx); follow `redirectURI` if given.
        case accepted(redirectURI: URL?)
        /// The verifier answered with an OAuth error: it did not accept the response.
        case rejected(error: String, description: String?)
        /// A redirect response mode: open this URI to deliver the response. Whether the
        /// verifier accepts it is not known to the wallet.
        case redirect(URL)
        /// The wallet sent `access_denied` (the user declined, or nothing matched) and the
        /// verifier acknowledged it; follow `redirectURI` if given.
        case declined(redirectURI: URL?)
    }

    /// The verifier's answer.
    public let outcome: Outcome
    /// Who the response went to.
    public let verifier: PresentationProposal.Verifier
    /// The claims disclosed, by credential query id (empty for a refusal).
    public let disclosedClaims: [String: [PresentationProposal.Claim]]
    /// The credentials presented, by credential query id (empty for a refusal).
    public let presentedCredentials: [String: [String]]

    /// Whether the verifier accepted the presentations.
    public var isAccepted: Bool {
        if case .accepted = outcome { return true }
        return false
    }

    /// The URI to open next (the verifier's redirect), if any.
    public var redirectURI: URL? {
        switch outcome {
        case let .accepted(uri), let .declined(uri): uri
        case let .redirect(uri): uri
        case .rejected: nil
        }
    }

    /// A short word for the activity log and scripts: `accepted`, `rejected: <error>`,
    /// `redirect`, `declined`.
    public var summary: String {
        switch outcome {
        case .accepted: "accepted"
        case let .rejected(error, _): "rejected: \(error)"
        case .redirect: "redirect"
        case .declined: "declined"
        }
    }
}

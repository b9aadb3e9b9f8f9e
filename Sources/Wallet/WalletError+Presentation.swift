import OpenID4VP

extension WalletError {
    /// Why a presentation request could not be answered, in terms a caller can act on.
    ///
    /// A request the wallet refuses (``request(_:)``: bad signature, untrusted or mismatched
    /// verifier, malformed query) is never answered, so no `vp_token` leaves the wallet; a
    /// selection that does not answer the query (``invalidSelection(_:)``) or a request nothing
    /// matches (``unsatisfiable``) sends nothing either until the caller declines explicitly.
    public enum Presentation: Error, Equatable, Sendable, CustomStringConvertible {
        /// The request could not be read, its verifier authenticated, or the response sent; the
        /// OpenID4VP error says which.
        case request(OpenID4VPError)
        /// The stored credentials cannot satisfy the request; decline it instead.
        case unsatisfiable
        /// The chosen credentials do not answer the query (unknown query or credential, several
        /// for a query without `multiple`, a required set left out).
        case invalidSelection(String)
        /// A chosen credential cannot be presented (no holder key, unreadable record, format the
        /// wallet cannot present); the text says which.
        case credentialUnusable(id: String, reason: String)
        /// The request's nonce (its decimal value) was answered before: a replayed request is
        /// refused before any proof is built, so one nonce gets at most one proof from this
        /// wallet.
        case replayedNonce(String)

        /// A message for a person or a log.
        public var description: String {
            switch self {
            case let .request(error): error.description
            case .unsatisfiable: "the wallet holds no credentials that satisfy the request"
            case let .invalidSelection(reason): "the selection does not answer the request: \(reason)"
            case let .credentialUnusable(id, reason): "credential \(id) cannot be presented: \(reason)"
            case let .replayedNonce(nonce): "a proof request with nonce \(nonce) was answered before; a replayed request is not answered again"
            }
        }
    }
}

extension WalletError {
    // The wallet's own throw sites name the presentation reason directly
    // (`throw .invalidSelection(…)`); callers match `.presentationFailed(.invalidSelection)`.

    /// ``presentationFailed(_:)`` with ``Presentation/request(_:)``.
    static func request(_ error: OpenID4VPError) -> WalletError { .presentationFailed(.request(error)) }
    /// ``presentationFailed(_:)`` with ``Presentation/unsatisfiable``.
    static var unsatisfiable: WalletError { .presentationFailed(.unsatisfiable) }
    /// ``presentationFailed(_:)`` with ``Presentation/invalidSelection(_:)``.
    static func invalidSelection(_ reason: String) -> WalletError { .presentationFailed(.invalidSelection(reason)) }
    /// ``presentationFailed(_:)`` with ``Presentation/credentialUnusable(id:reason:)``.
    static func credentialUnusable(id: String, reason: String) -> WalletError {
        .presentationFailed(.credentialUnusable(id: id, reason: reason))
    }
}

import OpenID4VP

/// Why a presentation request could not be answered, in terms a caller can act on.
///
/// A request the wallet refuses (``request(_:)``: bad signature, untrusted or mismatched
/// verifier, malformed query) is never answered, so no `vp_token` leaves the wallet; a
/// selection that does not answer the query (``invalidSelection(_:)``) or a request nothing
/// matches (``unsatisfiable``) sends nothing either until the caller declines explicitly.
public enum PresentationError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// The wallet's storage or keys failed.
    case wallet(WalletError)

    /// A message for a person or a log.
    public var description: String {
        switch self {
        case let .request(error): error.description
        case .unsatisfiable: "the wallet holds no credentials that satisfy the request"
        case let .invalidSelection(reason): "the selection does not answer the request: \(reason)"
        case let .credentialUnusable(id, reason): "credential \(id) cannot be presented: \(reason)"
        case let .wallet(error): error.description
        }
    }
}

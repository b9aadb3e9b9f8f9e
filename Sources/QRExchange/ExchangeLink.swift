import Foundation
import HTTP

/// A link a holder scanned, by the protocol it starts.
///
/// Credible's links are plain URLs that answer a message to a `GET`. A VC-API exchange
/// (`…/exchanges/{id}`, also under `…/workflows/{id}/`) starts with a `POST` of `{}`; an
/// interaction URL (`…?iuv=1`) answers a `GET` with the protocols it offers, of which the
/// holder takes `vcapi`.
public enum ExchangeLink: Sendable, Equatable {
    /// `GET` it for a `CredentialOffer` or a `VerifiablePresentationRequest`.
    case message(URL)
    /// A VC-API exchange to start with `POST {}`.
    case exchange(URL)
    /// An interaction URL to ask for its protocols.
    case interaction(URL)

    /// Classifies `text`; anything but an absolute `https` URL, or `http` to a loopback
    /// host (127.0.0.0/8, `::1`, `localhost`), is ``QRExchangeError/invalidLink(_:)``.
    public init(_ text: String) throws(QRExchangeError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
              scheme == "https" || (scheme == "http" && HTTPClientPolicy.isLoopback(host: host))
        else { throw .invalidLink(trimmed) }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if query.contains(where: { $0.name == "iuv" && $0.value == "1" }) {
            self = .interaction(url)
        } else if Self.isExchangePath(url.path) {
            self = .exchange(url)
        } else {
            self = .message(url)
        }
    }

    /// The URL.
    public var url: URL {
        switch self {
        case .message(let url), .exchange(let url), .interaction(let url): url
        }
    }

    /// `…/exchanges/{id}` (with nothing after the id), as VC-API names an exchange.
    static func isExchangePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return false }
        return parts[parts.count - 2] == "exchanges"
    }
}

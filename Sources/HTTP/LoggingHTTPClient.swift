import Foundation
import Logging

/// An ``HTTPClient`` that logs each exchange through swift-log — the method, where it went
/// and what came back — and never what could be a secret.
///
/// Why by construction: an SDK's debug log ends up in bug reports. The requests a wallet makes
/// carry pre-authorized codes and transaction codes (form bodies), access tokens and DPoP
/// proofs (headers), request and state handles (queries), credentials and presentations
/// (bodies). So the log gets the URL's scheme, host, port and path only (never the query or
/// fragment), header *names* only (at trace level), body sizes only, and for a failure the
/// kind of ``HTTPError``, not its text (which may quote a URL).
public struct LoggingHTTPClient: HTTPClient {
    /// The client that does the work.
    public let base: any HTTPClient
    /// Where the lines go.
    public let logger: Logger

    /// Logs `base`'s exchanges to `logger`.
    public init(_ base: any HTTPClient, logger: Logger) {
        self.base = base
        self.logger = logger
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let target = Self.loggable(request.url)
        logger.debug("HTTP request", metadata: ["method": "\(request.method.rawValue)", "url": "\(target)"])
        logger.trace("HTTP request detail", metadata: [
            "headers": .array(request.headers.map { .string($0.name) }), "bodyBytes": "\(request.body?.count ?? 0)",
        ])
        do {
            let response = try await base.send(request)
            logger.debug("HTTP response", metadata: [
                "url": "\(target)", "status": "\(response.status)", "bodyBytes": "\(response.body.count)",
            ])
            logger.trace("HTTP response detail", metadata: ["headers": .array(response.headers.map { .string($0.name) })])
            return response
        } catch {
            logger.debug("HTTP failure", metadata: ["url": "\(target)", "error": "\(Self.caseName(of: error))"])
            throw error
        }
    }

    /// The case of an enum value without its associated values (an error's, a grant's, an
    /// outcome's): what a log may say of a value whose text could quote a URL, a code or a token.
    public static func caseName(of value: Any) -> String {
        String(describing: value).prefix { $0 != "(" }.description
    }

    /// `scheme://host[:port]/path`: what a log may show of a URL.
    public static func loggable(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(unreadable URL)" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? "(unreadable URL)"
    }
}

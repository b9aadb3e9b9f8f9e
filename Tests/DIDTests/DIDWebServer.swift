import Hummingbird
import VellumTestSupport

/// A did:web host on 127.0.0.1 for the resolver tests: serves fixed DID documents at fixed
/// paths (``LoopbackPages``).
struct DIDWebServer {
    /// A canned response, served as `application/did+json`.
    struct Page: Sendable {
        var status: HTTPResponse.Status = .ok
        var body: String
    }

    /// Runs a server with `pages` (path → page, made from the port), gives `body` the
    /// `did:web` host part (`127.0.0.1%3A<port>`), then shuts the server down gracefully.
    static func with(
        pages: @escaping @Sendable (Int) -> [String: Page],
        _ body: @Sendable (String) async throws -> Void
    ) async throws {
        try await LoopbackPages.serve(label: "did-web-test", pages: { port in
            pages(port).mapValues { LoopbackPages.Page(status: $0.status, contentType: "application/did+json", body: $0.body) }
        }) { port in
            try await body("127.0.0.1%3A\(port)")
        }
    }
}

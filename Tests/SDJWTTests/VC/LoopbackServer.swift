import VellumTestSupport

/// An issuer host on 127.0.0.1 (an ephemeral port, plain HTTP, which the HTTP module allows
/// for loopback only): serves fixed bodies at fixed paths (``LoopbackPages``).
enum LoopbackServer {
    typealias Page = LoopbackPages.Page

    /// Runs a server with `pages` (made from the base URL `http://127.0.0.1:<port>`), gives
    /// `body` the base URL, then shuts the server down.
    static func with(
        pages: @escaping @Sendable (String) -> [String: Page],
        _ body: @Sendable (String) async throws -> Void
    ) async throws {
        try await LoopbackPages.serve(label: "sd-jwt-vc-test", pages: { pages(base($0)) }) { port in
            try await body(base(port))
        }
    }

    static func base(_ port: Int) -> String { "http://127.0.0.1:\(port)" }
}

import Foundation
import Hummingbird
import NIOCore
import VellumTestSupport

/// A did:web host on 127.0.0.1 for the resolver tests: serves fixed bodies at fixed paths
/// over plain HTTP (which the HTTP module allows for loopback only).
struct DIDWebServer {
    /// A canned response.
    struct Page: Sendable {
        var status: HTTPResponse.Status = .ok
        var body: String
    }

    /// Runs a server with `pages` (path → page), gives `body` the `did:web` host part
    /// (`127.0.0.1%3A<port>`), then shuts the server down gracefully.
    static func with(
        pages: @escaping @Sendable (Int) -> [String: Page],
        _ body: @Sendable (String) async throws -> Void
    ) async throws {
        let router = Router()
        let box = PortBox()
        router.get("**") { request, _ -> Response in
            let page = pages(box.port)[request.uri.path] ?? Page(status: .notFound, body: "not found")
            return Response(
                status: page.status, headers: [.contentType: "application/did+json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: "did-web-test") { port in
            box.port = port
            try await body("127.0.0.1%3A\(port)")
        }
    }
}

/// The server's port, set once it is known and read by the route handler.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var port: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

import Foundation
import Hummingbird
import NIOCore
import VellumTestSupport

/// An issuer host on 127.0.0.1 (an ephemeral port, plain HTTP, which the HTTP module allows
/// for loopback only): serves fixed bodies at fixed paths and counts the requests.
struct LoopbackServer {
    struct Page: Sendable {
        var status: HTTPResponse.Status = .ok
        var contentType = "application/json"
        var body: String
    }

    /// Runs a server with `pages` (made from the base URL `http://127.0.0.1:<port>`), gives
    /// `body` the base URL, then shuts the server down.
    static func with(
        pages: @escaping @Sendable (String) -> [String: Page],
        _ body: @Sendable (String) async throws -> Void
    ) async throws {
        let router = Router()
        let box = BaseBox()
        router.get("**") { request, _ -> Response in
            let page = pages(box.base)[request.uri.path] ?? Page(status: .notFound, body: "not found")
            return Response(
                status: page.status, headers: [.contentType: page.contentType],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: "sd-jwt-vc-test") { port in
            box.base = "http://127.0.0.1:\(port)"
            try await body(box.base)
        }
    }
}

/// The server's base URL, set once the port is known and read by the route handler.
final class BaseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""
    var base: String {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

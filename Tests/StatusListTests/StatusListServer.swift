import Foundation
import Hummingbird
import NIOCore
import VellumTestSupport

/// A status provider on 127.0.0.1 (OS-assigned port) for the resolver tests: serves
/// whatever the test put at a path, counts requests and remembers the `Accept` header.
final class StatusListServer: @unchecked Sendable {
    struct Page: Sendable {
        var status: HTTPResponse.Status = .ok
        var contentType: String?
        var body: Data
    }

    private let lock = NSLock()
    private var pages: [String: Page] = [:]
    private var hits: [String: Int] = [:]
    private var accept: String?

    /// Puts `page` at `path`.
    func serve(_ page: Page, at path: String) { lock.withLock { pages[path] = page } }

    /// How many requests reached `path`.
    func hitCount(_ path: String) -> Int { lock.withLock { hits[path] ?? 0 } }

    /// The `Accept` header of the latest request.
    var lastAccept: String? { lock.withLock { accept } }

    private func respond(path: String, accept: String?) -> Page {
        lock.withLock {
            hits[path, default: 0] += 1
            self.accept = accept
            return pages[path] ?? Page(status: .notFound, contentType: "text/plain", body: Data("not found".utf8))
        }
    }

    /// Runs the server, hands `body` its base URL (`http://127.0.0.1:<port>`), then shuts it
    /// down gracefully.
    func run(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            let page = respond(path: request.uri.path, accept: request.headers[.accept])
            var headers = HTTPFields()
            if let contentType = page.contentType { headers[.contentType] = contentType }
            return Response(status: page.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: "status-list-test") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }
}

import Hummingbird
import NIOCore

/// Fixed pages on 127.0.0.1 for one test: what a did:web host, an issuer's metadata host or a
/// type metadata host serves, over plain HTTP (which the HTTP module allows for loopback only).
///
/// The pages are made from the server's port, so a page can name its own URL; they are made
/// again for every request, so a test can change what it publishes while the server runs.
public enum LoopbackPages {
    /// A canned response.
    public struct Page: Sendable {
        public var status: HTTPResponse.Status
        public var contentType: String
        public var body: String

        public init(status: HTTPResponse.Status = .ok, contentType: String = "application/json", body: String) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    /// Serves `pages` (path → page, made from the port) while `body` runs with the port, then
    /// shuts the server down; a path without a page answers 404.
    public static func serve(
        label: String, pages: @escaping @Sendable (_ port: Int) -> [String: Page], _ body: (_ port: Int) async throws -> Void
    ) async throws {
        let router = Router()
        let port = Locked(0)
        router.get("**") { request, _ -> Response in
            let page = pages(port.value)[request.uri.path] ?? Page(status: .notFound, body: "not found")
            return Response(
                status: page.status, headers: [.contentType: page.contentType],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: label) { bound in
            port.value = bound
            try await body(bound)
        }
    }
}

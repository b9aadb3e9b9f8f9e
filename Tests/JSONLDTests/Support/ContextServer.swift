import Foundation
import HTTP
import Hummingbird
import JSONLD
import VellumTestSupport

/// A loopback server for the remote loader tests: serves what a test put at a path (a
/// document, a redirect, a slow answer) and counts requests per path.
final class ContextServer: @unchecked Sendable {
    struct Page: Sendable {
        var status: HTTPResponse.Status = .ok
        var contentType: String? = "application/ld+json"
        var location: String?
        var delay: Duration?
        var body: Data = Data()
    }

    private let lock = NSLock()
    private var pages: [String: Page] = [:]
    private var hits: [String: Int] = [:]

    func serve(_ page: Page, at path: String) { lock.withLock { pages[path] = page } }

    func hitCount(_ path: String) -> Int { lock.withLock { hits[path] ?? 0 } }

    private func page(for path: String) -> Page {
        lock.withLock {
            hits[path, default: 0] += 1
            return pages[path] ?? Page(status: .notFound, contentType: "text/plain", body: Data("not found".utf8))
        }
    }

    /// Runs the server and hands `body` its base URL (`http://127.0.0.1:<port>`).
    func run(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            let page = page(for: request.uri.path)
            if let delay = page.delay { try? await Task.sleep(for: delay) }
            var headers = HTTPFields()
            if let contentType = page.contentType { headers[.contentType] = contentType }
            if let location = page.location { headers[.location] = location }
            return Response(status: page.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: "jsonld-context-test") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }
}

/// The fetcher a wallet would write over the project's HTTP client: one request, no redirects
/// followed, HTTP errors mapped to the loader's.
struct HTTPClientFetcher: DocumentFetcher {
    let client: URLSessionHTTPClient

    init() {
        client = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(5), redirects: .never))
    }

    func fetch(_ url: String, maximumBytes: Int) async throws(DocumentLoadingError) -> FetchedDocument {
        guard let target = URL(string: url) else { throw .transport(url: url, reason: "not a URL") }
        let request = HTTP.HTTPRequest(url: target, headers: ["Accept": "application/ld+json, application/json"])
        do {
            let response = try await client.send(request)
            return FetchedDocument(
                status: response.status, contentType: response.mediaType,
                location: response.headers["Location"], body: Array(response.body))
        } catch {
            switch error {
            case .timeout: throw .timedOut(url: url)
            case let .tooLarge(limit): throw .tooLarge(url: url, limit: limit)
            default: throw .transport(url: url, reason: "\(error)")
            }
        }
    }
}

/// A fetcher that must not be reached.
struct UnreachableFetcher: DocumentFetcher {
    func fetch(_ url: String, maximumBytes: Int) async throws(DocumentLoadingError) -> FetchedDocument {
        throw .transport(url: url, reason: "the fetcher was called")
    }
}

import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

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
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let logger = Logger(label: "status-list-test", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var port = 0
            for await value in ports { port = value }
            do {
                guard port > 0 else { throw CancellationError() }
                try await body("http://127.0.0.1:\(port)")
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

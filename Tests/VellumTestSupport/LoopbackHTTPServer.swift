import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Runs a Hummingbird router on 127.0.0.1 with an OS-assigned port for one test: the
/// `HTTP` module allows plain HTTP only for loopback, which is what the did:web, status
/// list and SD-JWT VC tests need. Each test keeps its own routes; this owns the start, the
/// port hand-over and the graceful shutdown (cancelling the task instead would not stop
/// the server cleanly).
public enum LoopbackHTTPServer {
    /// Serves `router` while `body` runs with the port, then shuts the server down, also
    /// when `body` throws.
    public static func run(
        _ router: Router<BasicRequestContext>, label: String, _ body: (Int) async throws -> Void
    ) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let logger = Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
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
                try await body(port)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

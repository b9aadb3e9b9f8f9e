import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server on a loopback address for the time a caller needs one: the sandbox's
/// issuer and verifier, the CLI's RFC 8252 redirect receiver, and the tests' hostile and fake
/// servers all start, learn their port and stop the same way.
///
/// It lives beside the sandbox, not in an SDK module, so an app that links the wallet never
/// links a server. Bind `127.0.0.1` explicitly (Hummingbird's `localhost` may pick `::1`), and
/// stop with ``stop()`` rather than by cancelling a task: the graceful shutdown finishes the
/// requests in flight and releases the port.
public struct LoopbackServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Why a server could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Starts `responder` on `host:port` (0: any free port) and returns once it listens.
    public static func start(
        _ responder: some HTTPResponder<BasicRequestContext>, host: String = "127.0.0.1", port: Int = 0,
        serverName: String? = nil, label: String = "vellum.loopback"
    ) async throws(StartFailure) -> LoopbackServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let logger = Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: serverName),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var bound = 0
        for await value in ports { bound = value }
        guard bound > 0 else {
            await group.triggerGracefulShutdown()
            switch await task.result {
            case let .failure(error): throw StartFailure(description: "\(error)")
            case .success: throw StartFailure(description: "the server stopped before it listened")
            }
        }
        return LoopbackServer(port: bound, group: group, task: task)
    }

    /// Starts `router` on `host:port`; see ``start(_:host:port:serverName:label:)``.
    public static func start(
        router: Router<BasicRequestContext>, host: String = "127.0.0.1", port: Int = 0, label: String = "vellum.loopback"
    ) async throws(StartFailure) -> LoopbackServer {
        try await start(router.buildResponder(), host: host, port: port, label: label)
    }

    /// Serves `router` on 127.0.0.1 while `body` runs with the port, then stops, also when
    /// `body` throws.
    public static func run<T: Sendable>(
        _ router: Router<BasicRequestContext>, label: String = "vellum.loopback", _ body: (Int) async throws -> T
    ) async throws -> T {
        let server = try await start(router: router, label: label)
        do {
            let result = try await body(server.port)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops accepting requests, finishes the ones in flight and waits for the server to end.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

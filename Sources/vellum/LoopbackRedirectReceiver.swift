import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Receives one OAuth authorization redirect on a loopback port, as a native app does
/// (RFC 8252 §7.3).
///
/// The listener binds `127.0.0.1` with an OS-chosen port, so no other app's fixed port can
/// be hijacked and nothing is reachable from the network. The redirect URI is known only once
/// the port is, so the caller receives it in `authorize`, starts the authorization there (PAR,
/// opening the browser) and returns; the receiver then waits for the browser's request to
/// the callback path and answers it with a page saying the window can be closed.
struct LoopbackRedirectReceiver {
    /// Why no redirect arrived.
    enum Failure: Error, CustomStringConvertible {
        case timedOut(Duration)
        case listenerFailed

        var description: String {
            switch self {
            case let .timedOut(limit): "no authorization redirect arrived within \(limit)"
            case .listenerFailed: "could not listen on a loopback port for the authorization redirect"
            }
        }
    }

    /// The path the redirect URI names.
    var callbackPath = "/callback"
    /// How long to wait for the user to finish in the browser.
    var timeout: Duration = .seconds(300)

    /// Listens, hands `authorize` the redirect URI, and returns the full URL the browser was
    /// redirected to (with `code`, `state`, `iss` or `error`).
    func receive(authorize: @Sendable (URL) async throws -> Void) async throws -> URL {
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let (redirects, redirectContinuation) = AsyncStream<String>.makeStream()
        let router = Router()
        router.get(RouterPath(callbackPath)) { request, _ -> Response in
            redirectContinuation.yield(request.uri.description)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: Self.closingPage)))
        }
        let logger = Logger(label: "vellum.redirect", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger))
        let limit = timeout
        return try await withThrowingTaskGroup(of: URL?.self) { tasks in
            tasks.addTask {
                try await group.run()
                return nil
            }
            var port = 0
            for await value in ports { port = value }
            defer { redirectContinuation.finish() }
            do {
                guard port > 0, let redirectURI = URL(string: "http://127.0.0.1:\(port)\(callbackPath)") else {
                    throw Failure.listenerFailed
                }
                try await authorize(redirectURI)
                let pathAndQuery = try await Self.first(of: redirects, within: limit)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                guard let received = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") else {
                    throw Failure.listenerFailed
                }
                return received
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }

    private static func first(of redirects: AsyncStream<String>, within limit: Duration) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { tasks in
            tasks.addTask {
                for await url in redirects { return url }
                return nil
            }
            tasks.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { tasks.cancelAll() }
            guard let first = try await tasks.next(), let pathAndQuery = first else { throw Failure.timedOut(limit) }
            return pathAndQuery
        }
    }

    private static let closingPage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Vellum</title></head>
        <body><p>Vellum received the authorization. You can close this window.</p></body></html>
        """
}

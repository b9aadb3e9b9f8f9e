import Foundation
import Hummingbird
import NIOCore
import LoopbackServer

/// Receives one OAuth authorization redirect on a loopback port, as a native app does
/// (RFC 8252 §7.3).
///
/// The listener binds `127.0.0.1` with an OS-chosen port, so no other app's fixed port can
/// be hijacked and nothing is reachable from the network. The browser's request to the
/// callback path is answered with a page saying the window can be closed.
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

    /// Listens, then runs `body` with the redirect URI and a function that waits for the
    /// browser's redirect (returning the full URL, with `code`, `state`, `iss` or `error`);
    /// stops listening when `body` returns.
    ///
    /// The redirect URI is known only once the port is, so the caller starts the
    /// authorization (PAR, opening the browser) inside `body`.
    func run<Result: Sendable>(
        _ body: @Sendable (_ redirectURI: URL, _ nextRedirect: @escaping @Sendable () async throws -> URL) async throws -> Result
    ) async throws -> Result {
        let (redirects, redirectContinuation) = AsyncStream<String>.makeStream()
        let router = Router()
        router.get(RouterPath(callbackPath)) { request, _ -> Response in
            redirectContinuation.yield(request.uri.description)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: Self.closingPage)))
        }
        let limit = timeout
        let path = callbackPath
        let server: LoopbackServer
        do {
            server = try await LoopbackServer.start(router: router, label: "vellum.redirect")
        } catch {
            redirectContinuation.finish()
            throw Failure.listenerFailed
        }
        defer { redirectContinuation.finish() }
        do {
            guard let redirectURI = URL(string: "http://127.0.0.1:\(server.port)\(path)") else { throw Failure.listenerFailed }
            let listenedPort = server.port
            let result = try await body(redirectURI) {
                let pathAndQuery = try await Self.first(of: redirects, within: limit)
                guard let received = URL(string: "http://127.0.0.1:\(listenedPort)\(pathAndQuery)") else {
                    throw Failure.listenerFailed
                }
                return received
            }
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
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

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import LoopbackServer

/// Runs the Hummingbird 2 server for a ``SandboxService``: binds, reports the port, hands
/// each request to the service as a ``SandboxHTTPRequest`` and shuts down gracefully.
struct SandboxServer: Sendable {
    /// The largest request body read, in bytes.
    static let maximumBodyBytes = 1 << 20

    /// Holds the service once the port (and so the issuer URL) is known; requests that
    /// arrive before then get 503.
    actor Slot {
        var service: SandboxService?
        func set(_ service: SandboxService) { self.service = service }
    }

    let server: LoopbackServer
    var port: Int { server.port }

    /// Starts serving on `host:port` (0 for any free port) and returns once the server listens.
    static func start(host: String, port: Int, slot: Slot) async throws(SandboxError) -> SandboxServer {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await respond(to: request, slot: slot)
        }
        do throws(LoopbackServer.StartFailure) {
            return SandboxServer(server: try await LoopbackServer.start(
                responder, host: host, port: port, serverName: "vellum-sandbox", label: "vellum.sandbox"))
        } catch {
            throw .serverFailed(error.description)
        }
    }

    /// Stops accepting requests, finishes the ones in flight and waits for the server to end.
    func stop() async {
        await server.stop()
    }

    private static func respond(to request: Request, slot: Slot) async -> Response {
        guard let service = await slot.service else {
            return response(.error("temporarily_unavailable", "the sandbox is starting", status: 503))
        }
        var headers = [String: [String]]()
        for field in request.headers { headers[field.name.canonicalName, default: []].append(field.value) }
        let body: Data
        do {
            let buffer = try await request.body.collect(upTo: maximumBodyBytes)
            body = Data(buffer.readableBytesView)
        } catch {
            return response(.error("invalid_request", "the body is larger than \(maximumBodyBytes) bytes", status: 413))
        }
        let message = SandboxHTTPRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query, headers: headers, body: body)
        let arrived = Date()
        let started = ContinuousClock.now
        let answer = await service.handle(message)
        if let log = service.configuration.requestLog {
            log(SandboxRequestLogEntry(
                date: arrived, method: message.method, path: message.path, status: answer.status, duration: ContinuousClock.now - started))
        }
        return response(answer)
    }

    private static func response(_ message: SandboxHTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in message.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: message.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: message.body)))
    }
}

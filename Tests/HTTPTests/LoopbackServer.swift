import Foundation
import Hummingbird
import NIOCore
import VellumTestSupport

/// A Hummingbird server on 127.0.0.1 with an OS-assigned port, with the routes the tests need.
/// `run` starts it, hands the base URL to the body and shuts it down gracefully afterwards.
enum LoopbackServer {
    struct Form: Decodable, Sendable {
        var grant_type: String
        var code: String
        var note: String
    }

    static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/hello") { _, _ in "hello" }
        router.post("/echo-form") { request, context -> String in
            let body = try await request.body.collect(upTo: 64 * 1024)
            let text = String(buffer: body)
            // The server decodes the form independently of the client's encoder.
            let form = try URLEncodedFormDecoder().decode(Form.self, from: text)
            let contentType = request.headers[.contentType] ?? ""
            return "\(contentType)|\(form.grant_type)|\(form.code)|\(form.note)"
        }
        router.post("/echo") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            var headers = HTTPFields()
            headers[.contentType] = request.headers[.contentType] ?? "none"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        router.get("/big") { _, _ -> Response in
            let buffer = ByteBuffer(repeating: UInt8(ascii: "x"), count: 200_000)
            return Response(status: .ok, body: .init(byteBuffer: buffer))  // sends Content-Length
        }
        router.get("/chunked") { _, _ -> Response in
            // No Content-Length: chunked transfer encoding that never ends. Only a client that
            // stops reading at its limit gets an answer; any other one runs into its timeout.
            Response(status: .ok, body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: "y"), count: 64 * 1024)
                while !Task.isCancelled {
                    try await writer.write(chunk)
                }
                try await writer.finish(nil)
            })
        }
        router.get("/small-chunked") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "abc"))
                try await writer.write(ByteBuffer(string: "def"))
                try await writer.finish(nil)
            })
        }
        router.get("/redirect") { _, _ in Response(status: .found, headers: [.location: "/hello"]) }
        router.get("/loop") { _, _ in Response(status: .found, headers: [.location: "/loop"]) }
        router.get("/to-http-remote") { _, _ in
            Response(status: .found, headers: [.location: "http://example.com/"])
        }
        router.get("/slow") { _, _ -> String in
            // Long enough that a client timing out under heavy load still beats it clearly.
            try await Task.sleep(for: .seconds(4))
            return "late"
        }
        router.get("/status/404") { _, _ in Response(status: .notFound) }
        return router
    }

    static func run(_ body: @Sendable (URL) async throws -> Void) async throws {
        try await LoopbackHTTPServer.run(router(), label: "HTTPTests") { port in
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw CancellationError() }
            try await body(url)
        }
    }
}

import Foundation
import HTTP
import Hummingbird
import NIOCore

/// A loopback endpoint that records the forms POSTed to it (an OpenID4VP response
/// endpoint) and answers each with ``answer``.
public final class FormInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var forms: [[String: String]] = []
    private var reply: (status: Int, body: String) = (200, "{}")

    public init() {}

    /// The status and JSON body each POST is answered with; default 200 `{}`.
    public var answer: (status: Int, body: String) {
        get { lock.withLock { reply } }
        set { lock.withLock { reply = newValue } }
    }

    /// The forms received, in order.
    public var received: [[String: String]] { lock.withLock { forms } }

    /// Adds `POST path` to `router`, recording each form here.
    public func route(_ path: String, in router: Router<BasicRequestContext>) {
        router.post(RouterPath(path)) { [self] request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
            let form = Dictionary(FormURLEncoding.decode(text), uniquingKeysWith: { first, _ in first })
            let answer = lock.withLock {
                forms.append(form)
                return reply
            }
            return Response(
                status: .init(code: answer.status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: answer.body)))
        }
    }
}

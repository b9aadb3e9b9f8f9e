import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The default ``HTTPClient``: HTTP/1.1 over SwiftNIO (TLS by NIOSSL), one connection per
/// request, enforcing an ``HTTPClientPolicy`` where the bytes arrive.
///
/// Why not URLSession: on Linux, FoundationNetworking reads the body on its own queue and hands
/// it to the delegate asynchronously, and a cancel waits behind the reads, so a server sending
/// an endless body was read for hundreds of megabytes (and held in memory) before the size
/// limit took effect; and it rewrites a redirect's `Location` before anyone can judge it. Here:
/// - the connection goes to exactly the addresses the ``HTTPAddressPolicy`` approved (the name
///   is not looked up a second time, so a DNS answer cannot change between check and connect);
/// - the body is counted in the event loop as each read completes, and the connection is closed
///   the moment the limit is passed (at most one read buffer beyond it); a `Content-Length`
///   over the limit is refused from the response head;
/// - the time limit is one deadline for the whole exchange, redirects and name resolution
///   included, not an idle timer that each byte resets;
/// - redirects are judged from the `Location` the server sent (see ``HTTPClientPolicy``).
///
/// Certificates are verified against the system's roots (plus `additionalTrustRoots`), with
/// the host name checked; TLS 1.2 is the minimum.
public final class NIOHTTPClient: HTTPClient {
    /// The limits applied to every request.
    public let policy: HTTPClientPolicy
    /// Where host names are resolved before the address policy judges them.
    public let resolver: any HostResolver
    private let tlsContext: Result<NIOSSLContext, HTTPError>
    private let group: any EventLoopGroup

    /// A client enforcing `policy`, resolving names with `resolver`; `additionalTrustRoots`
    /// (DER certificates) are trusted for TLS beside the system's roots, for an enterprise
    /// CA or a test server.
    public init(
        policy: HTTPClientPolicy = HTTPClientPolicy(), resolver: any HostResolver = SystemHostResolver(),
        additionalTrustRoots: [Data] = []
    ) {
        self.policy = policy
        self.resolver = resolver
        self.group = MultiThreadedEventLoopGroup.singleton
        self.tlsContext = Self.makeTLSContext(additionalTrustRoots: additionalTrustRoots)
    }

    static func makeTLSContext(additionalTrustRoots: [Data]) -> Result<NIOSSLContext, HTTPError> {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        do {
            if !additionalTrustRoots.isEmpty {
                let certificates = try additionalTrustRoots.map { try NIOSSLCertificate(bytes: Array($0), format: .der) }
                configuration.additionalTrustRoots = [.certificates(certificates)]
            }
            return .success(try NIOSSLContext(configuration: configuration))
        } catch {
            return .failure(.transport("TLS is not available: \(error)"))
        }
    }

    /// Sends `request`; see ``HTTPClient/send(_:)`` and the limits above.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try await RedirectingExchange(policy: policy, resolver: resolver).send(request) {
            (hop, addresses, deadline) async throws(HTTPError) -> HTTPResponse in
            try await exchange(hop, addresses: addresses, until: deadline)
        }
    }

    /// One request to one URL: connect to the first of `addresses` that answers, send, collect.
    func exchange(_ request: HTTPRequest, addresses: [IPAddress], until deadline: ContinuousClock.Instant) async throws(HTTPError) -> HTTPResponse {
        guard let host = request.url.host, !host.isEmpty else { throw .invalidURL(request.url.absoluteString) }
        let secure = request.url.scheme?.lowercased() == "https"
        let port = request.url.port ?? (secure ? 443 : 80)
        let tls: NIOSSLContext? = secure ? try tlsContext.get() : nil
        var lastFailure = HTTPError.transport("\(host) resolves to no address")
        for address in addresses {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw .timeout }
            let channel: any Channel
            do {
                channel = try await connect(to: address, port: port, host: host, tls: tls, within: remaining)
            } catch {
                lastFailure = error
                if error == .cancelled || error == .timeout { throw error }
                continue
            }
            return try await Self.run(request, on: channel, host: host, port: port, secure: secure, policy: policy, deadline: deadline)
        }
        throw lastFailure
    }

    private func connect(
        to address: IPAddress, port: Int, host: String, tls: NIOSSLContext?, within remaining: Duration
    ) async throws(HTTPError) -> any Channel {
        let socketAddress: SocketAddress
        do {
            socketAddress = try SocketAddress(ipAddress: address.description, port: port)
        } catch {
            throw .invalidURL("\(host):\(port)")
        }
        // SNI and certificate name checks need the name; for a literal address NIOSSL checks
        // the certificate against the address itself.
        let serverHostname = IPAddress(host) == nil ? host : nil
        let milliseconds = max(1, Int64(HTTPClientPolicy.seconds(remaining) * 1000))
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.milliseconds(milliseconds))
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let handler = try NIOSSLClientHandler(context: tls, serverHostname: serverHostname)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                }
            }
        do {
            return try await bootstrap.connect(to: socketAddress).get()
        } catch {
            if Task.isCancelled { throw .cancelled }
            if case ChannelError.connectTimeout = error { throw .timeout }
            let endpoint = host == "\(address)" ? host : "\(host) (\(address))"
            throw .transport("cannot connect to \(endpoint) port \(port): \(ConnectionFailure.describe(error))")
        }
    }

    /// Writes the request on `channel`, which is closed when the exchange ends however it ends.
    private static func run(
        _ request: HTTPRequest, on channel: any Channel, host: String, port: Int, secure: Bool, policy: HTTPClientPolicy,
        deadline: ContinuousClock.Instant
    ) async throws(HTTPError) -> HTTPResponse {
        let promise = channel.eventLoop.makePromise(of: HTTPResponse.self)
        let collector = ResponseCollector(url: request.url, limit: policy.maximumResponseBytes, promise: promise)
        let remaining = deadline - ContinuousClock.now
        let nanoseconds = max(0, Int64(HTTPClientPolicy.seconds(remaining) * 1e9))
        let timer = channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            collector.fail(.timeout, closing: channel)
        }
        let head = requestHead(request, host: host, port: port, secure: secure)
        channel.eventLoop.execute {
            do {
                try channel.pipeline.syncOperations.addHandler(collector)
            } catch {
                collector.fail(.transport("\(host) port \(port): \(ConnectionFailure.describe(error))"), closing: channel)
                return
            }
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            if let body = request.body, !body.isEmpty {
                channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
            }
            channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenFailure { error in
                collector.fail(.transport("sending the request to \(host) port \(port) failed: \(ConnectionFailure.describe(error))"), closing: channel)
            }
        }
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            do {
                return .success(try await promise.futureResult.get())
            } catch let error as HTTPError {
                return .failure(error)
            } catch {
                return .failure(.transport(ConnectionFailure.describe(error)))
            }
        } onCancel: {
            channel.eventLoop.execute { collector.fail(.cancelled, closing: channel) }
        }
        timer.cancel()
        channel.close(promise: nil)
        return try result.get()
    }

    /// The request line and headers: origin-form target, `Host`, `Content-Length`, and
    /// `Connection: close` (one request per connection; no pool to poison).
    static func requestHead(_ request: HTTPRequest, host: String, port: Int, secure: Bool) -> HTTPRequestHead {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var headers = NIOHTTP1.HTTPHeaders()
        let hostName = IPAddress(host).map { address -> String in
            if case .v6 = address { return "[\(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))]" }
            return host
        } ?? host
        let defaultPort = secure ? 443 : 80
        headers.add(name: "Host", value: port == defaultPort ? hostName : "\(hostName):\(port)")
        for field in request.headers where !["host", "content-length", "connection", "transfer-encoding"].contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        if headers["User-Agent"].isEmpty { headers.add(name: "User-Agent", value: "Vellum") }
        if headers["Accept"].isEmpty { headers.add(name: "Accept", value: "*/*") }
        if let body = request.body {
            headers.add(name: "Content-Length", value: String(body.count))
        } else if request.method != .get {
            headers.add(name: "Content-Length", value: "0")
        }
        headers.add(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), uri: target, headers: headers)
    }
}

/// Collects one response, counting the body as it is read: the moment the count passes the
/// limit, the promise fails and the connection closes. Runs on the channel's event loop.
final class ResponseCollector: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let url: URL
    private let limit: Int
    private let promise: EventLoopPromise<HTTPResponse>
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()
    private var done = false

    init(url: URL, limit: Int, promise: EventLoopPromise<HTTPResponse>) {
        self.url = url
        self.limit = limit
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return }
        switch unwrapInboundIn(data) {
        case .head(let responseHead):
            if let declared = responseHead.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                fail(.tooLarge(limit: limit), closing: context.channel)
                return
            }
            head = responseHead
        case .body(var buffer):
            guard body.readableBytes + buffer.readableBytes <= limit else {
                body = ByteBuffer()
                fail(.tooLarge(limit: limit), closing: context.channel)
                return
            }
            body.writeBuffer(&buffer)
        case .end:
            guard let head else {
                fail(.transport("the response ended before its head"), closing: context.channel)
                return
            }
            done = true
            var headers = HTTPHeaders()
            for field in head.headers { headers.add(name: field.name, value: field.value) }
            let bytes = body.readBytes(length: body.readableBytes) ?? []
            promise.succeed(HTTPResponse(status: Int(head.status.code), headers: headers, body: Data(bytes), url: url))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.transport("the connection closed before the response was complete"), closing: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let reason: String
        if error is HTTPParserError {
            reason = "the server did not answer in HTTP (is this an HTTP port, or does it expect https?)"
        } else {
            reason = ConnectionFailure.describe(error)
        }
        fail(.transport(reason), closing: context.channel)
    }

    /// Ends the exchange with `error` (once), closing `channel`.
    func fail(_ error: HTTPError, closing channel: (any Channel)?) {
        guard !done else { return }
        done = true
        promise.fail(error)
        channel?.close(promise: nil)
    }
}

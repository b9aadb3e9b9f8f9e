import Foundation
import HTTP
import Hummingbird
import NIOCore
import Synchronization
import Testing
import VellumTestSupport

/// A server that tries to lead the client where it must not go, or to keep it reading forever
/// (issue #22). Each refusal must come before a connection to the refused place: the names
/// used here resolve only through an injected resolver that records what it was asked, and
/// the literal addresses are judged before any socket is opened.
@Suite struct HostileServerTests {
    /// A resolver that answers from a table and records every name it was asked for; a name
    /// not in the table falls through to the system resolver.
    final class RecordingResolver: HostResolver {
        let table: [String: [IPAddress]]
        let asked = Mutex<[String]>([])

        init(_ table: [String: [String]]) {
            self.table = table.mapValues { $0.compactMap(IPAddress.init) }
        }

        func addresses(of host: String) async throws(HTTP.HTTPError) -> [IPAddress] {
            asked.withLock { $0.append(host) }
            if let addresses = table[host] { return addresses }
            return try await SystemHostResolver().addresses(of: host)
        }
    }

    /// Counts what a route has written, so a test can bound what the client made it send.
    final class Meter: Sendable {
        let written = Atomic<Int>(0)
        let hits = Mutex<[String]>([])
    }

    static func router(_ meter: Meter) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/big") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x78, count: 200_000))) }
        router.get("/hello") { request, _ in
            meter.hits.withLock { $0.append(request.uri.path) }
            return "hello"
        }
        router.get("/etc/passwd") { request, _ in
            meter.hits.withLock { $0.append(request.uri.path) }
            return "root:x:0:0"
        }
        router.get("/to-file") { _, _ in Response(status: .found, headers: [.location: "file:///etc/passwd"]) }
        router.get("/to-gopher") { _, _ in Response(status: .movedPermanently, headers: [.location: "gopher://127.0.0.1/x"]) }
        router.get("/to-metadata") { _, _ in
            Response(status: .found, headers: [.location: "https://169.254.169.254/latest/meta-data/"])
        }
        router.get("/to-link-local-v6") { _, _ in Response(status: .temporaryRedirect, headers: [.location: "https://[fe80::1]/x"]) }
        router.get("/to-mapped") { _, _ in
            Response(status: .seeOther, headers: [.location: "https://[::ffff:169.254.169.254]/"])
        }
        router.get("/to-name") { _, _ in Response(status: .found, headers: [.location: "https://metadata.vellum.test/"]) }
        router.get("/to-localhost") { request, _ in
            let port = request.head.authority?.split(separator: ":").last.map(String.init) ?? "0"
            return Response(status: .found, headers: [.location: "http://localhost:\(port)/hello"])
        }
        router.get("/to-hello") { _, _ in Response(status: .found, headers: [.location: "/hello"]) }
        router.get("/loop") { request, _ in
            meter.hits.withLock { $0.append(request.uri.path) }
            return Response(status: .found, headers: [.location: "/loop"])
        }
        router.get("/endless") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: "z"), count: 16 * 1024)
                while !Task.isCancelled {
                    try await writer.write(chunk)
                    meter.written.add(chunk.readableBytes, ordering: .relaxed)
                }
                try await writer.finish(nil)
            })
        }
        router.get("/trickle") { _, _ -> Response in
            // One byte every 50 ms, forever: an idle timeout that each byte resets never fires.
            Response(status: .ok, body: ResponseBody { writer in
                while !Task.isCancelled {
                    try await writer.write(ByteBuffer(string: "."))
                    meter.written.add(1, ordering: .relaxed)
                    try await Task.sleep(for: .milliseconds(50))
                }
                try await writer.finish(nil)
            })
        }
        return router
    }

    /// Both transports follow the same rules; each test that judges a URL runs on both.
    enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nio, urlSession
        var testDescription: String { rawValue }

        func client(_ policy: HTTPClientPolicy = HTTPClientPolicy(), resolver: any HostResolver = SystemHostResolver()) -> any HTTPClient {
            switch self {
            case .nio: NIOHTTPClient(policy: policy, resolver: resolver)
            case .urlSession: URLSessionHTTPClient(policy: policy, resolver: resolver)
            }
        }
    }

    static func serve(_ meter: Meter = Meter(), _ body: (URL) async throws -> Void) async throws {
        try await LoopbackHTTPServer.run(router(meter), label: "HostileServerTests") { port in
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
        }
    }

    // MARK: Where the client may connect

    @Test(arguments: Transport.allCases, [
        ("https://169.254.169.254/latest/meta-data/", "169.254.169.254", AddressRange.linkLocal),
        ("https://[fe80::1]/", "fe80::1", .linkLocal),
        ("https://[::ffff:a9fe:a9fe]/", "169.254.169.254", .linkLocal),
        ("https://0.0.0.0/", "0.0.0.0", .unspecified),
        ("https://224.0.0.1/", "224.0.0.1", .multicast),
        ("https://255.255.255.255/", "255.255.255.255", .broadcast),
    ])
    func aLiteralAddressIsRefusedBeforeAnyConnection(transport: Transport, target: (url: String, address: String, range: AddressRange)) async throws {
        let (url, address, range) = target
        let resolver = RecordingResolver([:])
        let client = transport.client(resolver: resolver)
        let target = try #require(URL(string: url))
        do throws(HTTP.HTTPError) {
            _ = try await client.get(target)
            Issue.record("\(url) was fetched")
        } catch {
            guard case .forbiddenAddress(_, let refused, let refusedRange) = error else {
                Issue.record("\(url): expected forbiddenAddress, got \(error)")
                return
            }
            #expect(refused.description == IPAddress(address)?.description)
            #expect(refusedRange == range)
        }
        #expect(resolver.asked.withLock { $0 }.isEmpty, "a literal is judged as it is, not resolved")
    }

    @Test(arguments: Transport.allCases)
    func aNameIsJudgedByEveryAddressItResolvesTo(transport: Transport) async throws {
        let resolver = RecordingResolver([
            "metadata.vellum.test": ["169.254.169.254"],
            "intranet.vellum.test": ["93.184.215.14", "10.20.30.40"],
            "cgnat.vellum.test": ["100.100.0.1"],
        ])
        let client = transport.client(resolver: resolver)
        for (host, address, range) in [
            ("metadata.vellum.test", "169.254.169.254", AddressRange.linkLocal),
            ("intranet.vellum.test", "10.20.30.40", .privateNetwork),
            ("cgnat.vellum.test", "100.100.0.1", .sharedAddressSpace),
        ] {
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: host, address: address, range: range)) {
                try await client.get(try #require(URL(string: "https://\(host)/credential_offer")))
            }
        }
        #expect(resolver.asked.withLock { $0 } == ["metadata.vellum.test", "intranet.vellum.test", "cgnat.vellum.test"])
    }

    @Test(arguments: Transport.allCases)
    func everyRedirectHopIsJudgedBeforeItIsFollowed(transport: Transport) async throws {
        let resolver = RecordingResolver(["metadata.vellum.test": ["169.254.169.254"]])
        let client = transport.client(resolver: resolver)
        try await Self.serve { base in
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "169.254.169.254", address: "169.254.169.254", range: .linkLocal)) {
                try await client.get(base.appendingPathComponent("to-metadata"))
            }
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "fe80::1", address: "fe80::1", range: .linkLocal)) {
                try await client.get(base.appendingPathComponent("to-link-local-v6"))
            }
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "::ffff:169.254.169.254", address: "169.254.169.254", range: .linkLocal)) {
                try await client.get(base.appendingPathComponent("to-mapped"))
            }
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "metadata.vellum.test", address: "169.254.169.254", range: .linkLocal)) {
                try await client.get(base.appendingPathComponent("to-name"))
            }
        }
        #expect(resolver.asked.withLock { $0 } == ["metadata.vellum.test"])
    }

    @Test(arguments: Transport.allCases)
    func aRedirectIsJudgedFromTheLocationTheServerSent(transport: Transport) async throws {
        let meter = Meter()
        let client = transport.client()
        try await Self.serve(meter) { base in
            // Foundation would turn `file:///etc/passwd` into this origin's `/etc/passwd` and
            // follow it; the client reads the field itself and ends the request.
            await #expect(throws: HTTP.HTTPError.insecureRedirect("file:///etc/passwd")) {
                try await client.get(base.appendingPathComponent("to-file"))
            }
            await #expect(throws: HTTP.HTTPError.insecureRedirect("gopher://127.0.0.1/x")) {
                try await client.get(base.appendingPathComponent("to-gopher"))
            }
        }
        #expect(meter.hits.withLock { $0 }.isEmpty, "no request reached /etc/passwd")
    }

    @Test(arguments: Transport.allCases)
    func aSameOriginRequestRefusesARedirectToAnotherHost(transport: Transport) async throws {
        let meter = Meter()
        let client = transport.client()
        try await Self.serve(meter) { base in
            let toLocalhost = base.appendingPathComponent("to-localhost")
            await #expect(throws: HTTP.HTTPError.self) {
                try await client.send(HTTP.HTTPRequest(url: toLocalhost, redirects: .sameOrigin))
            }
            do throws(HTTP.HTTPError) {
                _ = try await client.send(HTTP.HTTPRequest(url: toLocalhost, redirects: .sameOrigin))
            } catch {
                guard case .crossOriginRedirect(let target) = error else {
                    Issue.record("expected crossOriginRedirect, got \(error)")
                    return
                }
                #expect(target.hasPrefix("http://localhost:"))
            }
            #expect(meter.hits.withLock { $0 }.isEmpty)
            // A redirect within the origin is followed under the same rule.
            let same = try await client.send(HTTP.HTTPRequest(url: base.appendingPathComponent("to-hello"), redirects: .sameOrigin))
            #expect(same.status == 200)
            #expect(same.url.path == "/hello")
            // And the ordinary rule follows the other one.
            let followed = try await client.get(toLocalhost)
            #expect(followed.status == 200)
            #expect(followed.url.host == "localhost")
        }
    }

    @Test(arguments: Transport.allCases)
    func privateNetworksAndLoopbackAreSwitches(transport: Transport) async throws {
        // The resolver claims localhost is on the intranet: refused before connecting.
        let resolver = RecordingResolver(["localhost": ["10.9.8.7"]])
        try await Self.serve { base in
            let port = try #require(base.port)
            let url = try #require(URL(string: "http://localhost:\(port)/hello"))
            let strict = transport.client(resolver: resolver)
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "localhost", address: "10.9.8.7", range: .privateNetwork)) {
                try await strict.get(url)
            }
            if transport == .urlSession {
                // URLSession connects by name after the check, so the approved request reaches
                // this machine's loopback server and the switch can be seen to work. (The NIO
                // transport connects to the approved address itself, which here would be a
                // private one: that path is covered by `HTTPAddressPolicyTests`.)
                let enterprise = transport.client(
                    HTTPClientPolicy(addresses: HTTPAddressPolicy(allowsPrivateNetwork: true)), resolver: resolver)
                #expect(try await enterprise.get(url).body == Data("hello".utf8))
            }
            let server = transport.client(HTTPClientPolicy(addresses: HTTPAddressPolicy(allowsLoopback: false)))
            await #expect(throws: HTTP.HTTPError.forbiddenAddress(host: "127.0.0.1", address: "127.0.0.1", range: .loopback)) {
                try await server.get(base.appendingPathComponent("hello"))
            }
            let local = transport.client(resolver: RecordingResolver(["localhost": ["127.0.0.1"]]))
            #expect(try await local.get(url).body == Data("hello".utf8))
        }
    }

    /// A server that answers every request with a redirect to itself would keep the client
    /// asking until the deadline; the redirect count ends it first, on either transport, after
    /// exactly the initial request and the hops the policy allows.
    @Test(arguments: Transport.allCases)
    func aRedirectLoopEndsAtTheRedirectLimit(transport: Transport) async throws {
        let meter = Meter()
        let client = transport.client(HTTPClientPolicy(maximumRedirects: 3))
        try await Self.serve(meter) { base in
            await #expect(throws: HTTP.HTTPError.tooManyRedirects(limit: 3)) {
                try await client.get(base.appendingPathComponent("loop"))
            }
        }
        #expect(meter.hits.withLock { $0 } == Array(repeating: "/loop", count: 4))
    }

    // MARK: Limits while data keeps coming

    @Test(arguments: [1024, 256 * 1024, 5 * 1024 * 1024])
    func anEndlessBodyIsCutOffAtTheLimitPlusOneBuffer(limit: Int) async throws {
        let server = try EndlessBodyServer()
        defer { server.stop() }
        let client = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(20), maximumResponseBytes: limit))
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/credential_offer"))
        let start = ContinuousClock.now
        await #expect(throws: HTTP.HTTPError.tooLarge(limit: limit)) {
            try await client.get(url)
        }
        #expect(ContinuousClock.now - start < .seconds(10), "refused long before the timeout")
        try await Task.sleep(for: .milliseconds(200))
        // What the server got rid of is what the client read plus the two socket buffers (the
        // server's is 64 KiB, the client's loopback receive buffer grows to a few MiB); a
        // client that kept reading would run this to the gigabyte the server offers.
        let sent = server.sent
        #expect(sent < limit + 8 * 1024 * 1024, "the server sent \(sent) bytes")
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedFromTheHead() async throws {
        let meter = Meter()
        let client = NIOHTTPClient(policy: HTTPClientPolicy(maximumResponseBytes: 1000))
        try await Self.serve(meter) { base in
            await #expect(throws: HTTP.HTTPError.tooLarge(limit: 1000)) {
                try await client.get(base.appendingPathComponent("big"))
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func theTimeoutIsADeadlineNotAnIdleTimer(transport: Transport) async throws {
        let meter = Meter()
        let client = transport.client(HTTPClientPolicy(timeout: .seconds(1)))
        try await Self.serve(meter) { base in
            let start = ContinuousClock.now
            await #expect(throws: HTTP.HTTPError.timeout) {
                try await client.get(base.appendingPathComponent("trickle"))
            }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < .seconds(6), "a byte every 50 ms kept the request alive for \(elapsed)")
        }
    }
}

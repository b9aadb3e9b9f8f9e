import Foundation
import HTTP
import Hummingbird
import JSONModel
import Testing
import VellumTestSupport

/// `vellum receive` and `vellum present` against links that point where a wallet must not go,
/// or at a server that never stops sending (issue #22), through the built binary.
///
/// The refused addresses are judged before any socket is opened, so nothing here leaves the
/// machine; the endless server runs on loopback in this process.
@Suite("vellum against hostile servers", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct HostileNetworkCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-hostile-cli")
    }

    static func offerLink(_ uri: String) -> String {
        "openid-credential-offer://?" + FormURLEncoding.encode([("credential_offer_uri", uri)])
    }

    static func requestLink(_ uri: String) -> String {
        "openid4vp://?" + FormURLEncoding.encode([("client_id", "x509_san_dns:localhost"), ("request_uri", uri)])
    }

    // MARK: Where the wallet connects

    @Test("receive refuses an offer URI at the cloud metadata address, names the address, stores nothing, exits 8")
    func offerAtTheMetadataAddress() async throws {
        try await withWallet {
            let result = try await vellum(["receive", Self.offerLink("https://169.254.169.254/latest/meta-data/offer"), "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("169.254.169.254"))
            #expect(result.errorText.contains("link-local"))
            #expect(try await storedCount() == 0)
        }
    }

    @Test("receive refuses a private address and says how an intranet deployment allows it")
    func offerOnAPrivateNetwork() async throws {
        try await withWallet {
            let result = try await vellum(["receive", Self.offerLink("https://10.11.12.13/offer"), "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("10.11.12.13"))
            #expect(result.errorText.contains("--allow-private-network"))
            #expect(result.errorText.contains("VELLUM_ALLOW_PRIVATE_NETWORK"))
        }
    }

    @Test("a redirect hop to a link-local address or to a file: URL ends the request")
    func redirectHopsAreJudged() async throws {
        let router = Router()
        router.get("/offer-to-metadata") { _, _ in
            Response(status: .found, headers: [.location: "https://[fe80::a9fe:a9fe]/offer"])
        }
        router.get("/offer-to-file") { _, _ in Response(status: .found, headers: [.location: "file:///etc/passwd"]) }
        router.get("/etc/passwd") { _, _ in "{\"credential_issuer\": \"https://attacker.example\"}" }
        try await withWallet {
            try await LoopbackHTTPServer.run(router, label: "HostileNetworkCommandTests") { port in
                let metadata = try await vellum(
                    ["receive", Self.offerLink("http://127.0.0.1:\(port)/offer-to-metadata"), "--yes"])
                #expect(metadata.status == 8, "\(metadata.errorText)")
                #expect(metadata.errorText.contains("fe80::a9fe:a9fe"), "\(metadata.errorText)")
                let file = try await vellum(["receive", Self.offerLink("http://127.0.0.1:\(port)/offer-to-file"), "--yes"])
                #expect(file.status == 8, "\(file.errorText)")
                #expect(file.errorText.contains("file:///etc/passwd"), "\(file.errorText)")
            }
            #expect(try await storedCount() == 0)
        }
    }

    @Test("present refuses a request_uri at a link-local address: nothing fetched, nothing sent, exit 8")
    func requestURIAtALinkLocalAddress() async throws {
        try await withWallet {
            let result = try await vellum(["present", Self.requestLink("https://169.254.169.254/request"), "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("169.254.169.254"))
        }
    }

    @Test("a redirect_uri: client whose response URI is link-local never receives the answer: exit 1, naming the address")
    func responseURIAtALinkLocalAddress() async throws {
        try await withWallet {
            let query: JSONValue = ["credentials": [["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]]]]]
            let link = "openid4vp://?" + FormURLEncoding.encode([
                ("client_id", "redirect_uri:https://169.254.169.254/cb"), ("response_type", "vp_token"),
                ("response_mode", "direct_post"), ("response_uri", "https://169.254.169.254/cb"), ("nonce", "n-0S6_WzA2Mj"),
                ("state", "s1"), ("dcql_query", query.serializedString()),
            ])
            let result = try await vellum(["present", link, "--yes", "--json"])
            #expect(result.status == 1, "\(result.errorText)")
            #expect(result.errorText.contains("refusing to connect to 169.254.169.254"), "\(result.errorText)")
        }
    }

    @Test("--allow-private-network is documented on the commands that go on the network")
    func theOptionIsDocumented() async throws {
        for command in [["receive"], ["present"], ["show"], ["status"], ["did", "resolve"]] {
            let help = try await VellumBinary.run(command + ["--help"])
            #expect(help.standardOutput.contains("--allow-private-network"), "\(command)")
        }
    }

    // MARK: Limits while data keeps coming

    /// Runs `vellum` under a small Python wrapper that reports the child's peak resident
    /// memory, which `Process` (reaping the child itself) cannot.
    func runMeasured(_ arguments: [String]) async throws -> (result: ChildProcess.Result, peakKilobytes: Int?) {
        guard let binary = VellumBinary.url else { throw CocoaError(.fileNoSuchFile) }
        let wrapper = """
            import resource, subprocess, sys
            code = subprocess.run(sys.argv[1:]).returncode
            print("peak-rss-kb=%d" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(code)
            """
        let input = Data((WalletCLI.passphrase + "\n").utf8)
        let executable = URL(fileURLWithPath: "/usr/bin/env")
        let childArguments = ["python3", "-c", wrapper, binary.path] + arguments
        let result = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ChildProcess.run(executable, arguments: childArguments, input: input) })
            }
        }
        let peak = result.errorText.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb=") }
            .flatMap { Int($0.dropFirst("peak-rss-kb=".count)) }
        return (result, peak)
    }

    @Test("an endless offer body or request object is refused near 5 MiB, in seconds, in under 100 MB of memory")
    func endlessBodies() async throws {
        try await withWallet {
            let server = try EndlessBodyServer()
            defer { server.stop() }
            let limit = 5 * 1024 * 1024
            var sentBefore = 0
            for arguments in [
                ["receive", Self.offerLink("http://127.0.0.1:\(server.port)/offer"), "--yes"],
                ["present", Self.requestLink("http://127.0.0.1:\(server.port)/request"), "--yes"],
            ] {
                let start = ContinuousClock.now
                let (result, peak) = try await runMeasured(arguments + ["--wallet", directory.path])
                let elapsed = ContinuousClock.now - start
                #expect(result.status == 8, "\(arguments[0]): \(result.errorText)")
                #expect(result.errorText.contains("\(limit)"), "\(arguments[0]): \(result.errorText)")
                #expect(elapsed < .seconds(25), "\(arguments[0]) took \(elapsed); the time limit is 30 s")
                try await Task.sleep(for: .milliseconds(200))
                let sent = server.sent - sentBefore
                sentBefore = server.sent
                #expect(sent < limit + 8 * 1024 * 1024, "\(arguments[0]): the server sent \(sent) bytes")
                if let peak {
                    // AddressSanitizer's shadow memory and quarantine come on top: the bound is
                    // still far below what reading the endless body without its 5 MiB limit would take.
                    let bound = Sanitizer.active == nil ? 100 * 1024 : 250 * 1024
                    #expect(peak < bound, "\(arguments[0]): peak resident memory \(peak) kB")
                } else {
                    Issue.record("no peak memory reported: \(result.errorText)")
                }
            }
        }
    }
}

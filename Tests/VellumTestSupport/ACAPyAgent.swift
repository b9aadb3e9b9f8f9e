import Foundation
import HTTP
import JSONModel
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ACA-Py 1.7 agent (`aca-py start`, Python 3.13 virtualenv `.build/acapy-venv` made by
/// `Scripts/setup-peers.sh`) running on loopback ports for the length of a test: the Aries
/// agent Vellum's W3C credentials and, later, its DIDComm messages are checked against.
///
/// Each agent gets a scratch `HOME` with a file-backed Askar wallet (ACA-Py's in-memory
/// wallet is broken in 1.7), no ledger, and its admin API open on loopback without a key.
///
/// ```swift
/// let agent = try await ACAPyAgent.start()
/// defer { agent.stop() }
/// let answer = try await agent.post("/vc/credentials/verify", json: body)
/// ```
///
/// Gate tests with `.enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage)`.
public final class ACAPyAgent: @unchecked Sendable {
    /// The message a test prints when it is skipped for want of ACA-Py.
    public static let skipMessage: Comment = "skipped: ACA-Py 1.7 not installed (Scripts/setup-peers.sh makes .build/acapy-venv with Python 3.13)"

    /// The `aca-py` executable: `VELLUM_ACAPY`, else the project's virtualenv.
    public static let executable: URL? = {
        let env = ProcessInfo.processInfo.environment["VELLUM_ACAPY"]
        let url = env.map { URL(fileURLWithPath: $0) } ?? PackageRoot.url.appendingPathComponent(".build/acapy-venv/bin/aca-py")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    /// Whether an agent can be started.
    public static var isAvailable: Bool { executable != nil }

    /// The ACA-Py virtualenv's Python (3.13, with `acapy_agent` and `aries_askar`), for peer
    /// scripts that call ACA-Py's own code: `PythonPeer.run(script, interpreter: ACAPyAgent.python)`.
    public static let python: URL? = {
        let url = executable?.deletingLastPathComponent().appendingPathComponent("python")
        return url.flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }()

    /// The admin API, `http://127.0.0.1:PORT`.
    public let adminURL: URL
    /// The DIDComm endpoint, `http://127.0.0.1:PORT`.
    public let endpointURL: URL

    private let process: Process
    private let home: URL
    private let lock = NSLock()
    private var stopped = false
    private static let client = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(60)))

    /// A failure to start or to talk to the agent.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private init(process: Process, home: URL, adminPort: Int, endpointPort: Int) {
        self.process = process
        self.home = home
        adminURL = URL(string: "http://127.0.0.1:\(adminPort)")!
        endpointURL = URL(string: "http://127.0.0.1:\(endpointPort)")!
    }

    /// Starts an agent and waits (up to `timeout`) until its admin API says it is ready.
    /// `extraArguments` are added to `aca-py start` (`--auto-accept-requests` for a DID
    /// exchange test, for example).
    public static func start(
        label: String = "vellum", extraArguments: [String] = [], timeout: Duration = .seconds(120)
    ) async throws -> ACAPyAgent {
        guard let executable else { throw Failure(description: "ACA-Py is not installed") }
        signal(SIGPIPE, SIG_IGN)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-acapy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let adminPort = try freePort(), endpointPort = try freePort()
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "start", "--label", label,
            "--inbound-transport", "http", "127.0.0.1", "\(endpointPort)", "--outbound-transport", "http",
            "--endpoint", "http://127.0.0.1:\(endpointPort)",
            "--admin", "127.0.0.1", "\(adminPort)", "--admin-insecure-mode",
            "--wallet-type", "askar", "--wallet-name", "vellum-test", "--wallet-key", "vellum-test-key",
            "--auto-provision", "--no-ledger", "--log-level", "warning",
        ] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        process.environment = environment
        process.currentDirectoryURL = home
        let log = home.appendingPathComponent("agent.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let agent = ACAPyAgent(process: process, home: home, adminPort: adminPort, endpointPort: endpointPort)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard process.isRunning else { break }
            if let ready = try? await agent.get("/status/ready"), ready.contains("true") { return agent }
            try await Task.sleep(for: .milliseconds(500))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        agent.stop()
        throw Failure(description: "ACA-Py did not become ready: \(output.suffix(2000))")
    }

    /// `GET path` on the admin API; the body as text.
    public func get(_ path: String) async throws -> String {
        let response = try await Self.client.get(adminURL.appendingPathComponent(path))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// `POST path` on the admin API with a JSON body; the answer's status and body, whatever
    /// the status (ACA-Py answers a document that does not verify with 400 and a verdict).
    public func exchange(_ path: String, json: Data) async throws -> (status: Int, body: Data) {
        let response = try await Self.client.postJSON(adminURL.appendingPathComponent(path), json: json)
        return (response.status, response.body)
    }

    /// `POST path` on the admin API with a JSON body; the answer's JSON body, or a failure
    /// naming the status and body when it is not 2xx.
    public func post(_ path: String, json: Data) async throws -> Data {
        let response = try await Self.client.postJSON(adminURL.appendingPathComponent(path), json: json)
        guard response.isSuccess else {
            throw Failure(description: "ACA-Py answered \(response.status) to \(path): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response.body
    }

    /// The `aca-py start` flags of an issuer and verifier that answers a holder's proposals on
    /// its own (ACA-Py 1.7 cannot deliver what its admin API starts to a holder with no
    /// endpoint, so such a holder proposes and ACA-Py answers on the return route).
    public static let answersProposals = [
        "--auto-accept-requests", "--preserve-exchange-records", "--auto-respond-credential-proposal",
        "--auto-respond-credential-request", "--auto-respond-presentation-proposal", "--auto-verify-presentation",
    ]

    /// Polls `GET path` on the admin API (every 250 ms, 15 s at most) until its JSON satisfies
    /// `done`; the last JSON read.
    public func poll(_ path: String, until done: (JSONValue) -> Bool) async throws -> JSONValue {
        var last: JSONValue = .null
        for _ in 0..<60 {
            last = try JSONParser().parse(Data(try await get(path).utf8))
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(250))
        }
        return last
    }

    /// A new did:key of ACA-Py's (Ed25519), to issue W3C credentials with.
    public func createDIDKey() async throws -> String {
        let created = try JSONParser().parse(try await post("/wallet/did/create", json: Data(#"{"method":"key","options":{"key_type":"ed25519"}}"#.utf8)))
        guard let did = created["result"]?["did"]?.stringValue else { throw Failure(description: "no did in \(created)") }
        return did
    }

    /// An out-of-band invitation for DID exchange 1.0 with an inline service (no public DID):
    /// its `invitation_url`, for the holder to accept.
    public func createDIDExchangeInvitation() async throws -> String {
        let created = try JSONParser().parse(try await post(
            "/out-of-band/create-invitation",
            json: Data(#"{"handshake_protocols":["https://didcomm.org/didexchange/1.0"],"use_public_did":false}"#.utf8)))
        guard let url = created["invitation_url"]?.stringValue else { throw Failure(description: "no invitation_url in \(created)") }
        return url
    }

    /// Stops the agent, waits for it, and removes its scratch home; calling it again does nothing.
    public func stop() {
        let first: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // ACA-Py may take its time over SIGTERM (or not end at all while a request is open):
        // five seconds, then SIGKILL.
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: home)
    }

    deinit { stop() }

    /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick, released at once).
    static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
        }
        guard bound == 0 else { throw Failure(description: "bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        guard named == 0 else { throw Failure(description: "getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

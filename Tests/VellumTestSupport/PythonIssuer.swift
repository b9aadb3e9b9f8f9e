import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The independent OpenID4VCI 1.0 issuer (`Tests/Peers/oid4vci_issuer.py`, Python `sd-jwt` and
/// `pymdoccbor`) running on a loopback port for the length of a test.
///
/// A Vellum wallet that claims from it shows that Vellum and a second implementation read
/// the specification alike, which tests against Vellum's own Sandbox cannot show. The issuer
/// offers an SD-JWT VC (`peer_pid_sd_jwt`, `x5c` under ``sdJWTRootPEM``) and an mDL
/// (`peer_mdl`, Document Signer under ``iacaPEM``) in one pre-authorized-code offer.
///
/// ```swift
/// let issuer = try PythonIssuer.start(transactionCode: "493536")
/// defer { issuer.stop() }
/// let offer = try await resolver.offer(from: issuer.offerByReference)
/// ```
///
/// Gate tests with `.enabled(if: PythonIssuer.isAvailable, PythonIssuer.skipMessage)`. The
/// process ends on ``stop()``, when the value is released, or (the script watches its
/// standard input) when the test process itself dies.
public final class PythonIssuer: @unchecked Sendable {
    /// The message a test prints when it is skipped for want of the Python peers.
    public static let skipMessage: Comment = PythonPeer.skipMessage

    /// Whether the issuer can be started (the peers virtualenv exists).
    public static var isAvailable: Bool { PythonPeer.isAvailable }

    /// The credential issuer identifier, `http://127.0.0.1:PORT` with no trailing slash.
    public let baseURL: URL
    /// An `openid-credential-offer://` link carrying the offer by value.
    public let offerByValue: String
    /// An `openid-credential-offer://` link carrying `credential_offer_uri`.
    public let offerByReference: String
    /// The offer's pre-authorized code (single use).
    public let preAuthorizedCode: String
    /// The transaction code the token endpoint requires, when the issuer was started with one.
    public let transactionCode: String?
    /// The IACA certificate (PEM) the mDL's Document Signer chains to.
    public let iacaPEM: String
    /// The root certificate (PEM) the SD-JWT VC's `x5c` leaf chains to.
    public let sdJWTRootPEM: String
    /// Both roots, IACA first.
    public var rootPEMs: [String] { [iacaPEM, sdJWTRootPEM] }

    /// The credential configuration id of the SD-JWT VC.
    public static let sdJWTConfigurationID = "peer_pid_sd_jwt"
    /// The credential configuration id of the mDL.
    public static let mdocConfigurationID = "peer_mdl"
    /// The SD-JWT VC's `vct`.
    public static let vct = "urn:vellum:peer:pid:1"

    private let lock = NSLock()
    private var process: Process?
    private let input: Pipe

    /// A failure to start the issuer.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// One offer as the issuer describes it (its first stdout line, or `POST /offers`).
    struct Announcement: Decodable {
        var base_url: String
        var offer_by_value: String
        var offer_by_reference: String
        var pre_authorized_code: String
        var tx_code: String?
        var iaca_pem: String
        var sd_jwt_root_pem: String
    }

    private init(process: Process, input: Pipe, announcement: Announcement) throws {
        guard let url = URL(string: announcement.base_url) else {
            throw StartFailure(description: "the issuer announced a bad base URL \(announcement.base_url)")
        }
        self.process = process
        self.input = input
        baseURL = url
        offerByValue = announcement.offer_by_value
        offerByReference = announcement.offer_by_reference
        preAuthorizedCode = announcement.pre_authorized_code
        transactionCode = announcement.tx_code
        iacaPEM = announcement.iaca_pem
        sdJWTRootPEM = announcement.sd_jwt_root_pem
    }

    /// Starts the issuer on an ephemeral loopback port and waits for it to announce itself.
    /// With `transactionCode`, the offer asks for that (numeric) `tx_code`.
    public static func start(transactionCode: String? = nil, verbose: Bool = false) throws -> PythonIssuer {
        guard let python = PythonPeer.python else { throw StartFailure(description: "no peers virtualenv") }
        signal(SIGPIPE, SIG_IGN)
        let script = PackageRoot.url.appendingPathComponent("Tests/Peers/oid4vci_issuer.py").path
        var arguments = [script, "--port", "0"]
        if let transactionCode { arguments += ["--tx-code", transactionCode] }
        if verbose { arguments.append("--verbose") }
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = readLine(from: output.fileHandleForReading.fileDescriptor)
        guard let line, let announcement = try? JSONDecoder().decode(Announcement.self, from: line) else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailure(description: "the issuer did not announce itself (exit \(process.terminationStatus))")
        }
        return try PythonIssuer(process: process, input: input, announcement: announcement)
    }

    /// Stops the issuer and waits for it to exit; calling it again does nothing.
    public func stop() {
        let running: Process? = lock.withLock {
            defer { process = nil }
            return process
        }
        guard let running else { return }
        if running.isRunning { running.terminate() }
        try? input.fileHandleForWriting.close()
        running.waitUntilExit()
    }

    deinit { stop() }

    /// The credentials the issuer mints for `holderJWK` (a P-256 public JWK as JSON members),
    /// without HTTP: the same code path as its credential endpoint, under a fresh PKI named
    /// for `issuer`.
    public static func mint(holderJWK: [String: String], issuer: String = "https://issuer.example.org") throws -> Minted {
        let request = try JSONSerialization.data(withJSONObject: ["holder_jwk": holderJWK, "issuer": issuer])
        let output = try PythonPeer.runBlocking("oid4vci_issuer.py", arguments: ["--mint"], input: request)
        return try JSONDecoder().decode(Minted.self, from: output)
    }

    /// What ``mint(holderJWK:issuer:)`` returns.
    public struct Minted: Decodable, Sendable {
        /// The SD-JWT VC, compact, with all disclosures and a trailing `~`.
        public var sdJWTVC: String
        /// The mDL's `IssuerSigned`, CBOR, base64url (as an OpenID4VCI credential response carries it).
        public var mdoc: String
        /// The IACA the mDL chains to.
        public var iacaPEM: String
        /// The root the SD-JWT VC's `x5c` chains to.
        public var sdJWTRootPEM: String

        enum CodingKeys: String, CodingKey {
            case sdJWTVC = "sd_jwt_vc", mdoc, iacaPEM = "iaca_pem", sdJWTRootPEM = "sd_jwt_root_pem"
        }
    }

    /// Reads bytes up to the first newline (`nil` at end of file before one).
    private static func readLine(from descriptor: Int32) -> Data? {
        var line = Data()
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { return line }
                line.append(byte)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return nil
            }
        }
    }
}

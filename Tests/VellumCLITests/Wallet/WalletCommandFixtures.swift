import Crypto
import CryptoKeys
import Foundation
import HTTP
import Hummingbird
import JOSE
import JSONModel
import MDoc
import NIOCore
import SDJWT
import StatusList
import VellumTestSupport
import Wallet
import X509
import X509Trust

/// A root certificate with an mdoc document signer and an SD-JWT VC `x5c` signer under it,
/// issuing credentials valid today, for the wallet subcommand tests.
struct CLITestIssuer {
    static let issuerURL = "https://issuer.example.com"
    static let vct = "https://credentials.example.com/pid"
    static let docType = "org.iso.18013.5.1.mDL"
    static let nameSpace = "org.iso.18013.5.1"
    static let day: TimeInterval = 86_400

    let now = Date()
    let rootKey = P256.Signing.PrivateKey()
    let documentSignerKey = P256.Signing.PrivateKey()
    let sdJWTSignerKey = P256.Signing.PrivateKey()
    let root: Certificate
    let documentSigner: Certificate
    let sdJWTSigner: Certificate

    init() throws {
        let start = now - 30 * Self.day
        let end = now + 365 * Self.day
        root = try TestPKI.root(key: rootKey, name: "CLI Test IACA", country: "UT", notBefore: start, notAfter: end)
        documentSigner = try TestPKI.documentSigner(
            subject: "CLI Document Signer", publicKey: documentSignerKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: start, notAfter: end)
        sdJWTSigner = try TestPKI.leaf(
            subject: "CLI PID Issuer", publicKey: sdJWTSignerKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: start, notAfter: end, subjectAlternativeNames: [.uniformResourceIdentifier(Self.issuerURL)])
    }

    var rootPEM: String { get throws { try root.serializeAsPEM().pemString } }

    var rootFingerprint: String { SHA256.hash(data: Data(root.derBytes)).map { String(format: "%02x", $0) }.joined() }

    func signer(_ key: P256.Signing.PrivateKey) throws -> SoftwareSigner {
        try SoftwareSigner(privateKey: PrivateKey(rawRepresentation: key.rawRepresentation, curve: .p256))
    }

    func sdJWTVC(holderKey: PublicKey, status: JSONValue?) async throws -> String {
        var claims: JSONObject = [
            "iss": .string(Self.issuerURL), "vct": .string(Self.vct),
            "iat": .number(JSONNumber(Int64(now.timeIntervalSince1970) - 60)),
            "exp": .number(JSONNumber(Int64((now + 30 * Self.day).timeIntervalSince1970))),
            "given_name": "Erika", "family_name": "Mustermann",
        ]
        if let status { claims["status"] = status }
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header.certificateChain = [Data(sdJWTSigner.derBytes)]
        return try await SDJWTBuilder(
            claims: claims, disclosing: [ClaimPath(json: JSONValue(parsing: Data(#"["given_name"]"#.utf8)))],
            header: header, holderKey: JWK(publicKey: holderKey)
        ).issue(signer: signer(sdJWTSignerKey)).serialized
    }

    func mdoc(deviceKey: PublicKey, status: StatusListReference?) async throws -> Data {
        var builder = IssuerSignedBuilder(
            docType: Self.docType, deviceKey: deviceKey,
            validityInfo: ValidityInfo(signed: now - 60, validFrom: now - 60, validUntil: now + 30 * Self.day),
            status: status?.statusClaimCBOR)
        builder.add("family_name", "Mustermann", nameSpace: Self.nameSpace)
        builder.add("age_over_18", true, nameSpace: Self.nameSpace)
        let signed = try await builder.sign(signer: signer(documentSignerKey), certificateChain: [Data(documentSigner.derBytes)])
        return signed.cbor.encoded()
    }
}

/// Serves a JWT and a CWT Token Status List over loopback; a test republishes to flip entries.
final class CLIStatusLists: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: (String, Data)] = [:]
    private(set) var base = ""

    func publish(_ statuses: [StatusType], issuer: CLITestIssuer) async throws {
        let list = try TokenStatusList(bits: .two, statuses: statuses)
        let now = Date()
        let jwt = try await StatusListToken(subject: base + "/jwt", issuedAt: now - 60, expiresAt: now + 600, statusList: list)
            .signedJWT(signer: issuer.signer(issuer.sdJWTSignerKey))
        let cwt = try await StatusListToken(subject: base + "/cwt", issuedAt: now - 60, expiresAt: now + 600, statusList: list)
            .signedCWT(signer: issuer.signer(issuer.documentSignerKey))
        lock.withLock {
            pages["/jwt"] = (StatusListTokenFormat.jwt.mediaType, Data(jwt.utf8))
            pages["/cwt"] = (StatusListTokenFormat.cwt.mediaType, cwt)
        }
    }

    func run(_ body: @Sendable (CLIStatusLists) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            guard let page = lock.withLock({ pages[request.uri.path] }) else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = page.0
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.1)))
        }
        try await LoopbackHTTPServer.run(router, label: "cli-status-lists") { port in
            lock.withLock { base = "http://127.0.0.1:\(port)" }
            try await body(self)
        }
    }
}

/// Runs `vellum` wallet subcommands with the passphrase on standard input (or in
/// `VELLUM_PASSPHRASE` through `/usr/bin/env`).
enum WalletCLI {
    static let passphrase = "cli test passphrase"

    /// Runs the child on a Dispatch thread: `ChildProcess.run` blocks until the child exits,
    /// and blocking a cooperative-pool thread (two on a two-core machine) would starve the
    /// loopback status list server this test process runs for the child to query.
    static func run(
        _ arguments: [String], passphrase: String? = WalletCLI.passphrase, environment: Bool = false,
        answers: [String] = []
    ) async throws -> ChildProcess.Result {
        guard let binary = VellumBinary.url else { throw CocoaError(.fileNoSuchFile) }
        // Through /usr/bin/env, with a generous HTTP time limit: the servers the child talks to
        // run in this test process, whose few cooperative threads other tests may hold.
        let executable = URL(fileURLWithPath: "/usr/bin/env")
        var childArguments = ["VELLUM_HTTP_TIMEOUT=120"]
        var input = Data(([passphrase ?? ""] + answers).map { $0 + "\n" }.joined().utf8)
        if environment, let passphrase {
            childArguments.append("\(WalletOptionsName.variable)=\(passphrase)")
            input = Data(answers.map { $0 + "\n" }.joined().utf8)
        }
        childArguments += [binary.path] + arguments
        let finalArguments = childArguments
        let finalInput = input
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try ChildProcess.run(executable, arguments: finalArguments, input: finalInput)
                })
            }
        }
    }

    static func json(_ result: ChildProcess.Result) throws -> JSONValue {
        try JSONValue(parsing: result.standardOutput)
    }

    /// A wallet made in-process with the cheapest KDF the store accepts.
    static func makeWallet(at directory: URL) async throws -> CredentialWallet {
        try await CredentialWallet.create(
            at: directory, passphrase: passphrase,
            // A generous time limit: the status lists are served in this test process, whose few
            // cooperative threads other tests may hold for seconds while they wait on children.
            configuration: CredentialWalletConfiguration(
                keyDerivation: .scrypt(costLog2: 10, blockSize: 8, parallelism: 1),
                httpClient: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120)))))
    }
}

enum WalletOptionsName {
    static let variable = "VELLUM_PASSPHRASE"
}

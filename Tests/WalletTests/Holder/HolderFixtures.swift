import CBOR
import Crypto
import CryptoKeys
import Foundation
import Hummingbird
import JOSE
import JSONModel
import MDoc
import NIOCore
import SDJWT
import StatusList
import VellumTestSupport
import X509
import X509Trust
@testable import Wallet

/// A clock the tests move by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    var closure: @Sendable () -> Date { { [self] in now } }
}

/// A small issuer for the wallet tests: a root (IACA-shaped, so it anchors both formats), an
/// mdoc document signer and an SD-JWT VC `x5c` signer under it, issuing real credentials.
struct HolderTestIssuer {
    /// 2026-02-01T00:00:00Z: inside every validity period below.
    static let now = Date(timeIntervalSince1970: 1_769_904_000)
    static let day: TimeInterval = 86_400
    static let issuerURL = "https://issuer.example.com"
    static let vct = "https://credentials.example.com/pid"
    static let docType = "org.iso.18013.5.1.mDL"
    static let nameSpace = "org.iso.18013.5.1"

    let rootKey = P256.Signing.PrivateKey()
    let documentSignerKey = P256.Signing.PrivateKey()
    let sdJWTSignerKey = P256.Signing.PrivateKey()
    let root: Certificate
    let documentSigner: Certificate
    let sdJWTSigner: Certificate

    /// `rootValidUntil` lets a test make the root expire while the credentials stay valid.
    init(rootName: String = "Test Root IACA", rootValidUntil: Date = HolderTestIssuer.now + 3650 * HolderTestIssuer.day) throws {
        let start = Self.now - 60 * Self.day
        let end = min(Self.now + 700 * Self.day, rootValidUntil)
        root = try TestPKI.root(key: rootKey, name: rootName, country: "UT", notBefore: start, notAfter: rootValidUntil)
        documentSigner = try TestPKI.documentSigner(
            subject: "Test Document Signer", publicKey: documentSignerKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: start, notAfter: end)
        sdJWTSigner = try TestPKI.leaf(
            subject: "Test PID Issuer", publicKey: sdJWTSignerKey.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: start, notAfter: end, subjectAlternativeNames: [.uniformResourceIdentifier(Self.issuerURL)])
    }

    var rootDER: Data { Data(root.derBytes) }

    /// A certificate for `key` from this issuer's root, as a separate status list signer of
    /// the same authority would have.
    func statusSignerCertificate(for key: P256.Signing.PrivateKey) throws -> Certificate {
        try TestPKI.leaf(
            subject: "Test Status Lists", publicKey: key.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: Self.now - 60 * Self.day, notAfter: Self.now + 700 * Self.day)
    }

    var rootPEM: Data {
        get throws { Data(try root.serializeAsPEM().pemString.utf8) }
    }

    var rootFingerprint: String {
        SHA256.hash(data: rootDER).map { String(format: "%02x", $0) }.joined()
    }

    func signer(_ key: P256.Signing.PrivateKey) throws -> SoftwareSigner {
        try SoftwareSigner(privateKey: PrivateKey(rawRepresentation: key.rawRepresentation, curve: .p256))
    }

    /// An SD-JWT VC PID bound to `holderKey`, valid `validity` seconds from `issuedAt`.
    func sdJWTVC(
        holderKey: PublicKey?, issuedAt: Date = HolderTestIssuer.now, validity: TimeInterval = 365 * HolderTestIssuer.day,
        status: JSONValue? = nil, signedBy otherKey: P256.Signing.PrivateKey? = nil
    ) async throws -> String {
        var claims: JSONObject = [
            "iss": .string(Self.issuerURL), "vct": .string(Self.vct),
            "iat": .number(JSONNumber(Int64(issuedAt.timeIntervalSince1970))),
            "exp": .number(JSONNumber(Int64((issuedAt + validity).timeIntervalSince1970))),
            "given_name": "Erika", "family_name": "Mustermann",
            "address": ["locality": "Berlin", "country": "DE"],
        ]
        if let status { claims["status"] = status }
        var header = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        header.certificateChain = [Data(sdJWTSigner.derBytes)]
        let paths = try [#"["given_name"]"#, #"["family_name"]"#, #"["address","locality"]"#].map {
            try ClaimPath(json: JSONValue(parsing: Data($0.utf8)))
        }
        return try await SDJWTBuilder(
            claims: claims, disclosing: paths, header: header, holderKey: holderKey.map { JWK(publicKey: $0) }
        ).issue(signer: signer(otherKey ?? sdJWTSignerKey)).serialized
    }

    /// An mDL bound to `deviceKey`, as the base64url `IssuerSigned` OpenID4VCI delivers.
    func mdoc(
        deviceKey: PublicKey, signed: Date = HolderTestIssuer.now, validity: TimeInterval = 365 * HolderTestIssuer.day,
        status: StatusListReference? = nil
    ) async throws -> IssuerSigned {
        var builder = IssuerSignedBuilder(
            docType: Self.docType, deviceKey: deviceKey,
            validityInfo: ValidityInfo(signed: signed, validFrom: signed, validUntil: signed + validity),
            status: status?.statusClaimCBOR)
        builder.add("family_name", "Mustermann", nameSpace: Self.nameSpace)
        builder.add("given_name", "Erika", nameSpace: Self.nameSpace)
        builder.add("age_over_18", true, nameSpace: Self.nameSpace)
        builder.add("birth_date", .fullDate(FullDate(year: 1984, month: 1, day: 26) ?? FullDate(Date())), nameSpace: Self.nameSpace)
        return try await builder.sign(signer: signer(documentSignerKey), certificateChain: [Data(documentSigner.derBytes)])
    }

    static func base64url(_ issuerSigned: IssuerSigned) -> String {
        issuerSigned.cbor.encoded().base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static let display = ReceivedCredential.IssuerDisplay(
        credentialIssuer: issuerURL,
        issuerDisplay: [["name": "Test Issuer", "locale": "en"]],
        credentialDisplay: [
            ["name": "Personalausweis", "locale": "de", "background_color": "#112233"],
            ["name": "Person ID", "locale": "en", "background_color": "#003366", "text_color": "#FFFFFF",
             "logo": ["uri": "https://issuer.example.com/logo.png", "alt_text": "logo"]],
        ],
        credentialConfigurationID: "pid")
}

/// A Token Status List provider on loopback whose entries a test flips: a JWT for SD-JWT
/// VCs (signed by the `x5c` leaf key) and a CWT for mdocs (signed by the document signer).
final class StatusListProvider: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: (contentType: String, body: Data)] = [:]
    private(set) var base = ""

    /// Publishes `statuses` at `/jwt` signed by `jwtKey` and at `/cwt` signed by `cwtKey`.
    func publish(_ statuses: [StatusType], issuer: HolderTestIssuer, at time: Date) async throws {
        let list = try TokenStatusList(bits: .two, statuses: statuses)
        let jwt = try await StatusListToken(
            subject: base + "/jwt", issuedAt: time - 60, expiresAt: time + 3600, statusList: list
        ).signedJWT(signer: issuer.signer(issuer.sdJWTSignerKey))
        let cwt = try await StatusListToken(
            subject: base + "/cwt", issuedAt: time - 60, expiresAt: time + 3600, statusList: list
        ).signedCWT(signer: issuer.signer(issuer.documentSignerKey))
        lock.withLock {
            pages["/jwt"] = (StatusListTokenFormat.jwt.mediaType, Data(jwt.utf8))
            pages["/cwt"] = (StatusListTokenFormat.cwt.mediaType, cwt)
        }
    }

    /// Publishes `statuses` at `/jwt` signed by `key` with `chain` (DER, leaf first) as its
    /// `x5c`: a status signer identified by certificate rather than by the credential's key.
    func publishJWT(_ statuses: [StatusType], signedBy key: P256.Signing.PrivateKey, chain: [Data], at time: Date) async throws {
        var header = JOSEHeader(algorithm: "ES256", type: "statuslist+jwt")
        header.certificateChain = chain
        let claims = JWTClaims(
            subject: base + "/jwt", expiresAt: time + 3600, issuedAt: time - 60,
            additionalClaims: ["status_list": try TokenStatusList(bits: .two, statuses: statuses).jsonValue()])
        let signer = try SoftwareSigner(privateKey: PrivateKey(rawRepresentation: key.rawRepresentation, curve: .p256))
        let jwt = try await JWT.sign(claims, header: header, signer: signer)
        lock.withLock { pages["/jwt"] = (StatusListTokenFormat.jwt.mediaType, Data(jwt.utf8)) }
    }

    func reference(_ path: String, index: Int) throws -> StatusListReference {
        try StatusListReference(index: index, uri: base + path)
    }

    func run(_ body: @Sendable (StatusListProvider) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            let page = lock.withLock { pages[request.uri.path] }
            guard let page else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = page.contentType
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.body)))
        }
        try await LoopbackHTTPServer.run(router, label: "wallet-status-list") { port in
            lock.withLock { base = "http://127.0.0.1:\(port)" }
            try await body(self)
        }
    }
}

/// A wallet in a temporary directory with the cheapest KDF and a manual clock.
struct HolderWalletFixture {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("vellum-holder-\(UUID().uuidString)", isDirectory: true)
    let clock = ManualClock(HolderTestIssuer.now)

    func create(cachesStatusLists: Bool = false, checksStatus: Bool = true) async throws -> CredentialWallet {
        try await CredentialWallet.create(
            at: directory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), clock: clock.closure, checksStatus: checksStatus,
                cachesStatusLists: cachesStatusLists, locales: ["en"]))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

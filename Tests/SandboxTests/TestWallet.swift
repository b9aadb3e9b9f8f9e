import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import Sandbox
import Testing

/// A hand-rolled wallet for the tests: raw HTTP, and DPoP proofs, PKCE and key proofs built
/// here with JOSE, so the server is tested against the specifications rather than against
/// Vellum's own client.
struct TestWallet {
    let base: URL
    let http = URLSessionHTTPClient(policy: HTTPClientPolicy(redirects: .never))
    let dpopKey = PrivateKey(curve: .p256)

    var issuer: String { base.absoluteString }

    func url(_ path: String) -> URL { base.appendingPathComponent(String(path.dropFirst())) }

    /// A DPoP proof for `method` `path` (RFC 9449 §4.2).
    func dpop(
        _ path: String, method: String = "POST", accessToken: String? = nil, nonce: String? = nil,
        key: PrivateKey? = nil, htu: String? = nil, issuedAt: Date = Date()
    ) async throws -> String {
        var extra: JSONObject = ["htm": .string(method), "htu": .string(htu ?? issuer + path)]
        if let accessToken {
            extra["ath"] = .string(Base64URL.encode(Data(DigestAlgorithm.sha256.hash(Data(accessToken.utf8)))))
        }
        let claims = JWTClaims(issuedAt: issuedAt, tokenID: UUID().uuidString, nonce: nonce, additionalClaims: extra)
        return try await JWT.sign(
            claims, header: JOSEHeader(type: "dpop+jwt"), signer: SoftwareSigner(privateKey: key ?? dpopKey),
            options: JWS.SigningOptions(embedPublicKey: true))
    }

    /// A `jwt` key proof (OpenID4VCI Appendix F.1), with a `key_attestation` header when given.
    func keyProof(
        _ holder: PrivateKey, nonce: String?, audience: String? = nil, issuedAt: Date = Date(),
        type: String = "openid4vci-proof+jwt", issuer iss: String? = nil, attestation: String? = nil
    ) async throws -> String {
        let claims = JWTClaims(issuer: iss, audience: [audience ?? issuer], issuedAt: issuedAt, nonce: nonce)
        var header = JOSEHeader(type: type)
        if let attestation { header["key_attestation"] = .string(attestation) }
        return try await JWT.sign(
            claims, header: header, signer: SoftwareSigner(privateKey: holder),
            options: JWS.SigningOptions(embedPublicKey: true))
    }

    /// A key attestation (OpenID4VCI Appendix D) by `attester` for `keys`.
    static func keyAttestation(
        for keys: [PublicKey], by attester: PrivateKey, type: String = "key-attestation+jwt", nonce: String? = nil,
        expiresAt: Date? = Date() + 3_600, issuedAt: Date = Date()
    ) async throws -> String {
        let attested = try keys.map { try JSONValue(parsing: JWK(publicKey: $0).jsonData()) }
        let claims = JWTClaims(
            expiresAt: expiresAt, issuedAt: issuedAt, nonce: nonce,
            additionalClaims: ["attested_keys": .array(attested), "key_storage": ["iso_18045_moderate"]])
        return try await JWT.sign(claims, header: JOSEHeader(type: type), signer: SoftwareSigner(privateKey: attester))
    }

    func postForm(_ path: String, _ form: [(String, String)], dpop: String? = nil) async throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let dpop { headers["DPoP"] = dpop }
        return try await http.postForm(url(path), form: form, headers: headers)
    }

    /// POSTs JSON with an access token (`DPoP` scheme when a proof is given, `Bearer` otherwise).
    func postJSON(_ path: String, _ json: JSONValue, token: String? = nil, dpop: String? = nil) async throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let token { headers["Authorization"] = (dpop == nil ? "Bearer " : "DPoP ") + token }
        if let dpop { headers["DPoP"] = dpop }
        return try await http.postJSON(url(path), json: json.serialized(.compact), headers: headers)
    }

    func get(_ path: String) async throws -> HTTPResponse { try await http.get(url(path)) }

    /// A fresh `c_nonce`.
    func cNonce() async throws -> String {
        let response = try await http.send(HTTP.HTTPRequest(method: .post, url: url("/nonce")))
        #expect(response.status == 200)
        #expect(response.headers["Cache-Control"]?.contains("no-store") == true)
        return try #require(try Self.json(response)["c_nonce"]?.stringValue)
    }

    static func json(_ response: HTTPResponse) throws -> JSONObject {
        guard case let .object(object) = try JSONValue(parsing: response.body) else { throw TestFailure("not a JSON object") }
        return object
    }

    static func error(_ response: HTTPResponse) -> String? {
        (try? json(response))?["error"]?.stringValue
    }

    /// PKCE: a verifier and its S256 challenge.
    static func pkce() -> (verifier: String, challenge: String) {
        let verifier = Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        return (verifier, Base64URL.encode(Data(DigestAlgorithm.sha256.hash(Data(verifier.utf8)))))
    }

    /// The query items of a redirect's `Location`.
    static func redirectParameters(_ response: HTTPResponse) throws -> [String: String] {
        let location = try #require(response.headers["Location"])
        let items = URLComponents(string: location)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` against a started issuer and stops it afterwards, also when `body` throws.
func withIssuer(
    _ configuration: SandboxConfiguration = SandboxConfiguration(), _ body: (SandboxIssuer, TestWallet) async throws -> Void
) async throws {
    let issuer = try SandboxIssuer(configuration: configuration)
    let base = try await issuer.start()
    let wallet = TestWallet(base: base)
    do {
        try await body(issuer, wallet)
    } catch {
        wallet.http.invalidate()
        await issuer.stop()
        throw error
    }
    wallet.http.invalidate()
    await issuer.stop()
}

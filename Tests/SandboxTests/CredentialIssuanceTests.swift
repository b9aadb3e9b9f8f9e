import CBOR
import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT
import Sandbox
import StatusList
import Testing
import X509
import X509Trust

/// The nonce and credential endpoints (OpenID4VCI 1.0 §7, §8), and the credentials they issue
/// checked with Vellum's own verifiers against the sandbox root.
@Suite("Credential issuance")
struct CredentialIssuanceTests {
    /// A Bearer token for an anonymous pre-authorized offer of `kinds`.
    static func token(_ issuer: SandboxIssuer, _ wallet: TestWallet, kinds: [SandboxCredentialKind] = [.pid, .mDL]) async throws -> String {
        let offer = try await issuer.createOffer(for: kinds, grant: .preAuthorized(txCode: nil))
        let response = try await wallet.postForm("/token", [
            ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"),
            ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
        ])
        #expect(response.status == 200)
        return try #require(try TestWallet.json(response)["access_token"]?.stringValue)
    }

    static func credentialRequest(_ configurationID: String, proofs: [String]) -> JSONValue {
        .object(["credential_configuration_id": .string(configurationID), "proofs": .object(["jwt": .array(proofs.map(JSONValue.string))])])
    }

    /// `POST /credential` for `configurationID` under `token`, with one proof of `holder` over a
    /// fresh `c_nonce`.
    static func requestCredential(
        _ configurationID: String, holder: PrivateKey, token: String, _ wallet: TestWallet
    ) async throws -> HTTPResponse {
        let proof = try await wallet.keyProof(holder, nonce: try await wallet.cNonce())
        return try await wallet.postJSON("/credential", credentialRequest(configurationID, proofs: [proof]), token: token)
    }

    /// A fresh holder key, and the `/credential` response for `configurationID` with its proof
    /// under a new pre-authorized access token.
    static func issue(
        _ configurationID: String, _ issuer: SandboxIssuer, _ wallet: TestWallet
    ) async throws -> (response: HTTPResponse, holder: PrivateKey) {
        let token = try await Self.token(issuer, wallet)
        let holder = PrivateKey(curve: .p256)
        return (try await requestCredential(configurationID, holder: holder, token: token, wallet), holder)
    }

    static func credentials(_ response: HTTPResponse) throws -> [String] {
        let body = try TestWallet.json(response)
        return try #require(body["credentials"]?.arrayValue).compactMap { $0["credential"]?.stringValue }
    }

    /// An SD-JWT VC verifier trusting the sandbox root, checking status over HTTP.
    static func pidVerifier(_ issuer: SandboxIssuer, http: some HTTPClient) async throws -> (SDJWTVCVerifier, X5CIssuerKeyResolver) {
        let root = try Certificate(derEncoded: Array(await issuer.certificates.rootDER))
        let resolver = X5CIssuerKeyResolver(anchors: TrustAnchorStore([root]))
        let status = StatusListResolver(httpClient: http, keys: resolver.statusListKeys, cache: nil)
        return (SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: .forbidden), statusResolver: status), resolver)
    }

    /// An mdoc validator trusting the sandbox root as IACA, checking status over HTTP.
    static func mDLValidator(_ issuer: SandboxIssuer, http: some HTTPClient) async throws -> IssuerSignedValidator {
        let root = try Certificate(derEncoded: Array(await issuer.certificates.rootDER))
        let anchors = TrustAnchorStore([root])
        let keys = StatusListKeyLookup { request throws(StatusListError) in
            guard let chain = request.certificateChain,
                  case let .trusted(trusted) = await ChainValidator(anchors: anchors).validate(derChain: chain, at: Date())
            else { return nil }
            return try? trusted.leafKey.publicKey
        }
        return IssuerSignedValidator(trustAnchors: anchors, statusResolver: StatusListResolver(httpClient: http, keys: keys, cache: nil))
    }

    @Test("A PID is issued as an SD-JWT VC bound to the proof key, with x5c and a status list entry")
    func pid() async throws {
        try await withIssuer { issuer, wallet in
            let (response, holder) = try await Self.issue("urn:eudi:pid:1", issuer, wallet)
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
            let credential = try #require(try Self.credentials(response).first)
            #expect(try TestWallet.json(response)["notification_id"]?.stringValue != nil)

            let (verifier, resolver) = try await Self.pidVerifier(issuer, http: wallet.http)
            let verified = try await verifier.verify(credential, resolver: resolver)
            #expect(verified.vct == "urn:eudi:pid:1")
            #expect(verified.issuer == wallet.issuer)
            #expect(verified.status == .valid)
            #expect(verified.claims["given_name"] == "Erika")
            #expect(verified.claims["address"]?["locality"] == "Köln")
            let bound = try #require(try JWTClaims(verified.claims).confirmationKey())
            #expect(try bound.publicKey() == holder.publicKey)
            #expect(verified.sdJWT.header.type == "dc+sd-jwt")
        }
    }

    @Test("An mDL is issued as IssuerSigned bound to the proof key and validates against the sandbox IACA")
    func mDL() async throws {
        try await withIssuer { issuer, wallet in
            let (response, holder) = try await Self.issue("org.iso.18013.5.1.mDL", issuer, wallet)
            #expect(response.status == 200)
            let encoded = try #require(try Self.credentials(response).first)
            let issuerSigned = try IssuerSigned(decoding: try Base64URL.decode(encoded))
            let validator = try await Self.mDLValidator(issuer, http: wallet.http)
            let report = await validator.validate(issuerSigned, expectedDeviceKey: holder.publicKey)
            #expect(report.isValid, "\(report)")
            #expect(try report.get().status == .valid)
            #expect(issuerSigned.issuerAuth.mobileSecurityObject.docType == "org.iso.18013.5.1.mDL")

            let other = PrivateKey(curve: .p256)
            #expect(await validator.validate(issuerSigned, expectedDeviceKey: other.publicKey).firstFailure == .deviceKeyMismatch)
        }
    }

    @Test("A batch of proofs gets one credential per key, up to batch_size")
    func batch() async throws {
        try await withIssuer(SandboxConfiguration(batchSize: 2)) { issuer, wallet in
            let token = try await Self.token(issuer, wallet)
            let nonce = try await wallet.cNonce()
            let keys = [PrivateKey(curve: .p256), PrivateKey(curve: .p256), PrivateKey(curve: .p256)]
            var proofs = [String]()
            for key in keys { proofs.append(try await wallet.keyProof(key, nonce: nonce)) }
            let tooMany = try await wallet.postJSON("/credential", Self.credentialRequest("urn:eudi:pid:1", proofs: proofs), token: token)
            #expect(TestWallet.error(tooMany) == "invalid_proof")

            let response = try await wallet.postJSON(
                "/credential", Self.credentialRequest("urn:eudi:pid:1", proofs: Array(proofs.prefix(2))), token: token)
            let credentials = try Self.credentials(response)
            #expect(credentials.count == 2)
            let (verifier, resolver) = try await Self.pidVerifier(issuer, http: wallet.http)
            for (index, credential) in credentials.enumerated() {
                let verified = try await verifier.verify(credential, resolver: resolver)
                #expect(try JWTClaims(verified.claims).confirmationKey()?.publicKey() == keys[index].publicKey)
            }
            #expect(await issuer.issuedCredentials().count == 2)

            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            #expect(metadata["batch_credential_issuance"]?["batch_size"] == 2)
        }
    }

    @Test("Key proofs with a stale, reused or foreign nonce, wrong aud, wrong typ or a forged signature are refused")
    func badProofs() async throws {
        let clock = MutableClock()
        try await withIssuer(SandboxConfiguration(nonceLifetime: 60, clock: { clock.now })) { issuer, wallet in
            let token = try await Self.token(issuer, wallet)
            let holder = PrivateKey(curve: .p256)
            func request(_ proof: String) async throws -> HTTPResponse {
                try await wallet.postJSON("/credential", Self.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: token)
            }
            let stale = try await wallet.cNonce()
            clock.advance(by: 120)
            #expect(TestWallet.error(try await request(try await wallet.keyProof(holder, nonce: stale, issuedAt: clock.now))) == "invalid_nonce")
            #expect(TestWallet.error(try await request(try await wallet.keyProof(holder, nonce: "made-up", issuedAt: clock.now))) == "invalid_nonce")
            #expect(TestWallet.error(try await request(try await wallet.keyProof(holder, nonce: nil, issuedAt: clock.now))) == "invalid_nonce")

            let nonce = try await wallet.cNonce()
            #expect(TestWallet.error(try await request(
                try await wallet.keyProof(holder, nonce: nonce, audience: "https://other.example", issuedAt: clock.now))) == "invalid_proof")
            #expect(TestWallet.error(try await request(
                try await wallet.keyProof(holder, nonce: nonce, issuedAt: clock.now, type: "JWT"))) == "invalid_proof")
            #expect(TestWallet.error(try await request(
                try await wallet.keyProof(holder, nonce: nonce, issuedAt: clock.now - 3_600))) == "invalid_proof")
            #expect(TestWallet.error(try await request(
                try await wallet.keyProof(holder, nonce: nonce, issuedAt: clock.now, issuer: "some-client"))) == "invalid_proof")
            let good = try await wallet.keyProof(holder, nonce: nonce, issuedAt: clock.now)
            var parts = good.split(separator: ".").map(String.init)
            let forged = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: nonce, issuedAt: clock.now)
            parts[2] = String(forged.split(separator: ".")[2])
            #expect(TestWallet.error(try await request(parts.joined(separator: "."))) == "invalid_proof")

            #expect(try await request(good).status == 200)
            #expect(TestWallet.error(try await request(good)) == "invalid_nonce")
        }
    }

    @Test("The credential endpoint needs a valid token, a known configuration and proofs")
    func requestErrors() async throws {
        try await withIssuer { issuer, wallet in
            let holder = PrivateKey(curve: .p256)
            let proof = try await wallet.keyProof(holder, nonce: try await wallet.cNonce())
            let noToken = try await wallet.postJSON("/credential", Self.credentialRequest("urn:eudi:pid:1", proofs: [proof]))
            #expect(noToken.status == 401)
            #expect(noToken.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            let badToken = try await wallet.postJSON("/credential", Self.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: "nope")
            #expect(TestWallet.error(badToken) == "invalid_token")

            let token = try await Self.token(issuer, wallet, kinds: [.pid])
            let unknown = try await wallet.postJSON("/credential", Self.credentialRequest("nope", proofs: [proof]), token: token)
            #expect(TestWallet.error(unknown) == "unknown_credential_configuration")
            let notOffered = try await wallet.postJSON("/credential", Self.credentialRequest("org.iso.18013.5.1.mDL", proofs: [proof]), token: token)
            #expect(TestWallet.error(notOffered) == "unknown_credential_configuration")
            let noProofs = try await wallet.postJSON("/credential", ["credential_configuration_id": "urn:eudi:pid:1"], token: token)
            #expect(TestWallet.error(noProofs) == "invalid_proof")
            let singular = try await wallet.postJSON(
                "/credential", ["credential_configuration_id": "urn:eudi:pid:1", "proof": ["proof_type": "jwt", "jwt": .string(proof)]],
                token: token)
            #expect(TestWallet.error(singular) == "invalid_credential_request")
            let both = try await wallet.postJSON(
                "/credential",
                ["credential_configuration_id": "urn:eudi:pid:1", "credential_identifier": "x", "proofs": ["jwt": [.string(proof)]]],
                token: token)
            #expect(TestWallet.error(both) == "invalid_credential_request")
        }
    }
}

/// A clock tests move by hand.
final class MutableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Date()

    var now: Date { lock.withLock { value } }

    func advance(by interval: TimeInterval) { lock.withLock { value += interval } }
}

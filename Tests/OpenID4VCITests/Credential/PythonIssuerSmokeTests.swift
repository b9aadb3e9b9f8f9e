import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI
import Testing
import VellumTestSupport

/// The independent Python issuer (`Tests/Peers/oid4vci_issuer.py`) over real loopback HTTP:
/// Vellum reads its offers and metadata, and the issuer's own checks (tx_code, single-use
/// codes and nonces, the `jwt` key proof of OpenID4VCI 1.0 appendix F.1) refuse what they
/// must, so a later end-to-end claim against it means something.
@Suite("Python OpenID4VCI issuer", .enabled(if: PythonIssuer.isAvailable, PythonIssuer.skipMessage), .serialized)
struct PythonIssuerSmokeTests {
    static let preAuthorizedGrant = "urn:ietf:params:oauth:grant-type:pre-authorized_code"
    let http = URLSessionHTTPClient()

    @Test("The offer, by reference and by value, names the issuer its metadata names, exactly")
    func offerAndMetadata() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start(transactionCode: "493536") }
        defer { issuer.stop() }
        let resolver = CredentialOfferResolver(httpClient: http)
        let offer = try await resolver.offer(from: issuer.offerByReference)
        let byValue = try await resolver.offer(from: issuer.offerByValue)
        #expect(byValue.credentialIssuer == offer.credentialIssuer)
        #expect(byValue.credentialConfigurationIDs == offer.credentialConfigurationIDs)
        #expect(byValue.grants == offer.grants)
        #expect(offer.credentialIssuer == issuer.baseURL)
        #expect(offer.credentialConfigurationIDs == [PythonIssuer.sdJWTConfigurationID, PythonIssuer.mdocConfigurationID])
        let grant = try #require(offer.grants?.preAuthorizedCode)
        #expect(grant.code == issuer.preAuthorizedCode)
        #expect(grant.transactionCode?.length == 6)
        #expect(grant.transactionCode?.inputMode == .numeric)

        let metadata = try await json(get: "/.well-known/openid-credential-issuer", issuer)
        #expect(metadata["credential_issuer"]?.stringValue == offer.credentialIssuer.absoluteString)
        #expect(metadata["nonce_endpoint"]?.stringValue == issuer.baseURL.absoluteString + "/nonce")
        let configurations = try #require(metadata["credential_configurations_supported"]?.objectValue)
        let sdJWT = try #require(configurations[PythonIssuer.sdJWTConfigurationID]?.objectValue)
        #expect(sdJWT["format"]?.stringValue == "dc+sd-jwt")
        #expect(sdJWT["vct"]?.stringValue == PythonIssuer.vct)
        let mdoc = try #require(configurations[PythonIssuer.mdocConfigurationID]?.objectValue)
        #expect(mdoc["format"]?.stringValue == "mso_mdoc")
        #expect(mdoc["doctype"]?.stringValue == "org.iso.18013.5.1.mDL")
        for configuration in [sdJWT, mdoc] {
            let algorithms = configuration["proof_types_supported"]?.objectValue?["jwt"]?.objectValue?["proof_signing_alg_values_supported"]
            #expect(algorithms == ["ES256"])
        }

        let server = try await json(get: "/.well-known/oauth-authorization-server", issuer)
        #expect(server["issuer"]?.stringValue == issuer.baseURL.absoluteString)
        #expect(server["token_endpoint"]?.stringValue == issuer.baseURL.absoluteString + "/token")
        #expect(server["pre-authorized_grant_anonymous_access_supported"] == true)
    }

    @Test("Pre-authorized code + tx_code, nonce, one jwt proof per configuration: one credential each")
    func preAuthorizedFlow() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start(transactionCode: "493536") }
        defer { issuer.stop() }
        let token = try await accessToken(issuer, code: issuer.preAuthorizedCode, transactionCode: "493536")
        let holder = PrivateKey(curve: .p256)
        let sdJWT = try await requestCredential(issuer, token: token, configuration: PythonIssuer.sdJWTConfigurationID,
                                                proofs: [try await proof(issuer, key: holder)])
        #expect(sdJWT.status == 200)
        let issued = try #require(sdJWT.json["credentials"]?.arrayValue?.first?.objectValue?["credential"]?.stringValue)
        #expect(issued.hasSuffix("~") && issued.split(separator: "~").count == 12)  // JWT + 11 disclosures

        let second = PrivateKey(curve: .p256)
        let mdoc = try await requestCredential(issuer, token: token, configuration: PythonIssuer.mdocConfigurationID,
                                               proofs: [try await proof(issuer, key: holder), try await proof(issuer, key: second)])
        #expect(mdoc.status == 200)
        let credentials = try #require(mdoc.json["credentials"]?.arrayValue)
        #expect(credentials.count == 2)  // a batch: one mdoc per proof key
        for credential in credentials {
            let text = try #require(credential.objectValue?["credential"]?.stringValue)
            #expect(try Base64URL.decode(text).first == 0xA2)  // IssuerSigned: a two-member CBOR map
        }
    }

    @Test("The token endpoint refuses a wrong or missing tx_code and a used pre-authorized code")
    func tokenEndpointRefusals() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start(transactionCode: "493536") }
        defer { issuer.stop() }
        let wrong = try await tokenResponse(issuer, code: issuer.preAuthorizedCode, transactionCode: "000000")
        #expect(wrong.status == 400 && wrong.json["error"] == "invalid_grant")
        let missing = try await tokenResponse(issuer, code: issuer.preAuthorizedCode, transactionCode: nil)
        #expect(missing.status == 400 && missing.json["error"] == "invalid_request")
        _ = try await accessToken(issuer, code: issuer.preAuthorizedCode, transactionCode: "493536")
        let reused = try await tokenResponse(issuer, code: issuer.preAuthorizedCode, transactionCode: "493536")
        #expect(reused.status == 400 && reused.json["error"] == "invalid_grant")
    }

    /// A proof that breaks one rule of OpenID4VCI 1.0 appendix F.1/F.4.
    enum BadProof: String, CaseIterable {
        case wrongType, wrongAudience, unknownNonce, signedByAnotherKey, privateKeyInHeader, staleIssuedAt, withIssuer
    }

    @Test("The credential endpoint refuses each kind of bad key proof", arguments: BadProof.allCases)
    func badProofs(_ bad: BadProof) async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start() }
        defer { issuer.stop() }
        let token = try await accessToken(issuer, code: issuer.preAuthorizedCode, transactionCode: nil)
        let key = PrivateKey(curve: .p256)
        let nonce = try await freshNonce(issuer)
        var header: JSONObject = ["typ": "openid4vci-proof+jwt", "jwk": try jwk(key.publicKey)]
        var claims: JSONObject = [
            "aud": .string(issuer.baseURL.absoluteString), "iat": .number(JSONNumber(Int(Date().timeIntervalSince1970))),
            "nonce": .string(nonce),
        ]
        var signer = key
        switch bad {
        case .wrongType: header["typ"] = "JWT"
        case .wrongAudience: claims["aud"] = .string(issuer.baseURL.absoluteString + "/")
        case .unknownNonce: claims["nonce"] = "not-from-the-issuer"
        case .signedByAnotherKey: signer = PrivateKey(curve: .p256)
        case .privateKeyInHeader: header["jwk"] = try JSONValue(parsing: JWK(privateKey: key).jsonData())
        case .staleIssuedAt: claims["iat"] = .number(JSONNumber(Int(Date().timeIntervalSince1970) - 3600))
        case .withIssuer: claims["iss"] = "wallet-client"
        }
        let proof = try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: JOSEHeader(members: header),
            signer: try SoftwareSigner(privateKey: signer))
        let response = try await requestCredential(
            issuer, token: token, configuration: PythonIssuer.sdJWTConfigurationID, proofs: [proof])
        #expect(response.status == 400)
        #expect(response.json["error"]?.stringValue == (bad == .unknownNonce ? "invalid_nonce" : "invalid_proof"))
        #expect(response.json["credentials"] == nil)
    }

    @Test("A nonce is single use, and the credential endpoint wants the access token")
    func nonceReplayAndMissingToken() async throws {
        let issuer = try await offCooperativePool { try PythonIssuer.start() }
        defer { issuer.stop() }
        let token = try await accessToken(issuer, code: issuer.preAuthorizedCode, transactionCode: nil)
        let proof = try await proof(issuer, key: PrivateKey(curve: .p256))
        let first = try await requestCredential(issuer, token: token, configuration: PythonIssuer.sdJWTConfigurationID, proofs: [proof])
        #expect(first.status == 200)
        let replay = try await requestCredential(issuer, token: token, configuration: PythonIssuer.sdJWTConfigurationID, proofs: [proof])
        #expect(replay.status == 400 && replay.json["error"] == "invalid_nonce")
        let anonymous = try await requestCredential(
            issuer, token: "not-a-token", configuration: PythonIssuer.sdJWTConfigurationID,
            proofs: [try await self.proof(issuer, key: PrivateKey(curve: .p256))])
        #expect(anonymous.status == 401)
    }

    // MARK: - A minimal wallet side, written out by hand

    func json(get path: String, _ issuer: PythonIssuer) async throws -> JSONObject {
        let response = try await http.get(issuer.baseURL.appendingPathComponent(path))
        #expect(response.status == 200)
        return try #require(try JSONValue(parsing: response.body).objectValue)
    }

    func tokenResponse(
        _ issuer: PythonIssuer, code: String, transactionCode: String?
    ) async throws -> (status: Int, json: JSONObject) {
        var form = [("grant_type", Self.preAuthorizedGrant), ("pre-authorized_code", code)]
        if let transactionCode { form.append(("tx_code", transactionCode)) }
        let response = try await http.postForm(issuer.baseURL.appendingPathComponent("token"), form: form)
        return (response.status, try #require(try JSONValue(parsing: response.body).objectValue))
    }

    func accessToken(_ issuer: PythonIssuer, code: String, transactionCode: String?) async throws -> String {
        let response = try await tokenResponse(issuer, code: code, transactionCode: transactionCode)
        #expect(response.status == 200 && response.json["token_type"] == "Bearer")
        return try #require(response.json["access_token"]?.stringValue)
    }

    func freshNonce(_ issuer: PythonIssuer) async throws -> String {
        let response = try await http.send(HTTPRequest(method: .post, url: issuer.baseURL.appendingPathComponent("nonce")))
        #expect(response.headers["Cache-Control"] == "no-store")
        return try #require(try JSONValue(parsing: response.body).objectValue?["c_nonce"]?.stringValue)
    }

    func jwk(_ key: PublicKey) throws -> JSONValue {
        try JSONValue(parsing: JWK(publicKey: key).jsonData())
    }

    /// A well-formed `jwt` key proof for `key` with a fresh nonce.
    func proof(_ issuer: PythonIssuer, key: PrivateKey) async throws -> String {
        let claims: JSONObject = [
            "aud": .string(issuer.baseURL.absoluteString), "iat": .number(JSONNumber(Int(Date().timeIntervalSince1970))),
            "nonce": .string(try await freshNonce(issuer)),
        ]
        let header = JOSEHeader(members: ["typ": "openid4vci-proof+jwt", "jwk": try jwk(key.publicKey)])
        return try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header, signer: try SoftwareSigner(privateKey: key))
    }

    func requestCredential(
        _ issuer: PythonIssuer, token: String, configuration: String, proofs: [String]
    ) async throws -> (status: Int, json: JSONObject) {
        let body: JSONValue = [
            "credential_configuration_id": .string(configuration), "proofs": ["jwt": .array(proofs.map(JSONValue.string))],
        ]
        let response = try await http.postJSON(
            issuer.baseURL.appendingPathComponent("credential"), json: body.serialized(),
            headers: ["Authorization": "Bearer \(token)"])
        return (response.status, try #require(try JSONValue(parsing: response.body).objectValue))
    }
}

import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import OpenID4VP
import SDJWT
import Testing

@Suite("OpenID4VP over the Digital Credentials API (Appendix A)")
struct DigitalCredentialsAPITests {
    static let origin = "https://verifier.example"
    static let query: JSONValue = [
        "credentials": [["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["given_name"]]]]],
    ]
    static let mdlQuery: JSONValue = [
        "credentials": [["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
                         "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]]],
    ]

    static func unsigned(_ extra: JSONObject = [:], query: JSONValue = DigitalCredentialsAPITests.query) -> JSONValue {
        var object: JSONObject = ["response_type": "vp_token", "response_mode": "dc_api", "nonce": "n-dc-1", "dcql_query": query]
        for (name, value) in extra { object[name] = value }
        return .object(object)
    }

    @Test func anUnsignedRequestIsBoundToTheCallingOrigin() async throws {
        let held = try await HeldCredentials()
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseDigitalCredentialsAPIRequest(
            data: Self.unsigned(["client_id": "x509_san_dns:impostor.example"]), origin: Self.origin, walletConfiguration: .testing())
        #expect(parsed.request.audience == "origin:https://verifier.example")
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        #expect(resolved.verifierInfo.prefix == .origin)
        #expect(resolved.verifierInfo.clientID == "origin:https://verifier.example")
        let presentation = try await PresentationFactory(request: resolved.request).sdJWTPresentation(
            of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid", holderKey: try held.holderSigner)
        let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
            SelectedCredential(credentialQueryID: "pid", credentialID: "pid-1", presentation: presentation, format: "dc+sd-jwt"),
        ])
        guard case let .digitalCredentialsAPI(data) = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response) else {
            Issue.record("a dc_api response goes back to the platform")
            return
        }
        let sent = try #require(data["vp_token"]?["pid"]?[0]?.stringValue)
        _ = try SDJWTVerifier(keyBinding: .required(audience: "origin:https://verifier.example", nonce: "n-dc-1"))
            .verify(SDJWTObject(parsing: sent), issuerKey: JWSVerificationKey(held.issuerKey.publicKey))
        #expect(throws: SDJWTError.self) {
            try SDJWTVerifier(keyBinding: .required(audience: "x509_san_dns:impostor.example", nonce: "n-dc-1"))
                .verify(SDJWTObject(parsing: sent), issuerKey: JWSVerificationKey(held.issuerKey.publicKey))
        }
        let declined = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: holder.createErrorResponse(request: resolved))
        #expect(declined == .digitalCredentialsAPI(data: ["error": "access_denied"]))
    }

    @Test func responseModesMustFitTheChannel() async throws {
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        await #expect(throws: OpenID4VPError.self) {
            _ = try await holder.parseDigitalCredentialsAPIRequest(
                data: Self.unsigned(["response_mode": "direct_post", "response_uri": "https://verifier.example/post"]),
                origin: Self.origin, walletConfiguration: .testing())
        }
        await #expect(throws: OpenID4VPError.self) {
            _ = try await holder.parseAuthorizationRequest(
                requestURI: requestLink([
                    ("client_id", "redirect_uri:https://verifier.example/cb"), ("response_type", "vp_token"),
                    ("response_mode", "dc_api"), ("nonce", "n"), ("dcql_query", Self.query.serializedString()),
                ]),
                walletConfiguration: .testing())
        }
    }

    func signedRequest(_ verifier: TestVerifier, expectedOrigins: JSONValue?) async throws -> JSONValue {
        var claims: JSONObject = [
            "client_id": "x509_san_dns:verifier.example", "response_type": "vp_token", "response_mode": "dc_api",
            "nonce": "n-dc-2", "dcql_query": Self.query,
        ]
        if let expectedOrigins { claims["expected_origins"] = expectedOrigins }
        return ["request": .string(try await verifier.sign(claims))]
    }

    @Test func aSignedRequestMustListTheCallingOrigin() async throws {
        let verifier = try TestVerifier()
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseDigitalCredentialsAPIRequest(
            data: try await signedRequest(verifier, expectedOrigins: ["https://other.example", .string(Self.origin)]),
            origin: Self.origin, walletConfiguration: trusting)
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        #expect(resolved.verifierInfo.prefix == .x509SANDNS)
        #expect(resolved.verifierInfo.clientIDValid)
        // The audience is still the origin, not the client identifier (Appendix A.4).
        #expect(resolved.request.audience == "origin:https://verifier.example")

        for origins: JSONValue? in [nil, ["https://verifier.example/"], ["https://attacker.example"]] {
            await #expect(throws: OpenID4VPError.self, "\(String(describing: origins))") {
                _ = try await holder.parseDigitalCredentialsAPIRequest(
                    data: try await signedRequest(verifier, expectedOrigins: origins), origin: Self.origin, walletConfiguration: trusting)
            }
        }
    }

    @Test func aMultiSignedRequestUsesTheSignatureOfAnAcceptedPrefix() async throws {
        let verifier = try TestVerifier()
        let payload: JSONObject = [
            "response_type": "vp_token", "response_mode": "dc_api", "nonce": "n-dc-3", "dcql_query": Self.query,
            "expected_origins": [.string(Self.origin)],
        ]
        var x509Header = JOSEHeader(type: "oauth-authz-req+jwt", extra: ["client_id": "x509_san_dns:verifier.example"])
        x509Header.certificateChain = try verifier.chain
        let document = try await JWS.signJSON(
            payload: JSONValue.object(payload).serialized(),
            signers: [
                (header: JOSEHeader(type: "oauth-authz-req+jwt", extra: ["client_id": "openid_federation:https://verifier.example"]),
                 unprotected: nil, signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))),
                (header: x509Header, unprotected: nil, signer: try SoftwareSigner(privateKey: verifier.leafKey)),
            ])
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseDigitalCredentialsAPIRequest(
            data: ["request": try JSONValue(parsing: document)], origin: Self.origin,
            walletConfiguration: try .testing { $0.verifierTrustAnchors = try verifier.anchors })
        #expect(parsed.clientID == "x509_san_dns:verifier.example")
        #expect(try await holder.resolveAuthorizationRequest(parsed).verifierInfo.clientIDValid)
    }

    @Test func anEncryptedMdocResponseIsBoundToTheOriginHandover() async throws {
        let held = try await HeldCredentials()
        let verifierKey = PrivateKey(curve: .p256)
        var jwk = JWK(publicKey: verifierKey.publicKey, keyID: "dc-enc")
        jwk.alg = "ECDH-ES"
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseDigitalCredentialsAPIRequest(
            data: Self.unsigned([
                "response_mode": "dc_api.jwt",
                "client_metadata": ["jwks": ["keys": [try JSONValue(parsing: jwk.jsonData())]]],
            ], query: Self.mdlQuery),
            origin: Self.origin, walletConfiguration: .testing())
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        let presentation = try await PresentationFactory(request: resolved.request).mdocPresentation(
            of: held.mdl, elements: ["org.iso.18013.5.1": ["age_over_18"]], deviceKey: try held.holderSigner)
        let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
            SelectedCredential(credentialQueryID: "mdl", credentialID: "mdl-1", presentation: presentation, format: "mso_mdoc"),
        ])
        guard case let .digitalCredentialsAPI(data) = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response),
              let jwe = data["response"]?.stringValue
        else {
            Issue.record("a dc_api.jwt response is an encrypted response member")
            return
        }
        let payload = try JSONValue(parsing: try JWE.decryptCompact(jwe, key: .privateKey(verifierKey)).plaintext)
        let deviceResponse = try DeviceResponse(decoding: Base64URL.decode(try #require(payload["vp_token"]?["mdl"]?[0]?.stringValue)))
        let transcript = SessionTranscript.openID4VPDigitalCredentialsAPI(origin: Self.origin, nonce: "n-dc-1", jwkThumbprint: try jwk.thumbprint())
        let reports = await DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: held.mdlAnchors, chainPolicies: []))
            .verify(deviceResponse, sessionTranscript: transcript)
        #expect(reports.first?.isValid == true, "\(String(describing: reports.first?.firstFailure))")
        let redirectTranscript = SessionTranscript.openID4VP(
            clientID: "origin:\(Self.origin)", nonce: "n-dc-1", jwkThumbprint: try jwk.thumbprint(), responseURI: Self.origin)
        let wrong = await DeviceResponseVerifier(issuerValidator: IssuerSignedValidator(trustAnchors: held.mdlAnchors, chainPolicies: []))
            .verify(deviceResponse, sessionTranscript: redirectTranscript)
        #expect(wrong.first?.isValid == false)
    }
}

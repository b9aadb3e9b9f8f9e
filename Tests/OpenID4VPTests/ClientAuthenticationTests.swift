import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import OpenID4VP
import Testing

@Suite("Client identifier prefixes (§5.9.3)")
struct ClientAuthenticationTests {
    /// Opens a signed request object and authenticates its sender.
    func authenticate(
        _ token: String, configuration: WalletConfiguration
    ) async throws -> VerifierInfo {
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        // The link names the client its request object names (RFC 9101 §5).
        let payload = try JSONValue(parsing: Base64URL.decode(String(token.split(separator: ".")[1])))
        let clientID = try #require(payload["client_id"]?.stringValue)
        let parsed = try await holder.parseAuthorizationRequest(
            requestURI: requestLink([("client_id", clientID), ("request", token)]), walletConfiguration: configuration)
        return try await holder.resolveAuthorizationRequest(parsed).verifierInfo
    }

    func expectAuthenticationFailure(
        _ token: String, configuration: WalletConfiguration, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await #expect(sourceLocation: sourceLocation) {
            _ = try await authenticate(token, configuration: configuration)
        } throws: { error in
            if case .clientAuthenticationFailed = error as? OpenID4VPError { return true }
            return false
        }
    }

    // MARK: x509_san_dns

    @Test func x509SANDNSWithATrustedChainAuthenticates() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        let info = try await authenticate(token, configuration: try .testing { $0.verifierTrustAnchors = try verifier.anchors })
        #expect(info.clientIDValid)
        #expect(info.prefix == .x509SANDNS)
        #expect(info.clientIDScheme == "x509_san_dns")
        #expect(info.displayName == "Example Verifier")
        #expect(info.trustRoot?.contains("Test Verifier Root") == true)
        #expect(info.certificateChain == (try verifier.chain))
    }

    @Test func x509SANDNSForgeriesAreRefused() async throws {
        let verifier = try TestVerifier()
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        // A name the certificate does not carry.
        await expectAuthenticationFailure(
            try await verifier.sign(TestVerifier.parameters(
                clientID: "x509_san_dns:bank.example", responseURI: "https://bank.example/post")),
            configuration: trusting)
        // Signed by a key other than the certificate's.
        await expectAuthenticationFailure(
            try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"), key: PrivateKey(curve: .p256)),
            configuration: trusting)
        // A chain to a root the wallet does not trust.
        await expectAuthenticationFailure(
            try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")),
            configuration: .testing())
        // Responses sent to another host.
        await expectAuthenticationFailure(
            try await verifier.sign(TestVerifier.parameters(
                clientID: "x509_san_dns:verifier.example", responseURI: "https://collector.example/post")),
            configuration: trusting)
        // Unsigned.
        let unsigned = requestLink(
            TestVerifier.parameters(clientID: "x509_san_dns:verifier.example").members.map { ($0.0, $0.1.stringValue ?? $0.1.serializedString()) })
        await #expect(throws: OpenID4VPError.self) {
            let holder = OpenID4VPHolder(httpClient: NoNetwork())
            let parsed = try await holder.parseAuthorizationRequest(requestURI: unsigned, walletConfiguration: trusting)
            _ = try await holder.resolveAuthorizationRequest(parsed)
        }
    }

    @Test func aTrustedClientMayUseAnotherResponseHost() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:verifier.example", responseURI: "https://responses.example/post"))
        let info = try await authenticate(token, configuration: try .testing {
            $0.verifierTrustAnchors = try verifier.anchors
            $0.trustedClientIdentifiers = ["x509_san_dns:verifier.example"]
        })
        #expect(info.clientIDValid)
    }

    @Test func theRequestObjectTypeIsRequired() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"), type: "JWT")
        await #expect(throws: OpenID4VPError.invalidRequestObject("typ must be oauth-authz-req+jwt")) {
            _ = try await authenticate(token, configuration: try .testing { $0.verifierTrustAnchors = try verifier.anchors })
        }
    }

    /// A multi-signed request (JWS JSON serialization) is accepted when the signature the
    /// prefix vouches for verifies, even if another signature is bad.
    @Test func aMultiSignedRequestWithOneBadSignatureIsAccepted() async throws {
        let verifier = try TestVerifier()
        var x509Header = JOSEHeader(type: "oauth-authz-req+jwt")
        x509Header.certificateChain = try verifier.chain
        let otherKey = PrivateKey(curve: .p256)
        let document = try await JWS.signJSON(
            payload: JSONValue.object(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")).serialized(),
            signers: [
                (header: JOSEHeader(keyID: "did:example:other#1", type: "oauth-authz-req+jwt"), unprotected: nil,
                 signer: try SoftwareSigner(privateKey: otherKey)),
                (header: x509Header, unprotected: nil, signer: try SoftwareSigner(privateKey: verifier.leafKey)),
            ])
        var json = try JSONValue(parsing: document)
        guard case var .object(root) = json, case var .array(signatures)? = root["signatures"], case var .object(first) = signatures[0] else {
            Issue.record("a general JWS JSON serialization")
            return
        }
        first["signature"] = .string(String(repeating: "A", count: 86))
        signatures[0] = .object(first)
        root["signatures"] = .array(signatures)
        json = .object(root)
        let encoded = try #require(json.serializedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        let parsed = try await holder.parseAuthorizationRequest(requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(encoded)", walletConfiguration: trusting)
        #expect(try await holder.resolveAuthorizationRequest(parsed).verifierInfo.clientIDValid)

        // With the x5c signature itself broken, the request is refused.
        guard case var .object(second) = signatures[1] else { return }
        second["signature"] = .string(String(repeating: "A", count: 86))
        signatures[1] = .object(second)
        root["signatures"] = .array(signatures)
        let broken = try #require(JSONValue.object(root).serializedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let parsedBroken = try await holder.parseAuthorizationRequest(requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(broken)", walletConfiguration: trusting)
        await #expect(throws: OpenID4VPError.self) { _ = try await holder.resolveAuthorizationRequest(parsedBroken) }
    }

    // MARK: x509_hash

    @Test func x509HashMatchesTheLeafCertificate() async throws {
        let verifier = try TestVerifier()
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_hash:\(try verifier.x509Hash)"))
        #expect(try await authenticate(token, configuration: trusting).clientIDValid)
        let other = try TestVerifier()
        await expectAuthenticationFailure(
            try await verifier.sign(TestVerifier.parameters(clientID: "x509_hash:\(try other.x509Hash)")),
            configuration: trusting)
    }

    // MARK: decentralized_identifier

    @Test func aDIDVerifierSignsWithAKeyOfItsDocument() async throws {
        let (key, did, kid) = try await TestVerifier.didKey()
        var claims = TestVerifier.parameters(clientID: "decentralized_identifier:\(did)")
        claims["client_metadata"] = ["client_name": "DID Verifier"]
        var header = JOSEHeader()
        header.members["typ"] = "oauth-authz-req+jwt"
        let token = try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header, signer: SoftwareSigner(privateKey: key, keyID: kid))
        let info = try await authenticate(token, configuration: .testing())
        #expect(info.clientIDValid)
        #expect(info.displayName == "DID Verifier")

        let impostor = try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header,
            signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256), keyID: kid))
        await expectAuthenticationFailure(impostor, configuration: .testing())
        let otherDID = try DIDKey.make(for: PrivateKey(curve: .p256).publicKey)
        let foreignKid = try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header,
            signer: SoftwareSigner(privateKey: key, keyID: "\(otherDID)#key-1"))
        await expectAuthenticationFailure(foreignKid, configuration: .testing())
    }

    // MARK: verifier_attestation

    func attestation(issuerKey: PrivateKey, subject: String, holder: PublicKey, expiresIn: TimeInterval = 3600, redirectURIs: [String]? = nil) async throws -> String {
        var claims: JSONObject = [
            "iss": "https://attester.example", "sub": .string(subject),
            "exp": .number(JSONNumber(Int(TestVerifier.now.timeIntervalSince1970 + expiresIn))),
            "cnf": ["jwk": try JSONValue(parsing: JWK(publicKey: holder).jsonData())],
        ]
        if let redirectURIs { claims["redirect_uris"] = .array(redirectURIs.map(JSONValue.string)) }
        var header = JOSEHeader()
        header.members["typ"] = "verifier-attestation+jwt"
        return try await JWS.signCompact(payload: JSONValue.object(claims).serialized(), header: header, signer: SoftwareSigner(privateKey: issuerKey))
    }

    func requestWithAttestation(_ attestation: String, signer: PrivateKey, responseURI: String = "https://verifier.example/post") async throws -> String {
        var header = JOSEHeader()
        header.members["typ"] = "oauth-authz-req+jwt"
        header.members["jwt"] = .string(attestation)
        return try await JWS.signCompact(
            payload: JSONValue.object(TestVerifier.parameters(clientID: "verifier_attestation:verifier.example", responseURI: responseURI)).serialized(),
            header: header, signer: SoftwareSigner(privateKey: signer))
    }

    @Test func aVerifierAttestationBindsTheRequestKey() async throws {
        let attester = PrivateKey(curve: .p256)
        let verifierKey = PrivateKey(curve: .p256)
        let trusting = WalletConfiguration.testing {
            $0.trustedAttestationIssuers = ["https://attester.example": [JWK(publicKey: attester.publicKey)]]
        }
        let good = try await attestation(issuerKey: attester, subject: "verifier.example", holder: verifierKey.publicKey,
                                         redirectURIs: ["https://verifier.example/post"])
        let info = try await authenticate(try await requestWithAttestation(good, signer: verifierKey), configuration: trusting)
        #expect(info.clientIDValid)
        #expect(info.trustRoot == "https://attester.example")

        // The request signed by a key other than the attested one.
        await expectAuthenticationFailure(try await requestWithAttestation(good, signer: PrivateKey(curve: .p256)), configuration: trusting)
        // An attestation from an untrusted issuer.
        await expectAuthenticationFailure(try await requestWithAttestation(good, signer: verifierKey), configuration: .testing())
        // An attestation for another subject.
        let otherSubject = try await attestation(issuerKey: attester, subject: "other.example", holder: verifierKey.publicKey)
        await expectAuthenticationFailure(try await requestWithAttestation(otherSubject, signer: verifierKey), configuration: trusting)
        // An expired attestation.
        let expired = try await attestation(issuerKey: attester, subject: "verifier.example", holder: verifierKey.publicKey, expiresIn: -3600)
        await expectAuthenticationFailure(try await requestWithAttestation(expired, signer: verifierKey), configuration: trusting)
        // A response destination outside the attested redirect_uris.
        await expectAuthenticationFailure(
            try await requestWithAttestation(good, signer: verifierKey, responseURI: "https://verifier.example/elsewhere"),
            configuration: trusting)
        // A forged attestation (signed by someone else, claiming the trusted issuer).
        let forged = try await attestation(issuerKey: PrivateKey(curve: .p256), subject: "verifier.example", holder: verifierKey.publicKey)
        await expectAuthenticationFailure(try await requestWithAttestation(forged, signer: verifierKey), configuration: trusting)
    }

    // MARK: redirect_uri, pre-registered, origin, openid_federation

    @Test func anUnsignedRedirectURIRequestIsAcceptedButNotAuthenticated() async throws {
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseAuthorizationRequest(
            requestURI: requestLink(AuthorizationRequestTests.redirectURIRequest), walletConfiguration: .testing())
        let info = try await holder.resolveAuthorizationRequest(parsed).verifierInfo
        #expect(!info.clientIDValid)
        #expect(!info.clientIDValidationErrors.isEmpty)

        var mismatched = AuthorizationRequestTests.redirectURIRequest
        mismatched[2] = ("redirect_uri", "https://attacker.example/cb")
        let parsedMismatch = try await holder.parseAuthorizationRequest(requestURI: requestLink(mismatched), walletConfiguration: .testing())
        await #expect(throws: OpenID4VPError.self) { _ = try await holder.resolveAuthorizationRequest(parsedMismatch) }
    }

    @Test func aSignedRedirectURIRequestIsRefused() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(
            clientID: "redirect_uri:https://verifier.example/post"))
        await expectAuthenticationFailure(token, configuration: .testing())
    }

    @Test func preRegisteredClientsMustBeKnownAndSignWithTheirKeys() async throws {
        let key = PrivateKey(curve: .p256)
        var header = JOSEHeader()
        header.members["typ"] = "oauth-authz-req+jwt"
        let token = try await JWS.signCompact(
            payload: JSONValue.object(TestVerifier.parameters(clientID: "example-client")).serialized(),
            header: header, signer: SoftwareSigner(privateKey: key, keyID: "k1"))
        var jwk = JWK(publicKey: key.publicKey)
        jwk.kid = "k1"
        let knowing = WalletConfiguration.testing {
            $0.preRegisteredClients = ["example-client": PreRegisteredClient(displayName: "Example Shop", signingKeys: [jwk])]
        }
        let info = try await authenticate(token, configuration: knowing)
        #expect(info.displayName == "Example Shop")
        #expect(info.clientIDValid)
        await expectAuthenticationFailure(token, configuration: .testing())
        let impostor = try await JWS.signCompact(
            payload: JSONValue.object(TestVerifier.parameters(clientID: "example-client")).serialized(),
            header: header, signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256), keyID: "k1"))
        await expectAuthenticationFailure(impostor, configuration: knowing)

        // Registered by name only: a request naming it resolves, but is not authenticated,
        // since anyone can send this client_id.
        let nameOnly = WalletConfiguration.testing {
            $0.preRegisteredClients = ["example-client": PreRegisteredClient(displayName: "Example Shop")]
        }
        let spoofable = try await authenticate(impostor, configuration: nameOnly)
        #expect(!spoofable.clientIDValid)
        #expect(spoofable.clientIDValidationErrors.contains { $0.contains("nothing authenticates") })
    }

    @Test func originAndFederationPrefixesAreRefusedClearly() async throws {
        let verifier = try TestVerifier()
        let origin = try await verifier.sign(TestVerifier.parameters(clientID: "origin:https://verifier.example"))
        await #expect(throws: OpenID4VPError.unsupportedClientIdentifierPrefix("origin")) {
            _ = try await authenticate(origin, configuration: .testing())
        }
        let federation = try await verifier.sign(TestVerifier.parameters(clientID: "openid_federation:https://verifier.example"))
        await expectAuthenticationFailure(federation, configuration: .testing())
    }

    @Test func aRefusedPrefixIsReportedAsSuch() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        await #expect(throws: OpenID4VPError.unsupportedClientIdentifierPrefix("x509_san_dns")) {
            _ = try await authenticate(token, configuration: try .testing {
                $0.verifierTrustAnchors = try verifier.anchors
                $0.acceptedPrefixes = [.x509Hash]
            })
        }
    }
}

/// A client for tests that must not touch the network.
struct NoNetwork: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        throw .transport("this test makes no HTTP requests")
    }
}

import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VP
import Testing

/// Each client identifier prefix is a policy of its own (OpenID4VP 1.0 §5.9.3); these tests
/// hand each one forged requests directly, so a check taken out of a policy shows here.
@Suite("Client authentication policies, one per prefix")
struct ClientAuthenticationPolicyTests {
    /// The request and its (unverified) request object, as the holder hands them to a policy.
    func evidence(_ token: String) throws -> (AuthorizationRequest, JWSObject) {
        let object = try JWSObject(compact: token)
        guard let payload = object.encodedPayload,
              case .object(let claims) = try JSONValue(parsing: Base64URL.decode(payload)) else {
            throw OpenID4VPError.invalidRequestObject("not a JSON object")
        }
        return (try AuthorizationRequest(parameters: claims), object)
    }

    func expectRefused(
        _ policy: some ClientAuthenticationPolicy, _ token: String, configuration: WalletConfiguration,
        _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let (request, object) = try evidence(token)
        await expectRefused(policy, request, object, configuration: configuration, comment, sourceLocation: sourceLocation)
    }

    func expectRefused(
        _ policy: some ClientAuthenticationPolicy, _ request: AuthorizationRequest, _ object: JWSObject?,
        configuration: WalletConfiguration, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            let info = try await policy.authenticate(request, requestObject: object, configuration: configuration)
            Issue.record("accepted (\(info.clientIDValid ? "valid" : "not valid")): \(comment)", sourceLocation: sourceLocation)
        } catch {
            guard case .clientAuthenticationFailed(let prefix, _) = error else {
                Issue.record("refused with \(error), not as a failed authentication: \(comment)", sourceLocation: sourceLocation)
                return
            }
            #expect(prefix == policy.prefix.rawValue, comment, sourceLocation: sourceLocation)
        }
    }

    func signedWithHeader(_ claims: JSONObject, key: PrivateKey, keyID: String? = nil, jwt: String? = nil) async throws -> String {
        var header = JOSEHeader()
        header.members["typ"] = .string(ClientAuthenticator.requestObjectType)
        if let jwt { header.members["jwt"] = .string(jwt) }
        return try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header, signer: SoftwareSigner(privateKey: key, keyID: keyID))
    }

    // MARK: x509_san_dns

    @Test func x509SANDNSRefusesANameTheCertificateDoesNotCarryAForeignKeyAndAnotherHost() async throws {
        let verifier = try TestVerifier()
        let policy = X509SANDNSClientPolicy()
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        let (request, object) = try evidence(try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")))
        #expect(try await policy.authenticate(request, requestObject: object, configuration: trusting).clientIDValid)

        try await expectRefused(policy, try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:bank.example", responseURI: "https://bank.example/post")),
            configuration: trusting, "SAN mismatch")
        try await expectRefused(policy, try await verifier.sign(
            TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"), key: PrivateKey(curve: .p256)),
            configuration: trusting, "signed by a key other than the certificate's")
        try await expectRefused(policy, try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:verifier.example", responseURI: "https://collector.example/post")),
            configuration: trusting, "responses to another host")
        await expectRefused(policy, request, object, configuration: .testing(), "a chain to a root the wallet does not trust")
        await expectRefused(policy, request, nil, configuration: trusting, "unsigned")
    }

    // MARK: x509_hash

    @Test func x509HashRefusesAnotherCertificatesHashAndAForeignKey() async throws {
        let verifier = try TestVerifier()
        let policy = X509HashClientPolicy()
        let trusting = try WalletConfiguration.testing { $0.verifierTrustAnchors = try verifier.anchors }
        let (request, object) = try evidence(try await verifier.sign(TestVerifier.parameters(clientID: "x509_hash:\(try verifier.x509Hash)")))
        #expect(try await policy.authenticate(request, requestObject: object, configuration: trusting).clientIDValid)

        try await expectRefused(policy, try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_hash:\(try TestVerifier().x509Hash)")), configuration: trusting, "hash mismatch")
        try await expectRefused(policy, try await verifier.sign(
            TestVerifier.parameters(clientID: "x509_hash:\(try verifier.x509Hash)"), key: PrivateKey(curve: .p256)),
            configuration: trusting, "signed by a key other than the certificate's")
        await expectRefused(policy, request, object, configuration: .testing(), "a chain to a root the wallet does not trust")
    }

    // MARK: decentralized_identifier

    @Test func decentralizedIdentifierRefusesAForeignKeyAndAnotherDIDsKey() async throws {
        let (key, did, kid) = try await TestVerifier.didKey()
        let claims = TestVerifier.parameters(clientID: "decentralized_identifier:\(did)")
        let policy = DecentralizedIdentifierClientPolicy()
        let (request, object) = try evidence(try await signedWithHeader(claims, key: key, keyID: kid))
        #expect(try await policy.authenticate(request, requestObject: object, configuration: .testing()).clientIDValid)

        try await expectRefused(policy, try await signedWithHeader(claims, key: PrivateKey(curve: .p256), keyID: kid),
                                configuration: .testing(), "signed by a key not in the DID document")
        let otherDID = try DIDKey.make(for: PrivateKey(curve: .p256).publicKey)
        try await expectRefused(policy, try await signedWithHeader(claims, key: key, keyID: "\(otherDID)#key-1"),
                                configuration: .testing(), "a kid of another DID")
        await expectRefused(policy, request, nil, configuration: .testing(), "unsigned")
    }

    // MARK: verifier_attestation

    @Test func verifierAttestationRefusesAForeignKeyAnotherSubjectAndAnotherDestination() async throws {
        let attester = PrivateKey(curve: .p256)
        let verifierKey = PrivateKey(curve: .p256)
        let trusting = WalletConfiguration.testing {
            $0.trustedAttestationIssuers = ["https://attester.example": [JWK(publicKey: attester.publicKey)]]
        }
        let fixtures = ClientAuthenticationTests()
        let policy = VerifierAttestationClientPolicy()
        let good = try await fixtures.attestation(
            issuerKey: attester, subject: "verifier.example", holder: verifierKey.publicKey, redirectURIs: ["https://verifier.example/post"])
        let (request, object) = try evidence(try await fixtures.requestWithAttestation(good, signer: verifierKey))
        #expect(try await policy.authenticate(request, requestObject: object, configuration: trusting).clientIDValid)

        try await expectRefused(policy, try await fixtures.requestWithAttestation(good, signer: PrivateKey(curve: .p256)),
                                configuration: trusting, "request signed by a key other than the attested one")
        let otherSubject = try await fixtures.attestation(issuerKey: attester, subject: "other.example", holder: verifierKey.publicKey)
        try await expectRefused(policy, try await fixtures.requestWithAttestation(otherSubject, signer: verifierKey),
                                configuration: trusting, "an attestation for another subject")
        try await expectRefused(policy, try await fixtures.requestWithAttestation(
            good, signer: verifierKey, responseURI: "https://verifier.example/elsewhere"),
            configuration: trusting, "a destination outside the attested redirect_uris")
        let forged = try await fixtures.attestation(issuerKey: PrivateKey(curve: .p256), subject: "verifier.example", holder: verifierKey.publicKey)
        try await expectRefused(policy, try await fixtures.requestWithAttestation(forged, signer: verifierKey),
                                configuration: trusting, "an attestation not signed by the trusted issuer")
    }

    // MARK: pre-registered

    @Test func preRegisteredRefusesAnUnknownClientAForeignKeyAndAnUnregisteredDestination() async throws {
        let key = PrivateKey(curve: .p256)
        var jwk = JWK(publicKey: key.publicKey)
        jwk.kid = "k1"
        let knowing = WalletConfiguration.testing {
            $0.preRegisteredClients = ["example-client": PreRegisteredClient(
                displayName: "Example Shop", signingKeys: [jwk], redirectURIs: [URL(string: "https://verifier.example/post")!])]
        }
        let policy = PreRegisteredClientPolicy()
        let claims = TestVerifier.parameters(clientID: "example-client")
        let (request, object) = try evidence(try await signedWithHeader(claims, key: key, keyID: "k1"))
        #expect(try await policy.authenticate(request, requestObject: object, configuration: knowing).clientIDValid)

        await expectRefused(policy, request, object, configuration: .testing(), "a client the wallet does not know")
        try await expectRefused(policy, try await signedWithHeader(claims, key: PrivateKey(curve: .p256), keyID: "k1"),
                                configuration: knowing, "signed by a key other than the registered one")
        await expectRefused(policy, request, nil, configuration: knowing, "unsigned, though registered with keys")
        try await expectRefused(policy, try await signedWithHeader(
            TestVerifier.parameters(clientID: "example-client", responseURI: "https://verifier.example/elsewhere"), key: key, keyID: "k1"),
            configuration: knowing, "a destination not registered for the client")
    }

    // MARK: redirect_uri

    @Test func redirectURIRefusesASignedRequestAndAnotherDestination() async throws {
        let policy = RedirectURIClientPolicy()
        let claims = TestVerifier.parameters(clientID: "redirect_uri:https://verifier.example/post")
        let request = try AuthorizationRequest(parameters: claims)
        let info = try await policy.authenticate(request, requestObject: nil, configuration: .testing())
        #expect(!info.clientIDValid, "unsigned: accepted, but not authenticated")

        let (signed, object) = try evidence(try await signedWithHeader(claims, key: PrivateKey(curve: .p256)))
        await expectRefused(policy, signed, object, configuration: .testing(), "a signed redirect_uri: request")
        let elsewhere = try AuthorizationRequest(parameters: TestVerifier.parameters(
            clientID: "redirect_uri:https://verifier.example/post", responseURI: "https://attacker.example/post"))
        await expectRefused(policy, elsewhere, nil, configuration: .testing(), "a response destination other than the identifier")
    }

    // MARK: Compositions

    @Test func aPrefixWithoutAPolicyInTheSetIsRefused() async throws {
        let verifier = try TestVerifier()
        let (request, object) = try evidence(try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")))
        let configuration = try WalletConfiguration.testing {
            $0.verifierTrustAnchors = try verifier.anchors
            $0.clientAuthentication = ClientAuthenticationPolicies([X509HashClientPolicy()])
        }
        await #expect(throws: OpenID4VPError.unsupportedClientIdentifierPrefix("x509_san_dns")) {
            _ = try await ClientAuthenticator(configuration: configuration).authenticate(request, requestObject: object)
        }
    }

    @Test func haipIsTheCertificatePoliciesAlone() async throws {
        #expect(ClientAuthenticationPolicies.haip.prefixes == [.x509SANDNS, .x509Hash])
        let verifier = try TestVerifier()
        let haip = try WalletConfiguration.testing {
            $0.verifierTrustAnchors = try verifier.anchors
            $0.clientAuthentication = .haip
        }
        let (x509, x509Object) = try evidence(try await verifier.sign(TestVerifier.parameters(clientID: "x509_hash:\(try verifier.x509Hash)")))
        #expect(try await ClientAuthenticator(configuration: haip).authenticate(x509, requestObject: x509Object).clientIDValid)

        // A request the standard set authenticates (a DID verifier) is not one HAIP accepts.
        let key = PrivateKey(curve: .p256)
        let did = try DIDKey.make(for: key.publicKey)
        let kid = try #require(try await DIDResolverRegistry.offline().resolve(did).document.verificationMethod.first?.id.description)
        let (didRequest, didObject) = try evidence(try await signedWithHeader(
            TestVerifier.parameters(clientID: "decentralized_identifier:\(did)"), key: key, keyID: kid))
        #expect(try await ClientAuthenticator(configuration: .testing()).authenticate(didRequest, requestObject: didObject).clientIDValid)
        await #expect(throws: OpenID4VPError.unsupportedClientIdentifierPrefix("decentralized_identifier")) {
            _ = try await ClientAuthenticator(configuration: haip).authenticate(didRequest, requestObject: didObject)
        }
        let unsigned = try AuthorizationRequest(parameters: TestVerifier.parameters(clientID: "redirect_uri:https://verifier.example/post"))
        await #expect(throws: OpenID4VPError.unsupportedClientIdentifierPrefix("redirect_uri")) {
            _ = try await ClientAuthenticator(configuration: haip).authenticate(unsigned, requestObject: nil)
        }
    }

    @Test func narrowingTheAcceptedPrefixesKeepsTheConfiguredPolicies() {
        var configuration = WalletConfiguration.testing()
        #expect(configuration.acceptedPrefixes == WalletConfiguration.defaultPrefixes)
        configuration.acceptedPrefixes = [.x509Hash, .redirectURI]
        #expect(configuration.clientAuthentication.prefixes == [.x509Hash, .redirectURI])
        configuration.clientAuthentication = .haip
        configuration.acceptedPrefixes = [.x509Hash, .decentralizedIdentifier]
        #expect(configuration.clientAuthentication.policy(for: .decentralizedIdentifier) is DecentralizedIdentifierClientPolicy)
        #expect(configuration.clientAuthentication.policy(for: .x509SANDNS) == nil)
    }
}

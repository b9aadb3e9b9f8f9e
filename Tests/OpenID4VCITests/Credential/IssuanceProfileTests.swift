import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// The HAIP profile switch (OpenID4VC HAIP 1.0 §4): each rule is refused with a typed
/// `profileViolation` naming it, before the step that would send a secret.
@Suite("Issuance profile")
struct IssuanceProfileTests {
    static let client = URLSessionHTTPClient()

    static func haipSession(dpop: Bool = true) throws -> IssuanceSession {
        IssuanceSession(
            httpClient: client,
            dpop: dpop ? DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))) : nil,
            clientID: TestAuthorizationServer.clientID, profile: .haip)
    }

    static func authorizationCodeOffer(_ server: TestAuthorizationServer) throws -> CredentialOffer {
        try IssuanceSessionTests.offer(server, grants: #"{"authorization_code":{"issuer_state":"s1"}}"#)
    }

    static func preAuthorizedOffer(_ server: TestAuthorizationServer) throws -> CredentialOffer {
        try IssuanceSessionTests.offer(
            server, grants: #"{"urn:ietf:params:oauth:grant-type:pre-authorized_code":{"pre-authorized_code":"\#(TestAuthorizationServer.preAuthorizedCode)","tx_code":{"length":6}}}"#)
    }

    /// The rule a thrown error names, or `nil` when it is not a profile violation.
    static func rule(_ body: () async throws -> Void) async -> IssuanceProfile.Rule? {
        do {
            try await body()
            return nil
        } catch let OpenID4VCIError.profileViolation(rule, _) {
            return rule
        } catch {
            Issue.record("not a profile violation: \(error)")
            return nil
        }
    }

    @Test func theHAIPProfileIsPARDPoPKeyAttestationES256AndX509IssuerKeys() {
        let haip = IssuanceProfile.haip
        #expect(haip.requiresPushedAuthorization && haip.requiresDPoP && haip.requiresKeyAttestation)
        #expect(haip.signingAlgorithms == ["ES256"])
        #expect(haip.requiresX509IssuerKeys, "the wallet reads this to insist on x5c / x5chain issuer keys")
        let standard = IssuanceProfile.standard
        #expect(!standard.requiresPushedAuthorization && !standard.requiresDPoP && !standard.requiresKeyAttestation)
        #expect(standard.signingAlgorithms.isEmpty && !standard.requiresX509IssuerKeys)
    }

    @Test func aHaipVciLinkSuggestsTheHAIPProfile() throws {
        let offer = #"{"credential_issuer":"https://issuer.example","credential_configuration_ids":["pid"]}"#
        let query = "credential_offer=" + (offer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        #expect(IssuanceProfile.suggested(forOfferLink: "haip-vci://?" + query) == .haip)
        #expect(IssuanceProfile.suggested(forOfferLink: "  HAIP-VCI://?" + query) == .haip)
        #expect(IssuanceProfile.suggested(forOfferLink: "openid-credential-offer://?" + query) == .standard)
        #expect(IssuanceProfile.suggested(forOfferLink: "https://issuer.example/offer?" + query) == .standard)
        // The link itself parses the same under either scheme.
        #expect(try CredentialOfferLink("haip-vci://?" + query) == CredentialOfferLink("openid-credential-offer://?" + query))
    }

    @Test func anAuthorizationServerWithoutPARIsRefusedBeforeAnythingIsPushed() async throws {
        let server = TestAuthorizationServer { $0.pushedAuthorization = false }
        try await server.run { _ in
            let offer = try Self.authorizationCodeOffer(server)
            #expect(await Self.rule { _ = try await Self.haipSession().discover(offer) } == .pushedAuthorization)
            // A discovery made under the standard profile is checked again when the flow starts.
            let discovery = try await IssuanceSessionTests.session().discover(offer)
            let redirect = try #require(URL(string: "https://wallet.example/cb"))
            #expect(await Self.rule { _ = try await Self.haipSession().beginAuthorization(discovery, redirectURI: redirect) }
                == .pushedAuthorization)
            #expect(server.parRequestCount == 0 && server.tokenRequestCount == 0)
            // The standard profile falls back to a plain authorization request.
            let flow = try await IssuanceSessionTests.session().beginAuthorization(discovery, redirectURI: redirect)
            #expect(!flow.pushed)
        }
    }

    @Test func aSessionWithoutADPoPKeyIsRefusedBeforeThePreAuthorizedCodeIsSent() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let session = try Self.haipSession(dpop: false)
            let discovery = try await session.discover(try Self.preAuthorizedOffer(server))
            #expect(await Self.rule { _ = try await session.authorize(discovery, transactionCode: "493536") } == .dpop)
            #expect(server.tokenRequestCount == 0)
            let authorized = try await Self.haipSession().authorize(discovery, transactionCode: "493536")
            #expect(authorized.accessToken.tokenType == .dpop)
        }
    }

    @Test func aServerWithoutDPoPOrWithoutES256DPoPIsRefusedAtDiscovery() async throws {
        for (algorithms, expected) in [([String](), IssuanceProfile.Rule.dpop), (["ES384", "EdDSA"], .signingAlgorithm)] {
            let server = TestAuthorizationServer { $0.dpopAlgorithms = algorithms }
            try await server.run { _ in
                let offer = try Self.preAuthorizedOffer(server)
                #expect(await Self.rule { _ = try await Self.haipSession().discover(offer) } == expected)
                _ = try await IssuanceSessionTests.session().discover(offer)
                #expect(server.tokenRequestCount == 0)
            }
        }
    }

    @Test func aDPoPKeyOfAnotherAlgorithmIsRefused() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let session = IssuanceSession(
                httpClient: Self.client, dpop: DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p384))),
                clientID: TestAuthorizationServer.clientID, profile: .haip)
            let discovery = try await session.discover(try Self.preAuthorizedOffer(server))
            #expect(await Self.rule { _ = try await session.authorize(discovery, transactionCode: "493536") } == .signingAlgorithm)
            #expect(server.tokenRequestCount == 0)
        }
    }

    @Test func aBearerTokenFromADowngradingServerIsRefused() async throws {
        let server = TestAuthorizationServer { $0.tokenTypeOverride = "Bearer" }
        try await server.run { _ in
            // The token client itself refuses the downgrade; the profile's own check is a second line.
            let session = try Self.haipSession()
            let discovery = try await session.discover(try Self.preAuthorizedOffer(server))
            await expectError(OpenID4VCIError.self, matching: {
                if case let .invalidResponse(endpoint, reason) = $0 { endpoint == .token && reason.contains("Bearer") } else { false }
            }) {
                _ = try await session.authorize(discovery, transactionCode: "493536")
            }
        }
    }

    @Test func theHAIPAuthorizationCodeFlowPushesAndEndsWithADPoPToken() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let session = try Self.haipSession()
            let discovery = try await session.discover(try Self.authorizationCodeOffer(server))
            let flow = try await session.beginAuthorization(discovery, redirectURI: try #require(URL(string: "https://wallet.example/cb")))
            #expect(flow.pushed && server.parRequestCount >= 1)
            #expect(flow.scope == "pid mdl" && flow.authorizationDetails.isEmpty, "HAIP names credentials by scope")
            let browser = URLSessionHTTPClient(policy: HTTPClientPolicy(redirects: .never))
            defer { browser.invalidate() }
            let location = try #require(try await browser.get(flow.authorizationURL).headers["Location"])
            let authorized = try await session.completeAuthorization(
                flow, redirect: try #require(URL(string: location)), discovery: discovery)
            #expect(authorized.accessToken.tokenType == .dpop)
        }
    }

    @Test func signedMetadataTrustedByABareKeyIsRefusedBeforeAnyRequest() async throws {
        let policy = SignedMetadataPolicy(mode: .verifyWhenPresent(.key(PrivateKey(curve: .p256).publicKey)))
        let session = IssuanceSession(
            httpClient: Self.client, dpop: DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))),
            clientID: TestAuthorizationServer.clientID, transport: .default, signedMetadata: policy, profile: .haip)
        // Nothing listens on port 9: a request would be a transport error, not this.
        let offer = try CredentialOffer(json: try JSONValue(parsing: #"{"credential_issuer":"http://127.0.0.1:9","credential_configuration_ids":["pid"]}"#))
        #expect(await Self.rule { _ = try await session.discover(offer) } == .x509IssuerKey)
    }

    @Test func onlyUnreachableServersAreConnectivityFailures() {
        let connectivity: [OpenID4VCIError] = [
            .transport(endpoint: .token, .timeout), .transport(endpoint: .credentialOffer, .transport("connection refused")),
        ]
        let others: [OpenID4VCIError] = [
            .transport(endpoint: .credential, .cancelled), .transport(endpoint: .credential, .tooLarge(limit: 1)),
            .transport(endpoint: .issuerMetadata, .insecureScheme("http://example.com")),
            .invalidResponse(endpoint: .nonce, reason: "HTTP 500"), .dpopNonceRetriesExhausted(endpoint: .token),
            .oauthError(endpoint: .token, status: 400, error: "invalid_grant", description: nil),
            .profileViolation(rule: .dpop, reason: "x"), .authorizationStateMismatch,
        ]
        #expect(connectivity.allSatisfy { $0.isConnectivityFailure })
        #expect(!others.contains { $0.isConnectivityFailure })
        #expect(OpenID4VCIError.transport(endpoint: .pushedAuthorization, .timeout).description
            == "the pushed authorization request endpoint could not be reached: the request timed out")
    }

    @Test func aConfigurationWithoutScopeOrAnAuthorizationDetailsRequestIsRefused() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let offer = try Self.authorizationCodeOffer(server)
            let discovery = try await IssuanceSessionTests.session().discover(offer)
            let redirect = try #require(URL(string: "https://wallet.example/cb"))
            #expect(await Self.rule {
                _ = try await Self.haipSession().beginAuthorization(discovery, redirectURI: redirect, style: .authorizationDetails)
            } == .scope)
            var unscoped = discovery.issuerMetadata
            unscoped.credentialConfigurations = unscoped.credentialConfigurations.map { configuration in
                var configuration = configuration
                if configuration.id == "pid" { configuration.scope = nil }
                return configuration
            }
            #expect(await Self.rule {
                _ = try await AuthorizationCodeFlow.start(
                    credentialConfigurationIDs: ["pid"], issuer: unscoped, server: discovery.authorizationServerMetadata,
                    clientID: TestAuthorizationServer.clientID, redirectURI: redirect,
                    tokenClient: try Self.haipSession().tokenClient(), profile: .haip)
            } == .scope)
            #expect(server.parRequestCount == 0)
        }
    }
}

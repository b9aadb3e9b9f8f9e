import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// From an offer link to an access token through ``IssuanceSession``, over loopback.
@Suite("Issuance session")
struct IssuanceSessionTests {
    static let client = URLSessionHTTPClient()

    static func session(clientID: String? = TestAuthorizationServer.clientID) throws -> IssuanceSession {
        IssuanceSession(
            httpClient: client, dpop: DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))),
            clientID: clientID)
    }

    static func offer(_ server: TestAuthorizationServer, grants: String) throws -> CredentialOffer {
        let json = #"{"credential_issuer":"\#(server.issuer)","credential_configuration_ids":["pid","org.iso.18013.5.1.mDL"],"grants":\#(grants)}"#
        return try CredentialOffer(json: try JSONValue(parsing: json))
    }

    @Test func aPreAuthorizedOfferEndsWithATokenAndEverythingTheCredentialSideNeeds() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let offer = try Self.offer(server, grants: #"{"urn:ietf:params:oauth:grant-type:pre-authorized_code":{"pre-authorized_code":"\#(TestAuthorizationServer.preAuthorizedCode)","tx_code":{"length":6}}}"#)
            let session = try Self.session()
            let discovery = try await session.discover(offer)
            #expect(discovery.grant == .preAuthorizedCode)
            #expect(discovery.offeredConfigurations.map(\.id) == ["pid", "org.iso.18013.5.1.mDL"])
            #expect(discovery.authorizationServerMetadata.issuer.absoluteString == server.authorizationServer)
            await #expect(throws: OpenID4VCIError.self) { try await session.authorize(discovery, transactionCode: nil) }
            let authorized = try await session.authorize(discovery, transactionCode: "493536")
            #expect(authorized.accessToken.tokenType == .dpop)
            #expect(authorized.issuerMetadata.credentialEndpoint.absoluteString == server.issuer + "/credential")
            #expect(authorized.dpop != nil)
            #expect(await authorized.nonces.nonce(for: authorized.authorizationServerMetadata.tokenEndpoint) != nil)
        }
    }

    @Test func anAuthorizationCodeOfferPassesItsIssuerStateAndEndsWithAToken() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let offer = try Self.offer(server, grants: #"{"authorization_code":{"issuer_state":"state-from-offer","authorization_server":"\#(server.authorizationServer)"}}"#)
            let session = try Self.session()
            let discovery = try await session.discover(offer)
            #expect(discovery.grant == .authorizationCode)
            await #expect(throws: OpenID4VCIError.unsupportedGrant("the offer has no pre-authorized code")) {
                try await session.authorize(discovery)
            }
            let redirectURI = try #require(URL(string: "https://wallet.example/cb"))
            let flow = try await session.beginAuthorization(discovery, redirectURI: redirectURI)
            let browser = URLSessionHTTPClient(policy: HTTPClientPolicy(redirects: .never))
            let location = try #require(try await browser.get(flow.authorizationURL).headers["Location"])
            let redirect = try #require(URL(string: location))
            let authorized = try await session.completeAuthorization(flow, redirect: redirect, discovery: discovery)
            #expect(authorized.accessToken.credentialIdentifiers.keys.sorted() == ["org.iso.18013.5.1.mDL", "pid"])
        }
    }

    @Test func anOfferForAnotherIssuersMetadataIsStopped() async throws {
        let server = TestAuthorizationServer {
            $0.issuerMetadataOverride = #"{"credential_issuer":"https://elsewhere.example","credential_endpoint":"https://elsewhere.example/c","credential_configurations_supported":{"pid":{"format":"dc+sd-jwt","vct":"x"}}}"#
        }
        try await server.run { _ in
            let offer = try Self.offer(server, grants: "{}")
            await #expect(throws: OpenID4VCIError.credentialIssuerMismatch(expected: server.issuer, actual: "https://elsewhere.example")) {
                try await Self.session().discover(offer)
            }
        }
    }

    @Test func anOfferHintingAnUnlistedAuthorizationServerIsStopped() async throws {
        let server = TestAuthorizationServer()
        try await server.run { base in
            let offer = try Self.offer(server, grants: #"{"authorization_code":{"authorization_server":"\#(base)/rogue"}}"#)
            let session = try Self.session()
            await expectError(OpenID4VCIError.self, matching: {
                if case .authorizationServerUnavailable = $0 { true } else { false }
            }) {
                _ = try await session.discover(offer)
            }
        }
    }

    @Test func theAuthorizationCodeFlowNeedsAClientID() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let offer = try Self.offer(server, grants: #"{"authorization_code":{}}"#)
            let session = try Self.session(clientID: nil)
            let discovery = try await session.discover(offer)
            await #expect(throws: OpenID4VCIError.self) {
                try await session.beginAuthorization(discovery, redirectURI: try #require(URL(string: "https://wallet.example/cb")))
            }
        }
    }
}

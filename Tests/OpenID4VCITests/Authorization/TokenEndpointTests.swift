import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// The token endpoint (OpenID4VCI 1.0 §6, RFC 6749 §5, RFC 9449 §5 and §8) against the test
/// authorization server, which verifies DPoP proofs, nonces and transaction codes.
@Suite("Token endpoint")
struct TokenEndpointTests {
    static let client = URLSessionHTTPClient()

    static func setUp(_ server: TestAuthorizationServer) async throws -> AuthorizationServerMetadata {
        try await AuthorizationServerMetadataResolver(httpClient: client).metadata(issuer: try #require(URL(string: server.authorizationServer)))
    }

    static func dpop() throws -> DPoPProofBuilder {
        DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)))
    }

    static let grant = CredentialOfferGrants.PreAuthorizedCode(
        code: TestAuthorizationServer.preAuthorizedCode, transactionCode: TransactionCode(inputMode: .numeric, length: 6))

    @Test func aPreAuthorizedCodeWithTransactionCodeGivesADPoPBoundToken() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let nonces = DPoPNonceStore()
            let tokens = TokenClient(httpClient: Self.client, dpop: try Self.dpop(), nonces: nonces)
            let details = [CredentialAuthorizationDetail(credentialConfigurationID: "pid")]
            let response = try await tokens.redeem(
                Self.grant, transactionCode: "493536", server: metadata, clientID: TestAuthorizationServer.clientID, authorizationDetails: details)
            #expect(response.accessToken.tokenType == .dpop)
            #expect(response.accessToken.authorizationHeader.hasPrefix("DPoP at-"))
            #expect(response.accessToken.credentialIdentifiers == ["pid": ["pid-dataset-1", "pid-dataset-2"]])
            #expect(response.authorizationDetails.first?.credentialIdentifiers.count == 2)
            #expect(try #require(response.accessToken.expiresAt).timeIntervalSinceNow > 200)
            let form = try #require(server.lastTokenForm)
            #expect(form["grant_type"] == "urn:ietf:params:oauth:grant-type:pre-authorized_code")
            #expect(form["pre-authorized_code"] == TestAuthorizationServer.preAuthorizedCode && form["tx_code"] == "493536")
            #expect(form["client_id"] == nil, "anonymous access is advertised, so the wallet is not identified")
            // The first request had no nonce: one use_dpop_nonce answer, one retry, and the nonce is remembered.
            #expect(server.tokenRequestCount == 2)
            #expect(await nonces.nonce(for: metadata.tokenEndpoint) == "server-nonce-0")
        }
    }

    @Test func withoutAnonymousAccessTheClientIDIsSent() async throws {
        let server = TestAuthorizationServer {
            $0.anonymousAccess = false
            $0.requireDPoP = false
            $0.requireDPoPNonce = false
        }
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let response = try await TokenClient(httpClient: Self.client).redeem(
                Self.grant, transactionCode: "493536", server: metadata, clientID: TestAuthorizationServer.clientID)
            #expect(response.accessToken.tokenType == .bearer)
            #expect(server.lastTokenForm?["client_id"] == TestAuthorizationServer.clientID)
        }
    }

    static let misfits: [(TransactionCode?, String?, String)] = [
        (TransactionCode(inputMode: .numeric, length: 6), nil, "missing"),
        (TransactionCode(inputMode: .numeric, length: 6), "12345", "too short"),
        (TransactionCode(inputMode: .numeric, length: 6), "12345a", "not numeric"),
        (nil, "123456", "not asked for"),
    ]

    /// The transaction code is checked against the offer's tx_code before a request is spent.
    @Test(arguments: misfits)
    func aTransactionCodeThatDoesNotFitIsNotSent(_ expected: TransactionCode?, _ given: String?, _ name: String) async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let grant = CredentialOfferGrants.PreAuthorizedCode(code: TestAuthorizationServer.preAuthorizedCode, transactionCode: expected)
            let proofs = try Self.dpop()
            await expectError(OpenID4VCIError.self, "\(name)", matching: {
                if case .invalidTransactionCode = $0 { true } else { false }
            }) {
                _ = try await TokenClient(httpClient: Self.client, dpop: proofs)
                    .redeem(grant, transactionCode: given, server: metadata, clientID: nil)
            }
            #expect(server.tokenRequestCount == 0, "\(name)")
        }
    }

    @Test func aWrongTransactionCodeSurfacesTheOAuthError() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            await #expect(throws: OpenID4VCIError.oauthError(
                endpoint: .token, status: 400, error: "invalid_grant", description: "wrong tx_code")) {
                try await TokenClient(httpClient: Self.client, dpop: try Self.dpop())
                    .redeem(Self.grant, transactionCode: "000000", server: metadata, clientID: nil)
            }
        }
    }

    /// The issue's negative test: a server that keeps asking for a new nonce.
    @Test func theDPoPNonceRetryIsBounded() async throws {
        let server = TestAuthorizationServer { $0.alwaysDemandNewNonce = true }
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            await #expect(throws: OpenID4VCIError.dpopNonceRetriesExhausted(endpoint: .token)) {
                try await TokenClient(httpClient: Self.client, dpop: try Self.dpop())
                    .redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            }
            #expect(server.tokenRequestCount == 2, "one request and exactly one retry")
        }
    }

    @Test func aRememberedNonceIsUsedStraightAway() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let nonces = DPoPNonceStore()
            await nonces.remember("server-nonce-0", for: metadata.tokenEndpoint)
            _ = try await TokenClient(httpClient: Self.client, dpop: try Self.dpop(), nonces: nonces)
                .redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            #expect(server.tokenRequestCount == 1)
        }
    }

    @Test func aBearerTokenAnsweringADPoPRequestIsRefused() async throws {
        let server = TestAuthorizationServer { $0.tokenTypeOverride = "Bearer" }
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let proofs = try Self.dpop()
            await expectError(OpenID4VCIError.self, matching: {
                if case let .invalidResponse(_, reason) = $0 { reason.contains("token_type") } else { false }
            }) {
                _ = try await TokenClient(httpClient: Self.client, dpop: proofs)
                    .redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            }
        }
    }

    @Test func withoutAProofAServerRequiringDPoPAnswersWithAnOAuthError() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            await expectError(OpenID4VCIError.self, matching: {
                if case let .oauthError(_, status, error, _) = $0 { status == 400 && error == "invalid_dpop_proof" } else { false }
            }) {
                _ = try await TokenClient(httpClient: Self.client).redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            }
        }
    }

    static let badBodies: [(String, String)] = [
        ("truncated", #"{"access_token":"a","token_type":"DPoP""#),
        ("not an object", #"["a"]"#),
        ("no access_token", #"{"token_type":"DPoP"}"#),
        ("empty access_token", #"{"access_token":"","token_type":"DPoP"}"#),
        ("no token_type", #"{"access_token":"a"}"#),
        ("unknown token_type", #"{"access_token":"a","token_type":"MAC"}"#),
        ("expires_in a string", #"{"access_token":"a","token_type":"DPoP","expires_in":"300"}"#),
        ("expires_in negative", #"{"access_token":"a","token_type":"DPoP","expires_in":-1}"#),
        ("details without identifiers", #"{"access_token":"a","token_type":"DPoP","authorization_details":[{"type":"openid_credential","credential_configuration_id":"pid"}]}"#),
        ("details not an array", #"{"access_token":"a","token_type":"DPoP","authorization_details":{}}"#),
        ("oversized", #"{"access_token":""# + String(repeating: "a", count: 70_000) + #"","token_type":"DPoP"}"#),
        ("deeply nested", #"{"access_token":"a","token_type":"DPoP","x":"# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}"),
    ]

    @Test(arguments: badBodies)
    func malformedOrOversizedTokenResponsesAreTypedErrors(_ name: String, _ body: String) async throws {
        let server = TestAuthorizationServer { $0.tokenBodyOverride = body }
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let proofs = try Self.dpop()
            await expectError(OpenID4VCIError.self, "\(name)", matching: { if case .invalidResponse = $0 { true } else { false } }) {
                _ = try await TokenClient(httpClient: Self.client, dpop: proofs)
                    .redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            }
        }
    }

    @Test func unknownMembersAndOtherDetailTypesAreIgnoredAndLegacyNonceIsKept() async throws {
        let server = TestAuthorizationServer {
            $0.tokenBodyOverride = #"{"access_token":"a","token_type":"dpop","refresh_token":"r","c_nonce":"cn","c_nonce_expires_in":60,"x":1,"authorization_details":[{"type":"payment"},{"type":"openid_credential","credential_configuration_id":"pid","credential_identifiers":["p1"]}]}"#
        }
        try await server.run { _ in
            let metadata = try await Self.setUp(server)
            let response = try await TokenClient(httpClient: Self.client, dpop: try Self.dpop())
                .redeem(Self.grant, transactionCode: "493536", server: metadata, clientID: nil)
            #expect(response.accessToken == AccessToken(value: "a", tokenType: .dpop, credentialIdentifiers: ["pid": ["p1"]]))
            #expect(response.refreshToken == "r" && response.cNonce == "cn" && response.cNonceExpiresIn == 60)
        }
    }
}

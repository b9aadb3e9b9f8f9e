import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// The authorization code flow (OpenID4VCI 1.0 §5–6) with PKCE (RFC 7636), PAR (RFC 9126),
/// DPoP (RFC 9449) and the `iss` response parameter (RFC 9207), against the test server.
@Suite("Authorization code flow")
struct AuthorizationCodeFlowTests {
    static let client = URLSessionHTTPClient()
    /// A client that returns the 302 instead of following it: the "browser".
    static let browser = URLSessionHTTPClient(policy: HTTPClientPolicy(redirects: .never))
    static let redirectURI = URL(string: "https://wallet.example/callback")!

    struct Setup {
        var issuer: CredentialIssuerMetadata
        var server: AuthorizationServerMetadata
        var tokens: TokenClient
    }

    static func setUp(_ server: TestAuthorizationServer, dpop: Bool = true) async throws -> Setup {
        let issuer = try await CredentialIssuerMetadataResolver(httpClient: client).metadata(for: try #require(URL(string: server.issuer)))
        let metadata = try await AuthorizationServerMetadataResolver(httpClient: client).metadata(for: issuer)
        let proofs = dpop ? DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))) : nil
        return Setup(issuer: issuer, server: metadata, tokens: TokenClient(httpClient: client, dpop: proofs))
    }

    static func start(_ setup: Setup, ids: [String] = ["pid"], style: AuthorizationRequestStyle = .automatic) async throws -> AuthorizationCodeFlow {
        try await AuthorizationCodeFlow.start(
            credentialConfigurationIDs: ids, issuer: setup.issuer, server: setup.server, clientID: TestAuthorizationServer.clientID,
            redirectURI: redirectURI, issuerState: "issuer-state-42", style: style, tokenClient: setup.tokens)
    }

    /// A flow for the `pid` configuration started against the running `server`, with the setup
    /// it was started from.
    static func started(_ server: TestAuthorizationServer) async throws -> (Setup, AuthorizationCodeFlow) {
        let setup = try await setUp(server)
        return (setup, try await start(setup))
    }

    /// Opens the authorization URL like a browser and returns where the server redirects.
    static func follow(_ flow: AuthorizationCodeFlow) async throws -> URL {
        let response = try await browser.get(flow.authorizationURL)
        #expect(response.status == 302, "the authorization endpoint answered \(response.status)")
        let location = try #require(response.headers["Location"])
        return try #require(URL(string: location))
    }

    @Test func parPKCEAndDPoPFromStartToToken() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            #expect(flow.pushed && server.parRequestCount == 2, "PAR with one DPoP nonce retry")
            let query = try #require(URLComponents(url: flow.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems)
            #expect(query.map(\.name) == ["client_id", "request_uri"], "after PAR only client_id and request_uri travel")
            #expect(flow.authorizationDetails == [CredentialAuthorizationDetail(
                credentialConfigurationID: "pid", locations: [server.issuer])], "locations names the issuer behind a separate AS")
            let redirect = try await Self.follow(flow)
            let response = try await flow.complete(redirect: redirect, tokenClient: setup.tokens)
            #expect(response.accessToken.tokenType == .dpop)
            #expect(response.accessToken.credentialIdentifiers["pid"] == ["pid-dataset-1", "pid-dataset-2"])
            let form = try #require(server.lastTokenForm)
            #expect(form["grant_type"] == "authorization_code" && form["code_verifier"] == flow.proofKey.verifier)
            #expect(form["redirect_uri"] == Self.redirectURI.absoluteString && form["client_id"] == TestAuthorizationServer.clientID)
        }
    }

    @Test func withoutPARTheParametersTravelInTheAuthorizationURL() async throws {
        let server = TestAuthorizationServer { $0.pushedAuthorization = false }
        try await server.run { _ in
            let setup = try await Self.setUp(server)
            let flow = try await Self.start(setup, ids: ["pid", "org.iso.18013.5.1.mDL"], style: .scope)
            #expect(!flow.pushed && server.parRequestCount == 0)
            let items = try #require(URLComponents(url: flow.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems)
            var query = [String: String]()
            for item in items { query[item.name] = item.value }
            #expect(query["response_type"] == "code" && query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"] == flow.proofKey.challenge && query["state"] == flow.state)
            #expect(query["issuer_state"] == "issuer-state-42" && query["scope"] == "pid mdl")
            #expect(query["resource"] == server.issuer && query["authorization_details"] == nil)
            let response = try await flow.complete(redirect: try await Self.follow(flow), tokenClient: setup.tokens)
            #expect(response.accessToken.tokenType == .dpop)
        }
    }

    @Test func aServerRequiringPARWithoutAnEndpointIsRefused() async throws {
        let server = TestAuthorizationServer {
            $0.pushedAuthorization = false
            $0.requirePushedAuthorization = true
        }
        try await server.run { _ in
            let setup = try await Self.setUp(server)
            await #expect(throws: OpenID4VCIError.self) { try await Self.start(setup) }
        }
    }

    @Test func theFlowSurvivesBeingPersisted() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            let stored = try JSONEncoder().encode(flow)
            let restored = try JSONDecoder().decode(AuthorizationCodeFlow.self, from: stored)
            #expect(restored == flow)
            let response = try await restored.complete(redirect: try await Self.follow(flow), tokenClient: setup.tokens)
            #expect(!response.accessToken.value.isEmpty)
        }
    }

    /// The issue's negative test: the server's PKCE check fails when the verifier is not the
    /// one the challenge was made from, and the wallet surfaces invalid_grant.
    @Test func aPKCEMismatchIsRefusedByTheServerAndSurfaced() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            let redirect = try await Self.follow(flow)
            // Swap the stored verifier for another valid one, as a code thief would have to.
            var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(flow)) as? [String: Any])
            json["proofKey"] = ["verifier": ProofKeyForCodeExchange().verifier]
            let tampered = try JSONDecoder().decode(AuthorizationCodeFlow.self, from: JSONSerialization.data(withJSONObject: json))
            await #expect(throws: OpenID4VCIError.oauthError(
                endpoint: .token, status: 400, error: "invalid_grant", description: "PKCE verification failed")) {
                try await tampered.complete(redirect: redirect, tokenClient: setup.tokens)
            }
        }
    }

    /// The issue's negative test: a redirect whose iss names another server (mix-up attack).
    @Test func aWrongIssOnTheRedirectIsRefusedBeforeRedeeming() async throws {
        let server = TestAuthorizationServer { $0.issParameter = .wrong }
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            let redirect = try await Self.follow(flow)
            let before = server.tokenRequestCount
            await #expect(throws: OpenID4VCIError.authorizationIssuerMismatch(expected: server.authorizationServer, actual: "https://attacker.example")) {
                try await flow.complete(redirect: redirect, tokenClient: setup.tokens)
            }
            #expect(server.tokenRequestCount == before, "the code is not redeemed")
        }
    }

    @Test func aMissingIssIsRefusedWhenTheServerAdvertisesIt() async throws {
        let server = TestAuthorizationServer { $0.issParameter = .omitted }
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            await #expect(throws: OpenID4VCIError.authorizationIssuerMismatch(expected: server.authorizationServer, actual: nil)) {
                try await flow.complete(redirect: try await Self.follow(flow), tokenClient: setup.tokens)
            }
            // A server that does not advertise RFC 9207 may leave iss out.
            var lenient = server.behaviour
            lenient.advertiseIssParameter = false
            server.behaviour = lenient
            let relaxed = try await Self.setUp(server)
            let second = try await Self.start(relaxed)
            #expect(!second.requiresIssuerParameter)
            _ = try await second.complete(redirect: try await Self.follow(second), tokenClient: relaxed.tokens)
        }
    }

    @Test func aWrongOrMissingStateIsRefused() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (_, flow) = try await Self.started(server)
            let redirect = try await Self.follow(flow)
            var components = try #require(URLComponents(url: redirect, resolvingAgainstBaseURL: false))
            components.queryItems = components.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
            #expect(throws: OpenID4VCIError.authorizationStateMismatch) { try flow.authorizationCode(from: try #require(components.url)) }
            components.queryItems = components.queryItems?.filter { $0.name != "state" }
            #expect(throws: OpenID4VCIError.authorizationStateMismatch) { try flow.authorizationCode(from: try #require(components.url)) }
        }
    }

    @Test func anErrorRedirectBecomesATypedError() async throws {
        let server = TestAuthorizationServer { $0.denyAuthorization = true }
        try await server.run { _ in
            let (setup, flow) = try await Self.started(server)
            await #expect(throws: OpenID4VCIError.authorizationDenied(error: "access_denied", description: "the user said no")) {
                try await flow.complete(redirect: try await Self.follow(flow), tokenClient: setup.tokens)
            }
        }
    }

    @Test func redirectsThatAreNotThisFlowsResponseAreRefused() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (_, flow) = try await Self.started(server)
            let state = flow.state
            let iss = server.authorizationServer
            for (name, text) in [
                ("another redirect URI", "https://evil.example/callback?code=c&state=\(state)&iss=\(iss)"),
                ("another path", "https://wallet.example/other?code=c&state=\(state)&iss=\(iss)"),
                ("no code", "https://wallet.example/callback?state=\(state)&iss=\(iss)"),
                ("code twice", "https://wallet.example/callback?code=a&code=b&state=\(state)&iss=\(iss)"),
            ] {
                let url = try #require(URL(string: text))
                expectError(OpenID4VCIError.self, "\(name)", matching: {
                    if case .invalidAuthorizationResponse = $0 { true } else { false }
                }) {
                    _ = try flow.authorizationCode(from: url)
                }
            }
        }
    }

    @Test func aCodeBoundToOneDPoPKeyCannotBeRedeemedWithAnother() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let (_, flow) = try await Self.started(server)
            let thief = TokenClient(httpClient: Self.client, dpop: DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256))))
            let redirect = try await Self.follow(flow)
            await expectError(OpenID4VCIError.self, matching: {
                if case let .oauthError(_, _, error, _) = $0 { error == "invalid_dpop_proof" } else { false }
            }) {
                _ = try await flow.complete(redirect: redirect, tokenClient: thief)
            }
        }
    }

    @Test func configurationsTheIssuerDoesNotDescribeAreNotRequested() async throws {
        let server = TestAuthorizationServer()
        try await server.run { _ in
            let setup = try await Self.setUp(server)
            await #expect(throws: OpenID4VCIError.unknownCredentialConfiguration("nope")) { try await Self.start(setup, ids: ["nope"]) }
            #expect(server.parRequestCount == 0)
        }
    }

    static let badPushedResponses: [(String, String, Int)] = [
        ("no request_uri", #"{"expires_in":60}"#, 201),
        ("no expires_in", #"{"request_uri":"urn:ietf:params:oauth:request_uri:x"}"#, 201),
        ("expires_in a string", #"{"request_uri":"urn:x","expires_in":"60"}"#, 201),
        ("not JSON", "request_uri=urn:x", 201),
        ("an error without OAuth body", "oops", 500),
    ]

    @Test(arguments: badPushedResponses)
    func malformedPushedAuthorizationResponsesAreTypedErrors(_ name: String, _ body: String, _ status: Int) async throws {
        let server = TestAuthorizationServer {
            $0.pushedAuthorizationBodyOverride = body
            $0.pushedAuthorizationStatus = .init(code: status)
            $0.requireDPoP = false
        }
        try await server.run { _ in
            let setup = try await Self.setUp(server, dpop: false)
            await expectError(OpenID4VCIError.self, "\(name)", matching: { if case .invalidResponse = $0 { true } else { false } }) {
                _ = try await AuthorizationCodeFlow.start(
                    credentialConfigurationIDs: ["pid"], issuer: setup.issuer, server: setup.server, clientID: TestAuthorizationServer.clientID,
                    redirectURI: Self.redirectURI, tokenClient: setup.tokens)
            }
        }
    }
}

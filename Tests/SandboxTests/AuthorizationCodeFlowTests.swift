import CryptoKeys
import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing

/// The authorization code flow with PKCE, PAR and DPoP (OpenID4VCI 1.0 §3.4, RFC 7636,
/// RFC 9126, RFC 9449, RFC 9207) against the HAIP-like configuration.
@Suite("Authorization code flow")
struct AuthorizationCodeFlowTests {
    static let clientID = "vellum-test-wallet"
    static let redirectURI = "http://127.0.0.1:9/callback"

    /// Pushes an authorization request for the offer's `issuer_state`, with a DPoP proof
    /// (retrying once with the server's nonce), and returns the `request_uri`.
    static func push(_ wallet: TestWallet, issuerState: String, challenge: String, state: String = "xyz") async throws -> (String, String?) {
        let form = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
            ("code_challenge", challenge), ("code_challenge_method", "S256"), ("state", state),
            ("issuer_state", issuerState), ("scope", "urn:eudi:pid:1"),
        ]
        var response = try await wallet.postForm("/par", form, dpop: try await wallet.dpop("/par"))
        var nonce = response.headers["DPoP-Nonce"]
        if TestWallet.error(response) == "use_dpop_nonce" {
            response = try await wallet.postForm("/par", form, dpop: try await wallet.dpop("/par", nonce: nonce))
            nonce = response.headers["DPoP-Nonce"] ?? nonce
        }
        #expect(response.status == 201)
        let body = try TestWallet.json(response)
        #expect(body["expires_in"] != nil)
        let requestURI = try #require(body["request_uri"]?.stringValue)
        #expect(requestURI.hasPrefix("urn:ietf:params:oauth:request_uri:"))
        return (requestURI, nonce)
    }

    /// Follows the authorization endpoint's redirect and returns the code.
    static func authorize(_ wallet: TestWallet, requestURI: String) async throws -> String {
        var components = try #require(URLComponents(url: wallet.url("/authorize"), resolvingAgainstBaseURL: false))
        components.queryItems = [.init(name: "client_id", value: clientID), .init(name: "request_uri", value: requestURI)]
        let response = try await wallet.http.get(try #require(components.url))
        #expect(response.status == 302)
        let parameters = try TestWallet.redirectParameters(response)
        #expect(response.headers["Location"]?.hasPrefix(redirectURI + "?") == true)
        #expect(parameters["state"] == "xyz")
        #expect(parameters["iss"] == wallet.issuer)
        return try #require(parameters["code"])
    }

    @Test("PAR, redirect with code, state and iss, PKCE and DPoP nonce at the token endpoint, then a DPoP-bound credential request")
    func fullFlow() async throws {
        let attester = PrivateKey(curve: .p256)
        try await withIssuer(.haip(keyAttesters: [attester.publicKey])) { issuer, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/oauth-authorization-server"))
            #expect(metadata["require_pushed_authorization_requests"] == true)

            let offer = try await issuer.createOffer(for: [.pid], grant: .authorizationCode)
            let pkce = TestWallet.pkce()
            let (requestURI, parNonce) = try await Self.push(wallet, issuerState: try #require(offer.issuerState), challenge: pkce.challenge)
            let code = try await Self.authorize(wallet, requestURI: requestURI)

            let form = [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirectURI),
                ("code_verifier", pkce.verifier), ("client_id", Self.clientID),
            ]
            let noNonce = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token"))
            #expect(TestWallet.error(noNonce) == "use_dpop_nonce")
            let nonce = try #require(noNonce.headers["DPoP-Nonce"] ?? parNonce)
            let response = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token", nonce: nonce))
            #expect(response.status == 200)
            let body = try TestWallet.json(response)
            #expect(body["token_type"] == "DPoP")
            let token = try #require(body["access_token"]?.stringValue)
            let resourceNonce = try #require(response.headers["DPoP-Nonce"])

            let holder = PrivateKey(curve: .p256)
            let attestation = try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester)
            let proof = try await wallet.keyProof(
                holder, nonce: try await wallet.cNonce(), issuer: Self.clientID, attestation: attestation)
            let request = CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof])
            let bearer = try await wallet.postJSON("/credential", request, token: token)
            #expect(bearer.status == 401)
            let otherKey = try await wallet.postJSON(
                "/credential", request, token: token,
                dpop: try await wallet.dpop("/credential", accessToken: token, nonce: resourceNonce, key: PrivateKey(curve: .p256)))
            #expect(TestWallet.error(otherKey) == "invalid_dpop_proof")
            let noAth = try await wallet.postJSON(
                "/credential", request, token: token, dpop: try await wallet.dpop("/credential", nonce: resourceNonce))
            #expect(TestWallet.error(noAth) == "invalid_dpop_proof")
            let issued = try await wallet.postJSON(
                "/credential", request, token: token, dpop: try await wallet.dpop("/credential", accessToken: token, nonce: resourceNonce))
            #expect(issued.status == 200, "\(String(decoding: issued.body, as: UTF8.self))")
            #expect(try CredentialIssuanceTests.credentials(issued).count == 1)
        }
    }

    @Test("A PKCE mismatch is refused and burns the code")
    func pkceMismatch() async throws {
        try await withIssuer(.haip()) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .authorizationCode)
            let pkce = TestWallet.pkce()
            let (requestURI, parNonce) = try await Self.push(wallet, issuerState: try #require(offer.issuerState), challenge: pkce.challenge)
            let code = try await Self.authorize(wallet, requestURI: requestURI)
            let nonce = try #require(parNonce)
            let base = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirectURI), ("client_id", Self.clientID)]
            let wrong = try await wallet.postForm(
                "/token", base + [("code_verifier", TestWallet.pkce().verifier)], dpop: try await wallet.dpop("/token", nonce: nonce))
            #expect(wrong.status == 400)
            #expect(TestWallet.error(wrong) == "invalid_grant")
            let right = try await wallet.postForm(
                "/token", base + [("code_verifier", pkce.verifier)], dpop: try await wallet.dpop("/token", nonce: nonce))
            #expect(TestWallet.error(right) == "invalid_grant")
        }
    }

    @Test("DPoP proofs for the wrong htu or htm, with a bad signature, replayed, stale or of the wrong typ are refused")
    func badDPoP() async throws {
        try await withIssuer(SandboxConfiguration(requiresDPoP: true)) { issuer, wallet in
            func tokenRequest(_ proof: String?) async throws -> HTTPResponse {
                let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
                return try await wallet.postForm("/token", [
                    ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"),
                    ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
                ], dpop: proof)
            }
            #expect(TestWallet.error(try await tokenRequest(nil)) == "invalid_dpop_proof")
            #expect(TestWallet.error(try await tokenRequest(try await wallet.dpop("/token", htu: wallet.issuer + "/credential"))) == "invalid_dpop_proof")
            #expect(TestWallet.error(try await tokenRequest(try await wallet.dpop("/token", method: "GET"))) == "invalid_dpop_proof")
            #expect(TestWallet.error(try await tokenRequest(try await wallet.dpop("/token", issuedAt: Date() - 3_600))) == "invalid_dpop_proof")

            let good = try await wallet.dpop("/token")
            var parts = good.split(separator: ".").map(String.init)
            let other = try await wallet.dpop("/token", key: PrivateKey(curve: .p256))
            parts[2] = String(other.split(separator: ".")[2])
            #expect(TestWallet.error(try await tokenRequest(parts.joined(separator: "."))) == "invalid_dpop_proof")

            let accepted = try await tokenRequest(good)
            #expect(accepted.status == 200)
            #expect(try TestWallet.json(accepted)["token_type"] == "DPoP")
            #expect(TestWallet.error(try await tokenRequest(good)) == "invalid_dpop_proof")
        }
    }

    /// An authorization request sent straight to `/authorize` (no PAR): PKCE S256 over
    /// `challenge`, for the offer's `issuerState`.
    static func authorizationRequest(_ wallet: TestWallet, challenge: String, issuerState: String?) throws -> URLComponents {
        var components = try #require(URLComponents(url: wallet.url("/authorize"), resolvingAgainstBaseURL: false))
        components.queryItems = [
            .init(name: "response_type", value: "code"), .init(name: "client_id", value: clientID),
            .init(name: "redirect_uri", value: redirectURI), .init(name: "code_challenge", value: challenge),
            .init(name: "code_challenge_method", value: "S256"), .init(name: "issuer_state", value: issuerState),
        ]
        return components
    }

    @Test("Without PAR the HAIP issuer refuses the authorization request; a request_uri is single use")
    func parRequired() async throws {
        try await withIssuer(.haip()) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .authorizationCode)
            let pkce = TestWallet.pkce()
            var components = try Self.authorizationRequest(wallet, challenge: pkce.challenge, issuerState: offer.issuerState)
            let direct = try await wallet.http.get(try #require(components.url))
            #expect(direct.status == 400)

            let (requestURI, _) = try await Self.push(wallet, issuerState: try #require(offer.issuerState), challenge: pkce.challenge)
            _ = try await Self.authorize(wallet, requestURI: requestURI)
            components.queryItems = [.init(name: "client_id", value: Self.clientID), .init(name: "request_uri", value: requestURI)]
            #expect(try await wallet.http.get(try #require(components.url)).status == 400)
        }
    }

    @Test("Without auto-approve the user signs in on a consent page whose form redirects with the code")
    func consentPage() async throws {
        try await withIssuer(SandboxConfiguration(autoApprove: false)) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.mDL], grant: .authorizationCode)
            let pkce = TestWallet.pkce()
            var components = try Self.authorizationRequest(wallet, challenge: pkce.challenge, issuerState: offer.issuerState)
            components.queryItems?.append(.init(name: "state", value: "s1"))
            let page = try await wallet.http.get(try #require(components.url))
            #expect(page.status == 200)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("<form") && html.contains("org.iso.18013.5.1.mDL"))
            let session = try #require(html.range(of: "name=\"session\" value=\"").map { range in
                String(html[range.upperBound...].prefix { $0 != "\"" })
            })
            let approved = try await wallet.postForm("/authorize/consent", [("session", session), ("decision", "approve")])
            #expect(approved.status == 302)
            let parameters = try TestWallet.redirectParameters(approved)
            #expect(parameters["state"] == "s1" && parameters["iss"] == wallet.issuer && parameters["code"] != nil)

            let token = try await wallet.postForm("/token", [
                ("grant_type", "authorization_code"), ("code", try #require(parameters["code"])),
                ("redirect_uri", Self.redirectURI), ("code_verifier", pkce.verifier), ("client_id", Self.clientID),
            ])
            #expect(token.status == 200)
            #expect(try TestWallet.json(token)["token_type"] == "Bearer")
        }
    }
}

import CryptoKeys
import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing

/// Untrusted input the endpoints must refuse with the right error, and the
/// `credential_identifiers` path of `authorization_details` (OpenID4VCI §6.2, §8.2).
@Suite("Malformed requests and credential identifiers")
struct MalformedRequestTests {
    static let preAuthorized = "urn:ietf:params:oauth:grant-type:pre-authorized_code"

    @Test("authorization_details at the token endpoint yields credential_identifiers, which the credential request must use")
    func credentialIdentifiers() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid, .mDL], grant: .preAuthorized(txCode: nil))
            let details = #"[{"type":"openid_credential","credential_configuration_id":"org.iso.18013.5.1.mDL"}]"#
            let response = try await wallet.postForm("/token", [
                ("grant_type", Self.preAuthorized), ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
                ("authorization_details", details),
            ])
            #expect(response.status == 200)
            let body = try TestWallet.json(response)
            let token = try #require(body["access_token"]?.stringValue)
            let entry = try #require(body["authorization_details"]?[0])
            #expect(entry["type"] == "openid_credential")
            #expect(entry["credential_configuration_id"] == "org.iso.18013.5.1.mDL")
            let identifier = try #require(entry["credential_identifiers"]?[0]?.stringValue)

            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            let byConfiguration = try await wallet.postJSON(
                "/credential", CredentialIssuanceTests.credentialRequest("org.iso.18013.5.1.mDL", proofs: [proof]), token: token)
            #expect(TestWallet.error(byConfiguration) == "invalid_credential_request")
            let unknown = try await wallet.postJSON(
                "/credential", ["credential_identifier": "nope", "proofs": ["jwt": [.string(proof)]]], token: token)
            #expect(TestWallet.error(unknown) == "unknown_credential_identifier")
            let issued = try await wallet.postJSON(
                "/credential", ["credential_identifier": .string(identifier), "proofs": ["jwt": [.string(proof)]]], token: token)
            #expect(issued.status == 200)
            #expect(await issuer.issuedCredentials().map(\.kind) == [.mDL])
        }
    }

    @Test("authorization_details outside the offer or malformed is refused")
    func badAuthorizationDetails() async throws {
        try await withIssuer { issuer, wallet in
            for details in [
                #"[{"type":"openid_credential","credential_configuration_id":"org.iso.18013.5.1.mDL"}]"#,
                #"{"type":"openid_credential"}"#, #"[{"type":"payment"}]"#, "[", "[]",
            ] {
                let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
                let response = try await wallet.postForm("/token", [
                    ("grant_type", Self.preAuthorized), ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
                    ("authorization_details", details),
                ])
                #expect(TestWallet.error(response) == "invalid_authorization_details", "\(details)")
            }
        }
    }

    @Test("Token requests that are JSON, repeat a parameter or carry two DPoP headers are refused")
    func malformedTokenRequests() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
            let code = try #require(offer.preAuthorizedCode)
            let json = try await wallet.postJSON("/token", ["grant_type": .string(Self.preAuthorized), "pre-authorized_code": .string(code)])
            #expect(TestWallet.error(json) == "invalid_request")
            let repeated = try await wallet.postForm(
                "/token", [("grant_type", Self.preAuthorized), ("pre-authorized_code", code), ("pre-authorized_code", code)])
            #expect(TestWallet.error(repeated) == "invalid_request")
            var headers = HTTPHeaders()
            headers.add(name: "DPoP", value: try await wallet.dpop("/token"))
            headers.add(name: "DPoP", value: try await wallet.dpop("/token"))
            let twice = try await wallet.http.postForm(
                wallet.url("/token"), form: [("grant_type", Self.preAuthorized), ("pre-authorized_code", code)], headers: headers)
            #expect(TestWallet.error(twice) == "invalid_dpop_proof")
            let garbage = try await wallet.postForm("/token", [("grant_type", Self.preAuthorized), ("pre-authorized_code", code)], dpop: "a.b.c")
            #expect(TestWallet.error(garbage) == "invalid_dpop_proof")
        }
    }

    @Test("Credential requests that are not JSON, carry non-string or oversized proofs, or exceed 1 MiB are refused")
    func malformedCredentialRequests() async throws {
        try await withIssuer { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let notJSON = try await wallet.http.send(HTTP.HTTPRequest(
                method: .post, url: wallet.url("/credential"),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"], body: Data("{".utf8)))
            #expect(TestWallet.error(notJSON) == "invalid_credential_request")
            let wrongType = try await wallet.http.send(HTTP.HTTPRequest(
                method: .post, url: wallet.url("/credential"),
                headers: ["Content-Type": "text/plain", "Authorization": "Bearer \(token)"], body: Data("{}".utf8)))
            #expect(TestWallet.error(wrongType) == "invalid_credential_request")
            let undecryptable = try await wallet.http.send(HTTP.HTTPRequest(
                method: .post, url: wallet.url("/credential"),
                headers: ["Content-Type": "application/jwt", "Authorization": "Bearer \(token)"], body: Data("a.b.c.d.e".utf8)))
            #expect(TestWallet.error(undecryptable) == "invalid_encryption_parameters")

            let numeric = try await wallet.postJSON(
                "/credential", ["credential_configuration_id": "urn:eudi:pid:1", "proofs": ["jwt": [1]]], token: token)
            #expect(TestWallet.error(numeric) == "invalid_proof")
            let empty = try await wallet.postJSON(
                "/credential", ["credential_configuration_id": "urn:eudi:pid:1", "proofs": ["jwt": []]], token: token)
            #expect(TestWallet.error(empty) == "invalid_proof")
            let huge = String(repeating: "A", count: 20_000) + ".e30.AA"
            let oversized = try await wallet.postJSON("/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [huge]), token: token)
            #expect(TestWallet.error(oversized) == "invalid_proof")
            let twoTypes = try await wallet.postJSON(
                "/credential", ["credential_configuration_id": "urn:eudi:pid:1", "proofs": ["jwt": ["x"], "di_vp": [[:]]]], token: token)
            #expect(TestWallet.error(twoTypes) == "invalid_proof")

            let tooLarge = try await wallet.http.send(HTTP.HTTPRequest(
                method: .post, url: wallet.url("/credential"),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
                body: Data(repeating: UInt8(ascii: " "), count: 1_100_000)))
            #expect(tooLarge.status == 413)
        }
    }

    @Test("A DPoP-bound resource request without the server nonce gets 401 use_dpop_nonce with a DPoP challenge and a new nonce")
    func resourceNonce() async throws {
        try await withIssuer(SandboxConfiguration(requiresDPoP: true, requiresDPoPNonce: true)) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
            let form = [("grant_type", Self.preAuthorized), ("pre-authorized_code", try #require(offer.preAuthorizedCode))]
            let first = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token"))
            #expect(first.status == 400 && TestWallet.error(first) == "use_dpop_nonce")
            let nonce = try #require(first.headers["DPoP-Nonce"])
            let response = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token", nonce: nonce))
            let token = try #require(try TestWallet.json(response)["access_token"]?.stringValue)

            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            let request = CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof])
            let stale = try await wallet.postJSON("/credential", request, token: token, dpop: try await wallet.dpop("/credential", accessToken: token))
            #expect(stale.status == 401)
            #expect(TestWallet.error(stale) == "use_dpop_nonce")
            #expect(stale.headers["WWW-Authenticate"]?.hasPrefix("DPoP error=\"use_dpop_nonce\"") == true)
            let fresh = try #require(stale.headers["DPoP-Nonce"])
            let issued = try await wallet.postJSON(
                "/credential", request, token: token, dpop: try await wallet.dpop("/credential", accessToken: token, nonce: fresh))
            #expect(issued.status == 200)
        }
    }
}

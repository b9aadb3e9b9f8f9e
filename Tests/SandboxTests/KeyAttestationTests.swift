import CryptoKeys
import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing

/// The HAIP sandbox's key attestation rule (OpenID4VCI 1.0 Appendix D, HAIP 1.0 §4.5.1): every
/// key proof carries a `key-attestation+jwt` from a trusted attester that attests the proof's
/// key. Checked with the hand-rolled wallet, so forged attestations can be sent.
@Suite("Key attestation")
struct KeyAttestationTests {
    /// A DPoP-bound token for a fresh PID offer (pre-authorized code, one nonce retry), and the
    /// resource server's DPoP nonce.
    static func token(_ issuer: SandboxIssuer, _ wallet: TestWallet) async throws -> (String, String) {
        let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
        let form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"),
            ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
        ]
        let first = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token"))
        #expect(TestWallet.error(first) == "use_dpop_nonce")
        let nonce = try #require(first.headers["DPoP-Nonce"])
        let response = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token", nonce: nonce))
        #expect(response.status == 200)
        let token = try #require(try TestWallet.json(response)["access_token"]?.stringValue)
        return (token, try #require(response.headers["DPoP-Nonce"]))
    }

    /// Sends one PID request with `proof`; returns the response.
    static func request(_ wallet: TestWallet, token: String, nonce: String, proof: String) async throws -> HTTPResponse {
        try await wallet.postJSON(
            "/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: token,
            dpop: try await wallet.dpop("/credential", accessToken: token, nonce: nonce))
    }

    @Test("The HAIP issuer announces key_attestations_required")
    func metadataAnnouncesTheRequirement() async throws {
        try await withIssuer(.haip()) { _, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            let configurations = try #require(metadata["credential_configurations_supported"]?.objectValue)
            for (_, configuration) in configurations.members {
                #expect(configuration["proof_types_supported"]?["jwt"]?["key_attestations_required"] == .object([:]))
                #expect(configuration["proof_types_supported"]?["jwt"]?["proof_signing_alg_values_supported"] == ["ES256"])
            }
        }
        try await withIssuer() { _, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            let pid = metadata["credential_configurations_supported"]?["urn:eudi:pid:1"]
            #expect(pid?["proof_types_supported"]?["jwt"]?["key_attestations_required"] == nil)
        }
    }

    @Test("Proofs without an attestation, or with a forged, foreign, expired, mistyped or misdirected one, are refused")
    func forgeriesAreRefused() async throws {
        let attester = PrivateKey(curve: .p256)
        try await withIssuer(.haip(keyAttesters: [attester.publicKey])) { issuer, wallet in
            let (token, dpopNonce) = try await Self.token(issuer, wallet)
            let holder = PrivateKey(curve: .p256)
            let cNonce = try await wallet.cNonce()
            func attempt(_ attestation: String?) async throws -> HTTPResponse {
                let proof = try await wallet.keyProof(holder, nonce: cNonce, attestation: attestation)
                return try await Self.request(wallet, token: token, nonce: dpopNonce, proof: proof)
            }
            let stranger = PrivateKey(curve: .p256)
            let cases: [(String, String?)] = [
                ("none", nil),
                ("not a JWS", "not-a-jws"),
                ("untrusted attester", try await TestWallet.keyAttestation(for: [holder.publicKey], by: stranger)),
                ("another key attested", try await TestWallet.keyAttestation(for: [stranger.publicKey], by: attester)),
                ("expired", try await TestWallet.keyAttestation(
                    for: [holder.publicKey], by: attester, expiresAt: Date() - 60, issuedAt: Date() - 3_600)),
                ("no exp", try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester, expiresAt: nil)),
                ("wrong typ", try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester, type: "JWT")),
                ("another nonce", try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester, nonce: "not-the-c-nonce")),
                ("no attested keys", try await TestWallet.keyAttestation(for: [], by: attester)),
            ]
            for (name, attestation) in cases {
                let response = try await attempt(attestation)
                #expect(response.status == 400, "\(name)")
                #expect(TestWallet.error(response) == "invalid_proof", "\(name)")
            }
            #expect(await issuer.issuedCredentials().isEmpty)
            // A tampered signature on an otherwise good attestation.
            let good = try await TestWallet.keyAttestation(for: [holder.publicKey, stranger.publicKey], by: attester, nonce: cNonce)
            var parts = good.split(separator: ".").map(String.init)
            parts[2] = String(try await TestWallet.keyAttestation(for: [holder.publicKey], by: attester).split(separator: ".")[2])
            #expect(TestWallet.error(try await attempt(parts.joined(separator: "."))) == "invalid_proof")
            // The genuine one (several attested keys, the c_nonce echoed) is accepted.
            let accepted = try await attempt(good)
            #expect(accepted.status == 200, "\(String(decoding: accepted.body, as: UTF8.self))")
            #expect(try CredentialIssuanceTests.credentials(accepted).count == 1)
        }
    }

    @Test("Without a configured attester, the HAIP issuer refuses every attested proof")
    func noAttesterNoIssuance() async throws {
        try await withIssuer(.haip()) { issuer, wallet in
            let (token, dpopNonce) = try await Self.token(issuer, wallet)
            let holder = PrivateKey(curve: .p256)
            let attestation = try await TestWallet.keyAttestation(for: [holder.publicKey], by: PrivateKey(curve: .p256))
            let proof = try await wallet.keyProof(holder, nonce: try await wallet.cNonce(), attestation: attestation)
            let response = try await Self.request(wallet, token: token, nonce: dpopNonce, proof: proof)
            #expect(TestWallet.error(response) == "invalid_proof")
        }
    }
}

import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT
import Sandbox
import Testing
import X509

/// Each injectable fault produces what a wallet must refuse, and Vellum's verifiers do refuse it.
@Suite("Fault injection")
struct FaultInjectionTests {
    /// Issues one credential of `configurationID` under `faults`; returns it and the holder key.
    static func issue(
        _ configurationID: String, _ issuer: SandboxIssuer, _ wallet: TestWallet
    ) async throws -> (String, PrivateKey) {
        let (response, holder) = try await CredentialIssuanceTests.issue(configurationID, issuer, wallet)
        return (try #require(try CredentialIssuanceTests.credentials(response).first), holder)
    }

    @Test("Metadata and redirect faults: a foreign credential_issuer and a mix-up iss")
    func protocolFaults() async throws {
        try await withIssuer(SandboxConfiguration(faults: [.wrongCredentialIssuerInMetadata, .wrongIssuerInAuthorizationResponse])) { issuer, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            #expect(metadata["credential_issuer"]?.stringValue != wallet.issuer)
            let offer = try await issuer.createOffer(for: [.pid], grant: .authorizationCode)
            var components = try #require(URLComponents(url: wallet.url("/authorize"), resolvingAgainstBaseURL: false))
            components.queryItems = [
                .init(name: "response_type", value: "code"), .init(name: "client_id", value: "w"),
                .init(name: "redirect_uri", value: "http://127.0.0.1:9/cb"), .init(name: "code_challenge", value: TestWallet.pkce().challenge),
                .init(name: "code_challenge_method", value: "S256"), .init(name: "issuer_state", value: offer.issuerState),
            ]
            let response = try await wallet.http.get(try #require(components.url))
            let iss = try TestWallet.redirectParameters(response)["iss"]
            #expect(iss != nil && iss != wallet.issuer)
        }
    }

    @Test("A nonce loop: every DPoP proof is answered with use_dpop_nonce and a fresh nonce")
    func nonceLoop() async throws {
        try await withIssuer(SandboxConfiguration(requiresDPoP: true, faults: [.alwaysDemandsDPoPNonce])) { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
            let form = [("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"), ("pre-authorized_code", try #require(offer.preAuthorizedCode))]
            var nonce: String?
            var seen = Set<String>()
            for _ in 0..<3 {
                let response = try await wallet.postForm("/token", form, dpop: try await wallet.dpop("/token", nonce: nonce))
                #expect(TestWallet.error(response) == "use_dpop_nonce")
                let fresh = try #require(response.headers["DPoP-Nonce"] as String?)
                #expect(seen.insert(fresh).inserted)
                nonce = fresh
            }
        }
    }

    @Test("A credential bound to another key is refused by the binding checks")
    func otherKey() async throws {
        try await withIssuer(SandboxConfiguration(faults: [.bindsOtherKey])) { issuer, wallet in
            let (pid, holder) = try await Self.issue("urn:eudi:pid:1", issuer, wallet)
            let (verifier, resolver) = try await CredentialIssuanceTests.pidVerifier(issuer, http: wallet.http)
            let verified = try await verifier.verify(pid, resolver: resolver)
            #expect(try JWTClaims(verified.claims).confirmationKey()?.publicKey() != holder.publicKey)

            let (mDL, mDLHolder) = try await Self.issue("org.iso.18013.5.1.mDL", issuer, wallet)
            let validator = try await CredentialIssuanceTests.mDLValidator(issuer, http: wallet.http)
            let report = await validator.validate(try IssuerSigned(decoding: try Base64URL.decode(mDL)), expectedDeviceKey: mDLHolder.publicKey)
            #expect(report.firstFailure == .deviceKeyMismatch)
        }
    }

    @Test("Tampered and untrusted credentials fail verification")
    func tamperedAndUntrusted() async throws {
        for fault in [SandboxFault.tampersCredential, .signsWithUntrustedRoot] {
            try await withIssuer(SandboxConfiguration(faults: [fault])) { issuer, wallet in
                let (pid, _) = try await Self.issue("urn:eudi:pid:1", issuer, wallet)
                let (verifier, resolver) = try await CredentialIssuanceTests.pidVerifier(issuer, http: wallet.http)
                await #expect(throws: SDJWTVCError.self, "\(fault)") { _ = try await verifier.verify(pid, resolver: resolver) }

                let (mDL, holder) = try await Self.issue("org.iso.18013.5.1.mDL", issuer, wallet)
                let validator = try await CredentialIssuanceTests.mDLValidator(issuer, http: wallet.http)
                let report = await validator.validate(try IssuerSigned(decoding: try Base64URL.decode(mDL)), expectedDeviceKey: holder.publicKey)
                #expect(!report.isValid, "\(fault)")
            }
        }
    }

    @Test("An oversized credential response is cut off by the client's size limit")
    func oversized() async throws {
        try await withIssuer(SandboxConfiguration(faults: [.oversizedCredentialResponse])) { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet)
            let proof = try await wallet.keyProof(PrivateKey(curve: .p256), nonce: try await wallet.cNonce())
            await #expect(throws: HTTPError.self) {
                _ = try await wallet.postJSON("/credential", CredentialIssuanceTests.credentialRequest("urn:eudi:pid:1", proofs: [proof]), token: token)
            }
        }
    }

    @Test("A short-lived root makes certificates that expire with it")
    func shortLivedRoot() async throws {
        try await withIssuer(SandboxConfiguration(rootValidity: 3_600)) { issuer, _ in
            let certificates = await issuer.certificates
            let root = try Certificate(derEncoded: Array(certificates.rootDER))
            let signer = try Certificate(derEncoded: Array(try #require(certificates.documentSignerDER)))
            #expect(root.notValidAfter < Date() + 7_200)
            #expect(signer.notValidAfter <= root.notValidAfter)
        }
    }
}

@Suite("Fault injection at run time")
struct RuntimeFaultTests {
    @Test("Taking the status list down after issuance makes the PID's status unknown, and bringing it back restores it")
    func statusListDown() async throws {
        try await withIssuer { issuer, wallet in
            let (pid, _) = try await FaultInjectionTests.issue("urn:eudi:pid:1", issuer, wallet)
            let (verifier, resolver) = try await CredentialIssuanceTests.pidVerifier(issuer, http: wallet.http)
            var lenient = verifier
            lenient.statusPolicy = .report
            try await issuer.setFaults([.statusListUnavailable])
            #expect(try await wallet.get("/status/1").status == 503)
            guard case .unknown? = try await lenient.verify(pid, resolver: resolver).status else {
                Issue.record("the status was not unknown with the list down")
                return
            }
            try await issuer.setFaults([])
            #expect(try await verifier.verify(pid, resolver: resolver).status == .valid)
        }
    }
}

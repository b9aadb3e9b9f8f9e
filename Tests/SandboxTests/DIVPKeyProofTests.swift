import CryptoKeys
import DID
import Foundation
import HTTP
import JSONModel
import Sandbox
import Testing
import W3CCredentials

/// `di_vp` key proofs at the credential endpoint (OpenID4VCI 1.0 Appendix F.2): a W3C
/// presentation with a Data Integrity proof for `authentication`, the `c_nonce` as challenge
/// and the issuer as domain, by the did:key the diploma is then issued to. Each forgery is
/// refused, the nonce left unspent.
@Suite("di_vp key proofs")
struct DIVPKeyProofTests {
    /// An issuer whose diploma takes only `di_vp` proofs.
    static var diVPOnly: SandboxConfiguration {
        var configuration = SandboxConfiguration()
        configuration.diplomaProofTypes = [.diVP]
        return configuration
    }

    /// What a forged proof changes.
    struct Forgery {
        var challenge: String?
        var domain: String?
        var proofPurpose = "authentication"
        var cryptosuite = DataIntegrityCryptosuite.ecdsaRDFC2019
        /// The holder named, when not the signer's did:key.
        var holder: String?
        /// The key named as verification method, when not the signer's.
        var namedKey: PublicKey?
    }

    /// A `di_vp` proof by `key` (P-256) built with W3CCredentials alone, as the specification
    /// describes it, altered by `forgery`.
    static func proof(by key: PrivateKey, nonce: String, issuer: String, forgery: Forgery = Forgery()) async throws -> JSONValue {
        let named = try DIDKey.make(for: forgery.namedKey ?? key.publicKey)
        let presentation: JSONObject = [
            "@context": [.string(VCDataModelVersion.v2_0.baseContext)],
            "type": ["VerifiablePresentation"],
            "holder": .string(forgery.holder ?? named.description),
        ]
        let options = DataIntegrityProofOptions(
            cryptosuite: forgery.cryptosuite, verificationMethod: DIDKey.verificationMethod(of: named),
            proofPurpose: forgery.proofPurpose, created: DataIntegrityProofOptions.timestamp(Date()),
            challenge: forgery.challenge ?? nonce, domain: forgery.domain ?? issuer)
        return try await DataIntegritySigner.sign(.object(presentation), options: options, signer: SoftwareSigner(privateKey: key))
    }

    static func request(_ proofs: [JSONValue], type: String = "di_vp", configurationID: String = SandboxCredentialKind.diploma.configurationID) -> JSONValue {
        ["credential_configuration_id": .string(configurationID), "proofs": .object([type: .array(proofs)])]
    }

    @Test("the diploma configuration lists di_vp with its cryptosuites; HAIP lists only jwt")
    func metadata() async throws {
        try await withIssuer(Self.diVPOnly) { _, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            let types = metadata["credential_configurations_supported"]?[SandboxCredentialKind.diploma.configurationID]?["proof_types_supported"]
            #expect(types?["jwt"] == nil)
            #expect(types?["di_vp"]?["proof_signing_alg_values_supported"]?[0] == "ecdsa-rdfc-2019")
        }
        try await withIssuer(.haip()) { _, wallet in
            let metadata = try TestWallet.json(try await wallet.get("/.well-known/openid-credential-issuer"))
            let types = metadata["credential_configurations_supported"]?[SandboxCredentialKind.diploma.configurationID]?["proof_types_supported"]
            #expect(types?["di_vp"] == nil)
            #expect(types?["jwt"] != nil)
        }
    }

    @Test("a di_vp proof by a did:key gets a diploma about that did:key; the nonce is then spent")
    func accepted() async throws {
        try await withIssuer(Self.diVPOnly) { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet, kinds: [.diploma])
            let holder = PrivateKey(curve: .p256)
            let nonce = try await wallet.cNonce()
            let proof = try await Self.proof(by: holder, nonce: nonce, issuer: wallet.issuer)
            let response = try await wallet.postJSON("/credential", Self.request([proof]), token: token)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let diploma = try #require(try TestWallet.json(response)["credentials"]?[0]?["credential"])
            #expect(diploma["credentialSubject"]?["id"]?.stringValue == (try DIDKey.make(for: holder.publicKey)).description)
            let again = try await wallet.postJSON("/credential", Self.request([proof]), token: token)
            #expect(TestWallet.error(again) == "invalid_nonce")
        }
    }

    @Test("forged di_vp proofs are refused: another challenge, another domain, another key, another holder, another purpose")
    func forgeries() async throws {
        try await withIssuer(Self.diVPOnly) { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet, kinds: [.diploma])
            let holder = PrivateKey(curve: .p256)
            let stranger = try DIDKey.make(for: PrivateKey(curve: .p256).publicKey).description
            let cases: [(String, Forgery, String)] = [
                ("a challenge that is no c_nonce", Forgery(challenge: "not-a-nonce"), "invalid_nonce"),
                ("another issuer as domain", Forgery(domain: "https://issuer.example"), "invalid_proof"),
                ("signed by a key other than the one named", Forgery(namedKey: PrivateKey(curve: .p256).publicKey), "invalid_proof"),
                ("a holder other than the signer", Forgery(holder: stranger), "invalid_proof"),
                ("assertionMethod instead of authentication", Forgery(proofPurpose: "assertionMethod"), "invalid_proof"),
            ]
            for (name, forgery, error) in cases {
                let nonce = try await wallet.cNonce()
                let proof = try await Self.proof(by: holder, nonce: nonce, issuer: wallet.issuer, forgery: forgery)
                let response = try await wallet.postJSON("/credential", Self.request([proof]), token: token)
                #expect(TestWallet.error(response) == error, "\(name): \(String(decoding: response.body, as: UTF8.self))")
                // The honest proof with the same nonce still passes: the refusal spent nothing.
                let honest = try await Self.proof(by: holder, nonce: nonce, issuer: wallet.issuer)
                let retried = try await wallet.postJSON("/credential", Self.request([honest]), token: token)
                #expect(retried.status == 200, "\(name): the honest proof after it")
            }
        }
    }

    @Test("a tampered presentation, a proof type the configuration does not list and a di_vp proof for the PID are refused")
    func wrongTypes() async throws {
        try await withIssuer(Self.diVPOnly) { issuer, wallet in
            let token = try await CredentialIssuanceTests.token(issuer, wallet, kinds: [.diploma, .pid])
            let holder = PrivateKey(curve: .p256)
            guard case var .object(tampered) = try await Self.proof(by: holder, nonce: try await wallet.cNonce(), issuer: wallet.issuer) else {
                Issue.record("not an object")
                return
            }
            tampered["id"] = "urn:uuid:added-after-signing"
            let response = try await wallet.postJSON("/credential", Self.request([.object(tampered)]), token: token)
            #expect(TestWallet.error(response) == "invalid_proof")
            let jwt = try await wallet.keyProof(holder, nonce: try await wallet.cNonce())
            let byJWT = try await wallet.postJSON("/credential", Self.request([.string(jwt)], type: "jwt"), token: token)
            #expect(TestWallet.error(byJWT) == "invalid_proof")
            let proof = try await Self.proof(by: holder, nonce: try await wallet.cNonce(), issuer: wallet.issuer)
            let forPID = try await wallet.postJSON("/credential", Self.request([proof], configurationID: SandboxCredentialKind.pid.configurationID), token: token)
            #expect(TestWallet.error(forPID) == "invalid_proof")
        }
    }
}

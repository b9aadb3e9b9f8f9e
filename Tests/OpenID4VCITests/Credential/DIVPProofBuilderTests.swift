import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials
@testable import OpenID4VCI

/// `di_vp` key proofs (OpenID4VCI 1.0 Appendix F.2) as the wallet makes them: a presentation
/// by the key's DID, with a Data Integrity proof for `authentication` over the `c_nonce` and
/// the credential issuer, in a suite the issuer lists for the key's curve.
@Suite("di_vp proof builder")
struct DIVPProofBuilderTests {
    static let issuer = "https://issuer.example"

    static func holderKey(_ curve: KeyCurve = .p256, keyID: String? = nil) throws -> HolderKey {
        HolderKey(signer: try SoftwareSigner(privateKey: PrivateKey(curve: curve), keyID: keyID))
    }

    @Test("the presentation names the did:key as holder and verifies for authentication with the nonce and the issuer")
    func proofVerifies() async throws {
        let key = try Self.holderKey()
        let builder = DIVPProofBuilder(credentialIssuer: Self.issuer, requirements: DIVPProofRequirements(cryptosuites: ["eddsa-rdfc-2022", "ecdsa-jcs-2019"]))
        let proof = try await builder.proof(for: key, nonce: "n-0S6_WzA2Mj")
        let did = try DIDKey.make(for: key.signer.publicKey).description
        #expect(proof["holder"]?.stringValue == did)
        #expect(proof["proof"]?["cryptosuite"] == "ecdsa-jcs-2019")
        #expect(proof["proof"]?["verificationMethod"]?.stringValue == DIDKey.verificationMethod(of: try DIDIdentifier(did)))
        let verified = try await EmbeddedProofVerifier().verify(
            .object(proof), policy: .authentication(challenge: "n-0S6_WzA2Mj", domain: Self.issuer), controller: did)
        #expect(verified.count == 1)
        await expectError(DataIntegrityError.self, matching: { if case .challengeMismatch = $0 { true } else { false } }) {
            _ = try await EmbeddedProofVerifier().verify(.object(proof), policy: .authentication(challenge: "other", domain: Self.issuer), controller: did)
        }
    }

    @Test("a signer named by a DID URL keeps that name")
    func didURLSigner() async throws {
        let key = try Self.holderKey(.ed25519)
        let did = try DIDKey.make(for: key.signer.publicKey)
        let named = try Self.holderKey(.ed25519, keyID: DIDKey.verificationMethod(of: did))
        let proof = try await DIVPProofBuilder(credentialIssuer: Self.issuer).proof(for: named, nonce: nil)
        #expect(proof["holder"]?.stringValue == did.description)
        #expect(proof["proof"]?["challenge"] == nil)
    }

    @Test("a key no listed suite signs with, too many keys and the HAIP profile are refused before signing")
    func refusals() async throws {
        let builder = DIVPProofBuilder(credentialIssuer: Self.issuer, requirements: DIVPProofRequirements(cryptosuites: ["eddsa-rdfc-2022"]))
        #expect(throws: OpenID4VCIError.self) { try builder.check([try Self.holderKey()], batchSize: nil) }
        #expect(throws: OpenID4VCIError.self) { try builder.check([try Self.holderKey(.ed25519), try Self.holderKey(.ed25519)], batchSize: nil) }
        let haip = DIVPProofBuilder(credentialIssuer: Self.issuer, profile: .haip)
        #expect(throws: OpenID4VCIError.self) { try haip.check([try Self.holderKey()], batchSize: nil) }
        #expect(DIVPProofRequirements(cryptosuites: ["ecdsa-sd-2023"]).cryptosuite(for: .p256) == nil)
    }

    @Test("with both proof types the request carries jwt proofs; with di_vp alone, presentations")
    func jwtIsPreferred() throws {
        let both = CredentialClientOptions(credentialIssuer: Self.issuer, diVPRequirements: DIVPProofRequirements())
        guard case .jwt? = KeyProofMaker(options: both, clock: { Date() }) else {
            Issue.record("jwt expected")
            return
        }
        let diVP = CredentialClientOptions(credentialIssuer: Self.issuer, proofRequirements: nil, diVPRequirements: DIVPProofRequirements())
        guard case .diVP? = KeyProofMaker(options: diVP, clock: { Date() }) else {
            Issue.record("di_vp expected")
            return
        }
        #expect(KeyProofMaker(options: CredentialClientOptions(credentialIssuer: Self.issuer, proofRequirements: nil), clock: { Date() }) == nil)
    }
}

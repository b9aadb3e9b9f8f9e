import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VCI
import Testing

/// `jwt` key proofs as OpenID4VCI 1.0 Appendix F.1 defines them.
@Suite("JWT key proofs")
struct JWTProofBuilderTests {
    static let now = Date(timeIntervalSince1970: 1_701_960_444)

    static func builder(clientID: String? = "wallet-client", requirements: JWTProofRequirements = .init()) -> JWTProofBuilder {
        JWTProofBuilder(
            credentialIssuer: "https://credential-issuer.example.com", clientID: clientID, requirements: requirements,
            clock: { now })
    }

    static func key(keyID: String? = nil, attestation: String? = nil) throws -> HolderKey {
        HolderKey(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256), keyID: keyID), keyAttestation: attestation)
    }

    @Test func aProofCarriesTheKeyTheAudienceTheNonceAndTheClient() async throws {
        let key = try Self.key(keyID: "secure-area-handle-7")
        let proof = try await Self.builder().proof(for: key, nonce: "LarRGSbmUPYtRYO6BQ4yn8")
        let verified = try JWT.verify(
            proof, key: key.signer.publicKey, policy: JWSPolicy(requiredType: "openid4vci-proof+jwt"),
            validator: JWTValidator(clock: { Self.now }, expectedAudience: "https://credential-issuer.example.com",
                                    expectedNonce: "LarRGSbmUPYtRYO6BQ4yn8"))
        #expect(verified.header.algorithm == "ES256")
        #expect(try verified.header.embeddedKey() == JWK(publicKey: key.signer.publicKey))
        #expect(verified.header.keyID == nil, "jwk and kid are mutually exclusive")
        #expect(verified.header["key_attestation"] == nil)
        #expect(verified.claims.issuer == "wallet-client")
        #expect(verified.claims.issuedAt == Self.now)
        #expect(verified.claims["aud"] == "https://credential-issuer.example.com", "aud is a string")
    }

    @Test func anonymousPreAuthorizedAccessLeavesOutIss() async throws {
        let key = try Self.key()
        let proof = try await Self.builder(clientID: nil).proof(for: key, nonce: nil)
        let verified = try JWT.verify(proof, key: key.signer.publicKey, validator: JWTValidator(clock: { Self.now }))
        #expect(verified.claims.issuer == nil)
        #expect(verified.claims.nonce == nil)
    }

    @Test func aDIDBoundKeyIsNamedByKidNotJwk() async throws {
        let key = try Self.key(keyID: "did:example:ebfeb1f712ebc6f1c276e12ec21#keys-1")
        let proof = try await Self.builder().proof(for: key, nonce: "n")
        let verified = try JWT.verify(proof, key: key.signer.publicKey, validator: JWTValidator(clock: { Self.now }))
        #expect(verified.header.keyID == "did:example:ebfeb1f712ebc6f1c276e12ec21#keys-1")
        #expect(verified.header["jwk"] == nil)
    }

    @Test func aKeyAttestationTravelsInTheHeader() async throws {
        let key = try Self.key(attestation: "eyJ0eXAiOiJrZXktYXR0ZXN0YXRpb24rand0In0.e30.sig")
        let proof = try await Self.builder(requirements: .init(requiresKeyAttestation: true)).proof(for: key, nonce: "n")
        let verified = try JWT.verify(proof, key: key.signer.publicKey, validator: JWTValidator(clock: { Self.now }))
        #expect(verified.header["key_attestation"] == "eyJ0eXAiOiJrZXktYXR0ZXN0YXRpb24rand0In0.e30.sig")
    }

    @Test func aBatchMakesOneProofPerKeyWithinTheBatchSize() async throws {
        let keys = try (0..<3).map { _ in try Self.key() }
        let proofs = try await Self.builder().proofs(for: keys, nonce: "n", batchSize: 3)
        guard case let .jwt(tokens) = proofs else { Issue.record("not jwt proofs"); return }
        #expect(tokens.count == 3)
        for (token, key) in zip(tokens, keys) {
            _ = try JWT.verify(token, key: key.signer.publicKey, validator: JWTValidator(clock: { Self.now }))
        }
        await #expect(throws: OpenID4VCIError.invalidCredentialRequest("3 holder keys but the issuer's batch_size is 2")) {
            _ = try await Self.builder().proofs(for: keys, nonce: "n", batchSize: 2)
        }
        await #expect(throws: OpenID4VCIError.self) { _ = try await Self.builder().proofs(for: keys, nonce: "n", batchSize: nil) }
        await #expect(throws: OpenID4VCIError.self) { _ = try await Self.builder().proofs(for: [], nonce: "n", batchSize: 2) }
    }

    @Test func aMissingKeyAttestationOrAnUnacceptedAlgorithmIsRefusedBeforeSigning() async throws {
        await #expect(throws: OpenID4VCIError.keyAttestationRequired) {
            _ = try await Self.builder(requirements: .init(requiresKeyAttestation: true))
                .proofs(for: [try Self.key()], nonce: "n", batchSize: nil)
        }
        let edKey = HolderKey(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .ed25519)))
        await #expect(throws: OpenID4VCIError.invalidCredentialRequest("the issuer does not accept EdDSA proofs")) {
            _ = try await Self.builder(requirements: .init(signingAlgorithms: ["ES256"])).proofs(for: [edKey], nonce: "n", batchSize: nil)
        }
    }

    @Test func aFailingSignerIsATypedError() async throws {
        struct RefusingSigner: Signer {
            let publicKey = PrivateKey(curve: .p256).publicKey
            var algorithm: SignatureAlgorithm { .es256 }
            var keyID: String? { nil }
            func sign(_ message: Data) async throws -> Data { throw CancellationError() }
        }
        do {
            _ = try await Self.builder().proof(for: HolderKey(signer: RefusingSigner()), nonce: "n")
            Issue.record("signed")
        } catch .proofSigningFailed {
        } catch {
            Issue.record("\(error)")
        }
    }
}

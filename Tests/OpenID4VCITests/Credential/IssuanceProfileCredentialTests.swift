import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI
import Testing

/// The HAIP profile at the credential endpoint: DPoP, ES256 holder keys with key attestations,
/// and SD-JWT VCs with an `x5c` issuer key. A refused request never reaches the issuer.
@Suite("Issuance profile at the credential endpoint")
struct IssuanceProfileCredentialTests {
    static func haip(_ options: inout CredentialClientOptions) { options.profile = .haip }

    /// A HAIP-ready client and one attested ES256 key; `adjust` breaks one rule.
    static func attempt(
        dpop useDPoP: Bool = true, key adjust: @escaping @Sendable (inout HolderKey, SoftwareSigner) async throws -> Void = { _, _ in }
    ) async throws -> (Result<CredentialIssuanceOutcome, OpenID4VCIError>, JSONObject?) {
        let provider = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        let dpop = try TestDPoPProvider()
        let configuration = TestIssuerConfiguration(
            dpopThumbprint: useDPoP ? dpop.thumbprint : nil, attestationKey: provider.publicKey)
        nonisolated(unsafe) var outcome: (Result<CredentialIssuanceOutcome, OpenID4VCIError>, JSONObject?)?
        try await TestIssuer.run(configuration) { issuer, endpoints in
            let harness = CredentialClientHarness()
            defer { harness.close() }
            var key = try CredentialClientHarness.holderKeys(1)[0]
            key.keyAttestation = try await CredentialClientHarness.attestation(for: key, by: provider)
            try await adjust(&key, provider)
            let client = harness.client(endpoints, configuration, dpop: useDPoP ? dpop : nil, options: haip)
            let result: Result<CredentialIssuanceOutcome, OpenID4VCIError>
            do throws(OpenID4VCIError) {
                result = .success(try await client.requestCredential(.configuration("pid"), format: "dc+sd-jwt", holderKeys: [key]))
            } catch {
                result = .failure(error)
            }
            outcome = (result, await issuer.lastRequest)
        }
        return try #require(outcome)
    }

    static func rule(_ result: Result<CredentialIssuanceOutcome, OpenID4VCIError>) -> IssuanceProfile.Rule? {
        guard case let .failure(.profileViolation(rule, _)) = result else { return nil }
        return rule
    }

    @Test func aKeyWithoutAttestationIsRefusedBeforeAnyProofIsSent() async throws {
        let (result, sent) = try await Self.attempt { key, _ in key.keyAttestation = nil }
        #expect(Self.rule(result) == .keyAttestation)
        #expect(sent == nil)
    }

    @Test func anAttestationOfAnotherKeyIsRefused() async throws {
        let (result, sent) = try await Self.attempt { key, provider in
            let other = try CredentialClientHarness.holderKeys(1)[0]
            key.keyAttestation = try await CredentialClientHarness.attestation(for: other, by: provider)
        }
        #expect(Self.rule(result) == .keyAttestation)
        #expect(sent == nil)
    }

    @Test func anAttestationThatIsNotAKeyAttestationJWTIsRefused() async throws {
        for text in ["not a jwt", "a.b.c"] {
            let (result, _) = try await Self.attempt { key, _ in key.keyAttestation = text }
            #expect(Self.rule(result) == .keyAttestation, "\(text)")
        }
        let (wrongType, _) = try await Self.attempt { key, provider in
            let claims = JWTClaims(issuedAt: Date(), additionalClaims: [
                "attested_keys": [try JSONValue(parsing: JWK(publicKey: key.signer.publicKey).jsonData())]
            ])
            key.keyAttestation = try await JWT.sign(claims, header: JOSEHeader(type: "JWT"), signer: provider)
        }
        #expect(Self.rule(wrongType) == .keyAttestation)
    }

    @Test func aNonES256HolderKeyIsRefused() async throws {
        let (result, sent) = try await Self.attempt { key, provider in
            key = HolderKey(signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p384)))
            key.keyAttestation = try await CredentialClientHarness.attestation(for: key, by: provider)
        }
        #expect(Self.rule(result) == .signingAlgorithm)
        #expect(sent == nil)
    }

    @Test func aBearerTokenOrNoDPoPKeyIsRefused() async throws {
        let (result, sent) = try await Self.attempt(dpop: false)
        #expect(Self.rule(result) == .dpop)
        #expect(sent == nil)
    }

    @Test func anSDJWTVCWithoutAnX5cIssuerKeyIsRefusedAfterIssuance() async throws {
        // Every other rule holds: the test issuer's stand-in SD-JWT names no issuer key at all.
        let (result, sent) = try await Self.attempt()
        #expect(Self.rule(result) == .x509IssuerKey)
        #expect(sent != nil)
        let proof = try #require(sent?["proofs"]?["jwt"]?.arrayValue?.first?.stringValue)
        let header = try JWSObject(compact: proof).signatures[0].header
        #expect(header["key_attestation"]?.stringValue != nil)
        #expect(header.algorithm == "ES256")
    }

    /// A wallet provider that attests keys on request, echoing the `c_nonce`.
    struct Attester: KeyAttestationProviding {
        let signer: SoftwareSigner
        var attests: PublicKey?

        func keyAttestation(for key: PublicKey, nonce: String?) async throws(OpenID4VCIError) -> String {
            do {
                let attested = try JSONValue(parsing: JWK(publicKey: attests ?? key).jsonData())
                let claims = JWTClaims(
                    expiresAt: Date().addingTimeInterval(600), issuedAt: Date(), nonce: nonce,
                    additionalClaims: ["attested_keys": [attested]])
                return try await JWT.sign(claims, header: JOSEHeader(type: "key-attestation+jwt"), signer: signer)
            } catch {
                throw .proofSigningFailed("\(error)")
            }
        }
    }

    @Test func anAttestationMadePerProofCarriesTheCNonce() async throws {
        let (result, sent) = try await Self.attempt { key, provider in
            key = HolderKey(signer: key.signer, keyAttestationProvider: Attester(signer: provider))
        }
        #expect(Self.rule(result) == .x509IssuerKey, "every rule before issuance held")
        let proof = try #require(sent?["proofs"]?["jwt"]?.arrayValue?.first?.stringValue)
        let proofObject = try JWSObject(compact: proof)
        let attestation = try #require(proofObject.signatures[0].header["key_attestation"]?.stringValue)
        let proofNonce = try JWTClaims(json: try Base64URL.decode(try #require(proofObject.encodedPayload))).nonce
        let attestationObject = try JWSObject(compact: attestation)
        let attestationNonce = try JWTClaims(json: try Base64URL.decode(try #require(attestationObject.encodedPayload))).nonce
        #expect(proofNonce != nil && attestationNonce == proofNonce)
    }

    @Test func aProvidedAttestationOfAnotherKeyIsRefusedBeforeSending() async throws {
        let (result, sent) = try await Self.attempt { key, provider in
            let other = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
            key = HolderKey(signer: key.signer, keyAttestationProvider: Attester(signer: provider, attests: other.publicKey))
        }
        #expect(Self.rule(result) == .keyAttestation)
        #expect(sent == nil)
    }
}

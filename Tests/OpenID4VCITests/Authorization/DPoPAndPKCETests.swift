import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI
import Testing

/// DPoP proofs (RFC 9449 §4) and PKCE S256 (RFC 7636), checked with JOSE as a server would.
@Suite("DPoP proofs and PKCE")
struct DPoPAndPKCETests {
    static func builder(_ curve: KeyCurve = .p256, at date: Date = Date()) throws -> DPoPProofBuilder {
        DPoPProofBuilder(signer: try SoftwareSigner(privateKey: PrivateKey(curve: curve)), clock: { date })
    }

    /// Verifies a proof the way an authorization server does and returns its claims.
    static func verify(_ proof: String) throws -> (JOSEHeader, JWTClaims) {
        let object = try JWSObject(compact: proof)
        let header = try #require(object.signatures.first?.header)
        let jwk = try #require(try header.embeddedKey())
        let verified = try JWT.verify(
            proof, key: JWSVerificationKey(jwk: jwk), policy: JWSPolicy(requiredType: "dpop+jwt"), validator: JWTValidator())
        return (verified.header, verified.claims)
    }

    @Test func aProofCarriesTheRFC9449HeaderAndClaims() async throws {
        let date = Date(timeIntervalSince1970: 1_750_000_000)
        let builder = try Self.builder(at: date)
        let url = try #require(URL(string: "https://as.example/token?x=1#frag"))
        let proof = try await builder.proof(method: "post", url: url, accessToken: nil, nonce: "n-1")
        let (header, claims) = try Self.verify(proof)
        #expect(header.type == "dpop+jwt" && header.algorithm == "ES256")
        #expect(try header.embeddedKey() == JWK(publicKey: builder.signer.publicKey))
        #expect(claims["htm"] == "POST")
        #expect(claims["htu"] == "https://as.example/token", "query and fragment are left out")
        #expect(claims.issuedAt == date && claims.nonce == "n-1")
        #expect(claims["ath"] == nil)
        #expect((claims.tokenID?.count ?? 0) >= 22, "jti has at least 128 bits")
        #expect(builder.keyThumbprint == (try JWK(publicKey: builder.signer.publicKey).thumbprintString()))
    }

    @Test func aProofForAResourceBindsTheAccessTokenHash() async throws {
        let builder = try Self.builder(.p384)
        let proof = try await builder.proof(
            method: "GET", url: try #require(URL(string: "https://issuer.example/credential")), accessToken: "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU", nonce: nil)
        let (header, claims) = try Self.verify(proof)
        #expect(header.algorithm == "ES384")
        // RFC 9449 §7.1's example token and its ath.
        #expect(claims["ath"] == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
        #expect(claims.nonce == nil)
    }

    @Test func everyProofHasAFreshJTI() async throws {
        let builder = try Self.builder(.ed25519)
        let url = try #require(URL(string: "https://as.example/token"))
        var seen = Set<String>()
        for _ in 0..<20 {
            let (_, claims) = try Self.verify(try await builder.proof(method: "POST", url: url, accessToken: nil, nonce: nil))
            seen.insert(try #require(claims.tokenID))
        }
        #expect(seen.count == 20)
    }

    @Test func aProofSignedByAnotherKeyThanItsJWKFailsVerification() async throws {
        let builder = try Self.builder()
        let proof = try await builder.proof(method: "POST", url: try #require(URL(string: "https://as.example/t")), accessToken: nil, nonce: nil)
        let parts = proof.split(separator: ".").map(String.init)
        let other = try Self.builder()
        let forged = try await other.proof(method: "POST", url: try #require(URL(string: "https://as.example/t")), accessToken: nil, nonce: nil)
        let spliced = [parts[0], parts[1], forged.split(separator: ".").map(String.init)[2]].joined(separator: ".")
        #expect(throws: (any Error).self) { try Self.verify(spliced) }
    }

    @Test func theRFC7636AppendixBVerifierGivesItsChallenge() throws {
        let pair = try ProofKeyForCodeExchange(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pair.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(ProofKeyForCodeExchange.method == "S256")
    }

    @Test func freshVerifiersAreLongUnreservedAndDistinct() throws {
        let verifiers = (0..<50).map { _ in ProofKeyForCodeExchange().verifier }
        #expect(Set(verifiers).count == 50)
        for verifier in verifiers {
            #expect((43...128).contains(verifier.count))
            #expect(try ProofKeyForCodeExchange(verifier: verifier).verifier == verifier)
        }
    }

    @Test(arguments: [String(repeating: "a", count: 42), String(repeating: "a", count: 129), String(repeating: "a", count: 42) + "+", ""])
    func verifiersOutsideRFC7636AreRefused(_ verifier: String) {
        #expect(throws: OpenID4VCIError.self) { try ProofKeyForCodeExchange(verifier: verifier) }
    }
}

/// The one DPoP nonce store: the newest nonce per server origin, never one server's nonce for
/// another, and nothing empty or oversized.
@Suite struct DPoPNonceStoreTests {
    @Test func keepsTheNewestNoncePerOriginAndIgnoresEmptyOrOversizedOnes() async throws {
        let store = DPoPNonceStore()
        let issuer = try #require(URL(string: "https://issuer.example/credential"))
        let sameOrigin = try #require(URL(string: "https://ISSUER.example:443/nonce"))
        let other = try #require(URL(string: "https://as.example/token"))
        await store.remember("n1", for: issuer)
        await store.remember("n2", for: sameOrigin)
        #expect(await store.nonce(for: issuer) == "n2")
        #expect(await store.nonce(for: other) == nil)
        await store.remember("", for: issuer)
        await store.remember(String(repeating: "x", count: 1025), for: issuer)
        #expect(await store.nonce(for: issuer) == "n2")
    }
}

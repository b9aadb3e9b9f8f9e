import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing

/// did:jwk (did:jwk spec, "Read"): `did:jwk:` + base64url(JWK JSON) → one JsonWebKey2020 `#0`.
@Suite("did:jwk")
struct DIDJWKTests {
    /// The P-256 example of the did:jwk specification.
    static let specP256 =
        "did:jwk:eyJjcnYiOiJQLTI1NiIsImt0eSI6IkVDIiwieCI6ImFjYklRaXVNczNpOF91c3pFakoydHBUdFJNNEVVM3l6OTFQSDZDZEgyVjAiLCJ5IjoiX0tjeUxqOXZXTXB0bm1LdG00NkdxRHo4d2Y3NEk1TEtncmwyR3pIM25TRSJ9"
    /// The X25519 (`"use": "enc"`) example of the did:jwk specification.
    static let specX25519 =
        "did:jwk:eyJrdHkiOiJPS1AiLCJjcnYiOiJYMjU1MTkiLCJ1c2UiOiJlbmMiLCJ4IjoiM3A3YmZYdDl3YlRUVzJIQzdPUTFOei1EUThoYmVHZE5yZngtRkctSUswOCJ9"

    static func did(jwkJSON: String) throws -> DIDIdentifier {
        try DIDIdentifier("did:jwk:" + Base64URL.encode(Data(jwkJSON.utf8)))
    }

    @Test("The spec's P-256 example resolves to #0 in every relationship")
    func specP256Example() async throws {
        let did = try DIDIdentifier(Self.specP256)
        let document = try await DIDJWKResolver().resolve(did).document
        #expect(document.verificationMethod.count == 1)
        let method = try document.verificationMethod(for: "#0", relationship: .assertionMethod)
        #expect(method.method.type == "JsonWebKey2020")
        #expect(method.publicKey.curve == .p256)
        #expect(method.method.publicKeyJwk?["x"] == "acbIQiuMs3i8_uszEjJ2tpTtRM4EU3yz91PH6CdH2V0")
        for relationship in VerificationRelationship.allCases {
            #expect(document[relationship] == [.reference("\(did)#0")])
        }
    }

    @Test("A \"use\": \"enc\" key is only for key agreement")
    func specX25519Example() async throws {
        let document = try await DIDJWKResolver().resolve(DIDIdentifier(Self.specX25519)).document
        #expect(document.keyAgreement.count == 1)
        #expect(document.authentication.isEmpty && document.assertionMethod.isEmpty)
        #expect(try document.verificationMethod(for: "#0", relationship: .keyAgreement).publicKey.curve == .x25519)
    }

    @Test("A generated key round-trips", arguments: [KeyCurve.ed25519, .p256, .p384, .secp256k1])
    func roundTrip(curve: KeyCurve) async throws {
        let key = PrivateKey(curve: curve).publicKey
        let did = try #require(DIDJWK.make(for: key))
        #expect(try DIDJWK.jwk(of: did).publicKey == key)
        let document = try await DIDResolverRegistry.offline().resolve(did).document
        #expect(try document.verificationMethod(for: "#0", relationship: .authentication).publicKey == key)
        #expect(document.keyAgreement.isEmpty == (curve == .ed25519))
    }

    @Test("Private keys, padding, non-JSON and bad points are rejected")
    func negative() throws {
        let privateJWK = JWK(privateKey: PrivateKey(curve: .p256))
        let withPrivate = try DIDIdentifier("did:jwk:" + Base64URL.encode(privateJWK.jsonData()))
        expectResolutionError(.invalidPublicKey) { _ = try DIDJWK.jwk(of: withPrivate) }

        expectResolutionError(.invalidDID) { _ = try DIDJWK.jwk(of: Self.did(jwkJSON: "[1,2]")) }
        expectResolutionError(.invalidDID) { _ = try DIDJWK.jwk(of: DIDIdentifier("did:jwk:bm90IGpzb24")) }  // "not json"
        expectResolutionError(.invalidDID) { _ = try DIDJWK.jwk(of: DIDIdentifier("did:jwk:e30%3D")) }  // padding, percent-encoded
        expectResolutionError(.invalidDID) { _ = try DIDJWK.jwk(of: DIDIdentifier("did:jwk:e3")) }  // non-canonical base64url
        let offCurve = #"{"kty":"EC","crv":"P-256","x":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE"}"#
        expectResolutionError(.invalidPublicKey) { _ = try DIDJWK.jwk(of: Self.did(jwkJSON: offCurve)) }
        let oct = #"{"kty":"oct","k":"AAAA"}"#
        expectResolutionError(.invalidPublicKey) { _ = try DIDJWK.jwk(of: Self.did(jwkJSON: oct)) }
        let long = try DIDIdentifier("did:jwk:" + String(repeating: "A", count: DIDJWK.maximumIdentifierLength + 4))
        expectResolutionError(.invalidDID) { _ = try DIDJWK.jwk(of: long) }
    }
}

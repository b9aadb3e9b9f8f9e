import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// Creating ecdsa-sd-2023 base proofs, checked against the W3C vectors (vc-di-ecdsa
/// `ecdsa-sd-2023/employ` and `/prc`): with the vectors' issuer key, proof key and HMAC key,
/// the base proof made here yields the published HMAC-labelled statements, proof hash and
/// mandatory hash (the ECDSA signatures are randomized, so they are verified rather than
/// compared), the holder's check accepts it, and a derivation from it verifies.
@Suite("ecdsa-sd-2023 base proofs", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct ECDSASDBaseProofSignerTests {
    /// A P-256 secret key from the vectors' `secretKeyMultibase` (multicodec p256-priv, 0x1306).
    static func secretKey(_ multibase: String) throws -> PrivateKey {
        let bytes = try Multibase.decode(multibase, expecting: .base58btc)
        #expect(bytes.prefix(2) == Data([0x86, 0x26]))
        return try PrivateKey(rawRepresentation: bytes.dropFirst(2), curve: .p256)
    }

    @Test("the vectors' keys give the published statements and hashes, and the proof verifies and derives", arguments: ECDSASDVectorTests.vectors)
    func matchesVectors(_ vector: ECDSASDVectorTests.Vector) async throws {
        let material = try JSONValue(parsing: Vectors.data(ECDSASDVectorTests.root + "ecdsa-sd-2023/SDKeyMaterial.json"))
        let issuerKey = try Self.secretKey(try #require(material["baseKeyPair"]?["secretKeyMultibase"]?.stringValue))
        let proofKey = try Self.secretKey(try #require(material["proofKeyPair"]?["secretKeyMultibase"]?.stringValue))
        let hmacHex = try #require(material["hmacKeyString"]?.stringValue)
        let hmacKey = try #require(Data(testHex: hmacHex))
        let published = try vector.json("addSignedSDBase.json")
        var unsecured = try #require(published.objectValue)
        let publishedProof = try #require(unsecured["proof"]?.objectValue)
        unsecured["proof"] = nil
        let pointers = try ECDSASDBaseProofValue(proofValue: try #require(publishedProof["proofValue"]?.stringValue)).mandatoryPointers
        let options = DataIntegrityProofOptions(
            cryptosuite: .ecdsaSD2023, verificationMethod: try #require(publishedProof["verificationMethod"]?.stringValue),
            proofPurpose: "assertionMethod", created: publishedProof["created"]?.stringValue)
        let signed = try await ECDSASDBaseProofSigner.sign(
            .object(unsecured), options: options, mandatoryPointers: pointers, signer: SoftwareSigner(privateKey: issuerKey),
            hmacKey: hmacKey, proofKey: proofKey)

        let checked = try await ECDSASelectiveDisclosure.verifyBase(signed, method: try await ECDSASDVectorTests.issuerMethod(signed))
        #expect(checked.statements == (try vector.json("addBaseDocHMACCanon.json")).arrayValue?.compactMap(\.stringValue))
        let hashes = try vector.json("addHashData.json")
        #expect(ECDSASDVectorTests.hex(checked.proofHash) == hashes["proofHash"]?.stringValue)
        #expect(ECDSASDVectorTests.hex(checked.mandatoryHash) == hashes["mandatoryHash"]?.stringValue)
        #expect(checked.proofValue.publicKey == proofKey.publicKey)
        #expect(checked.proofValue.mandatoryPointers == pointers)

        let selective = try JSONValue(parsing: Vectors.data(ECDSASDVectorTests.root + vector.selective)).arrayValue?.compactMap(\.stringValue) ?? []
        let derivation = try await ECDSASelectiveDisclosure.derive(signed, selectivePointers: selective)
        _ = try await DataIntegrityVerifier().verify(derivation.document, policy: DataIntegrityProofPolicy(now: ECDSASDVectorTests.now))
    }

    @Test("a base proof by another key than the one named is refused by the holder's check")
    func otherKeyRefused() async throws {
        let named = PrivateKey(curve: .p256)
        let did = try DIDKey.make(for: named.publicKey)
        let document: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2", "https://www.w3.org/ns/credentials/examples/v2"],
            "type": ["VerifiableCredential"], "issuer": .string(did.description),
            "credentialSubject": ["id": "did:example:subject", "name": "Alice", "degree": "BSc"],
        ]
        let options = DataIntegrityProofOptions(cryptosuite: .ecdsaSD2023, verificationMethod: DIDKey.verificationMethod(of: did))
        let honest = try await ECDSASDBaseProofSigner.sign(document, options: options, mandatoryPointers: ["/issuer"], signer: SoftwareSigner(privateKey: named))
        _ = try await ECDSASelectiveDisclosure.verifyBase(honest, method: try await ECDSASDVectorTests.issuerMethod(honest))
        let forged = try await ECDSASDBaseProofSigner.sign(
            document, options: options, mandatoryPointers: ["/issuer"], signer: SoftwareSigner(privateKey: PrivateKey(curve: .p256)))
        await #expect(throws: DataIntegrityError.self) {
            _ = try await ECDSASelectiveDisclosure.verifyBase(forged, method: try await ECDSASDVectorTests.issuerMethod(forged))
        }
    }
}

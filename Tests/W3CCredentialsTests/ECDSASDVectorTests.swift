import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// ecdsa-sd-2023 against the W3C vectors (vc-di-ecdsa `ecdsa-sd-2023/employ` and `/prc`): the
/// holder's check of the base proof reproduces the HMAC-labelled canonical statements, the
/// mandatory split and both hashes; deriving with the vector's selective pointers reproduces the
/// group indexes, the kept signatures, the label map, the revealed document and the derived
/// proofValue byte for byte; the vector's derived document verifies; and each forgery is refused.
@Suite("ecdsa-sd-2023 test vectors", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct ECDSASDVectorTests {
    static let root = "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/"
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    struct Vector: Sendable, CustomTestStringConvertible {
        var folder: String
        var selective: String
        var testDescription: String { folder }
        func json(_ name: String) throws -> JSONValue { try JSONValue(parsing: Vectors.data(ECDSASDVectorTests.root + "ecdsa-sd-2023/\(folder)/\(name)")) }
    }

    static let vectors = [Vector(folder: "employ", selective: "employSelective.json"), Vector(folder: "prc", selective: "prCredSelective.json")]

    static func hex(_ data: Data) -> String { data.testHex }

    static func issuerMethod(_ document: JSONValue) async throws -> ResolvedVerificationMethod {
        let id = try #require(document["proof"]?["verificationMethod"]?.stringValue)
        return try await DIDResolverRegistry.offline().resolve(DIDURL(id).did).document.verificationMethod(for: id, relationship: .assertionMethod)
    }

    static func canonical(_ value: JSONValue?) throws -> Data { try (value ?? .null).canonicalized() }

    @Test("the holder's check of the base proof reproduces each published step", arguments: vectors)
    func baseProof(_ vector: Vector) async throws {
        let base = try vector.json("addSignedSDBase.json")
        let checked = try await ECDSASelectiveDisclosure.verifyBase(base, method: try await Self.issuerMethod(base))
        #expect(checked.statements == (try vector.json("addBaseDocHMACCanon.json")).arrayValue?.compactMap(\.stringValue))
        let transform = try vector.json("addBaseTransform.json")
        #expect(checked.mandatoryIndexes == transform["mandatory"]?["value"]?.arrayValue?.compactMap { $0[0]?.intValue })
        let hashes = try vector.json("addHashData.json")
        #expect(Self.hex(checked.proofHash) == hashes["proofHash"]?.stringValue)
        #expect(Self.hex(checked.mandatoryHash) == hashes["mandatoryHash"]?.stringValue)
        let raw = try vector.json("addRawBaseSignatureInfo.json")
        #expect(Self.hex(checked.proofValue.baseSignature) == raw["baseSignature"]?.stringValue)
        #expect(checked.proofValue.signatures.map(Self.hex) == raw["signatures"]?.arrayValue?.compactMap(\.stringValue))
        #expect(Multibase.encode(checked.proofValue.publicKey.multicodecBytes, as: .base58btc) == raw["publicKey"]?.stringValue)
        // The proof value re-serializes to the issuer's bytes.
        #expect(checked.proofValue.proofValue == base["proof"]?["proofValue"]?.stringValue)
    }

    @Test("deriving with the vector's selective pointers reproduces the groups, signatures, label map and proofValue", arguments: vectors)
    func derivedProof(_ vector: Vector) async throws {
        let base = try vector.json("addSignedSDBase.json")
        let pointers = try JSONValue(parsing: Vectors.data(Self.root + vector.selective)).arrayValue?.compactMap(\.stringValue) ?? []
        let derivation = try await ECDSASelectiveDisclosure.derive(base, selectivePointers: pointers)
        let groups = try vector.json("derivedGroupIndexes.json")
        #expect(derivation.combinedIndexes == groups["combinedIndexes"]?.arrayValue?.compactMap(\.intValue))
        #expect(derivation.mandatoryIndexes == groups["mandatoryIndexes"]?.arrayValue?.compactMap(\.intValue))
        #expect(derivation.selectiveIndexes == groups["selectiveIndexes"]?.arrayValue?.compactMap(\.intValue))
        let disclosure = try vector.json("derivedDisclosureData.json")
        #expect(derivation.proofValue.signatures.map(Self.hex) == disclosure["signatures"]?.arrayValue?.compactMap(\.stringValue))
        #expect(derivation.proofValue.mandatoryIndexes == disclosure["mandatoryIndexes"]?.arrayValue?.compactMap(\.intValue))
        var labels: [String: String] = [:]
        for pair in disclosure["labelMap"]?["value"]?.arrayValue ?? [] {
            if let key = pair[0]?.stringValue, let value = pair[1]?.stringValue { labels[key] = value }
        }
        #expect(derivation.proofValue.labelMap == labels)
        var revealed = try #require(derivation.document.objectValue)
        let proof = revealed["proof"]
        revealed["proof"] = nil
        #expect(try Self.canonical(.object(revealed)) == Self.canonical(try vector.json("derivedUnsignedReveal.json")))
        let published = try vector.json("derivedRevealDocument.json")
        #expect(proof?["proofValue"] == published["proof"]?["proofValue"])
        // What the holder derived verifies.
        let verified = try await DataIntegrityVerifier().verify(derivation.document, policy: DataIntegrityProofPolicy(now: Self.now))
        #expect(verified.map(\.cryptosuite) == [.ecdsaSD2023])
    }

    @Test("the published derived document verifies", arguments: vectors)
    func publishedDerived(_ vector: Vector) async throws {
        let verified = try await DataIntegrityVerifier().verify(try vector.json("derivedRevealDocument.json"), policy: DataIntegrityProofPolicy(now: Self.now))
        #expect(verified.first?.cryptosuite == .ecdsaSD2023)
    }

    // MARK: - Refusals

    static func derived() throws -> JSONObject {
        try #require(try Vector(folder: "employ", selective: "").json("derivedRevealDocument.json").objectValue)
    }

    static func verify(_ document: JSONObject) async throws(DataIntegrityError) {
        _ = try await DataIntegrityVerifier().verify(.object(document), policy: DataIntegrityProofPolicy(now: now))
    }

    @Test("a changed revealed claim does not verify")
    func tamperedClaim() async throws {
        var document = try Self.derived()
        var subject = try #require(document["credentialSubject"]?.objectValue)
        subject["birthCountry"] = "Atlantis"
        document["credentialSubject"] = .object(subject)
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(document) }
    }

    @Test("a derived proof whose base signature is claimed for another key does not verify")
    func anotherKey() async throws {
        var document = try Self.derived()
        let other = try DIDKey.make(for: PrivateKey(curve: .p256).publicKey).description
        var proof = try #require(document["proof"]?.objectValue)
        proof["verificationMethod"] = .string(other + "#" + other.dropFirst("did:key:".count))
        document["proof"] = .object(proof)
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(document) }
    }

    @Test("a derived document without a mandatory claim does not verify")
    func droppedMandatory() async throws {
        var document = try Self.derived()
        document["issuer"] = "did:key:zDnaegE6RR3atJtHKwTRTWHsJ3kNHqFwv7n9YjTgmU7TyfU76"
        await #expect(throws: DataIntegrityError.self) { try await Self.verify(document) }
    }

    @Test("a proofValue with another header, or a base proof given to a verifier, is refused")
    func badHeader() async throws {
        var document = try Self.derived()
        var proof = try #require(document["proof"]?.objectValue)
        var bytes = try Multibase.decode(try #require(proof["proofValue"]?.stringValue), expecting: .base64url)
        bytes[bytes.startIndex + 2] = 0x02
        proof["proofValue"] = .string(Multibase.encode(bytes, as: .base64url))
        document["proof"] = .object(proof)
        await #expect(throws: DataIntegrityError.invalidProofValue) { try await Self.verify(document) }
        let base = try #require(try Vector(folder: "employ", selective: "").json("addSignedSDBase.json").objectValue)
        await #expect(throws: DataIntegrityError.baseProofPresented) { try await Self.verify(base) }
        #expect(throws: DataIntegrityError.invalidProofValue) { try ECDSASDDerivedProofValue(proofValue: "zabc") }
    }
}

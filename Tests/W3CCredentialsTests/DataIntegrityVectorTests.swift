import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// The JCS cryptosuites against the W3C test vectors (`../shared/vectors/vc-data-integrity/`,
/// vc-di-eddsa and vc-di-ecdsa): each published intermediate value — canonical document,
/// canonical proof configuration, their hashes, the combined hash, the signature — is
/// reproduced step by step, then the signed credential verifies.
@Suite("Data Integrity JCS test vectors")
struct DataIntegrityVectorTests {
    /// One vector folder and its file names.
    struct Vector: Sendable, CustomTestStringConvertible {
        var folder: String
        var suffix: String
        var keyPair: String
        var curve: KeyCurve
        var deterministic: Bool
        var testDescription: String { folder }

        func file(_ stem: String, _ ext: String = "txt") -> String { "\(folder)/\(stem)\(suffix).\(ext)" }
    }

    static let eddsa = "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/"
    static let ecdsa = "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/"
    static let vectors = [
        Vector(folder: eddsa + "eddsa-jcs-2022", suffix: "JCS", keyPair: eddsa + "keyPair.json", curve: .ed25519, deterministic: true),
        Vector(folder: ecdsa + "ecdsa-jcs-2019-p256", suffix: "JCSECDSAP256", keyPair: ecdsa + "p256KeyPair.json", curve: .p256, deterministic: false),
        Vector(folder: ecdsa + "ecdsa-jcs-2019-p384", suffix: "JCSECDSAP384", keyPair: ecdsa + "p384KeyPair.json", curve: .p384, deterministic: false),
    ]

    static func text(_ path: String) throws -> String {
        String(decoding: try Vectors.data(path), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func json(_ path: String) throws -> JSONValue { try JSONParser().parse(try Vectors.data(path)) }

    /// The vector's private key: multibase, a two-byte multicodec varint, the scalar.
    static func privateKey(_ vector: Vector) throws -> PrivateKey {
        let pair = try json(vector.keyPair)
        let encoded = pair["privateKeyMultibase"]?.stringValue ?? pair["secretKeyMultibase"]?.stringValue ?? ""
        let bytes = try Multibase.decode(encoded, expecting: .base58btc)
        let (_, prefix) = try Varint.decode(bytes)
        return try PrivateKey(rawRepresentation: bytes.dropFirst(prefix), curve: vector.curve)
    }

    /// The policy at the vectors' signing time.
    static let policy = DataIntegrityProofPolicy(now: Date(timeIntervalSince1970: 1_677_281_798 + 3600))

    @Test("every intermediate value reproduces", .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: vectors)
    func intermediateValues(_ vector: Vector) throws {
        let signed = try Self.json(vector.file("signed", "json"))
        let unsecured = JSONObject((signed.objectValue?.members ?? []).filter { $0.name != "proof" })
        let configuration = try Self.json(vector.file("proofConfig", "json")).objectValue ?? [:]
        let hashing = try JCSProofHashing(
            document: unsecured, proofConfiguration: configuration,
            hashAlgorithm: vector.curve == .p384 ? .sha384 : .sha256)
        #expect(String(decoding: hashing.canonicalDocument, as: UTF8.self) == (try Self.text(vector.file("canonDoc"))))
        #expect(String(decoding: hashing.canonicalProofConfiguration, as: UTF8.self) == (try Self.text(vector.file("proofCanon"))))
        #expect(hashing.documentHash.testHex == (try Self.text(vector.file("docHash"))))
        #expect(hashing.proofConfigurationHash.testHex == (try Self.text(vector.file("proofHash"))))
        #expect(hashing.hashData.testHex == (try Self.text(vector.file("combinedHash"))))

        let key = try Self.privateKey(vector)
        let algorithm = try #require(DataIntegrityCryptosuite(rawValue: configuration["cryptosuite"]?.stringValue ?? "")?
            .signatureAlgorithm(for: vector.curve))
        let published = try #require(Data(testHex: try Self.text(vector.file("sigHex"))))
        #expect(Multibase.encode(published, as: .base58btc) == (try Self.text(vector.file("sigBTC58"))))
        #expect(try key.publicKey.verify(published, for: hashing.hashData, algorithm: algorithm))
        if vector.deterministic {
            #expect(try key.sign(hashing.hashData, algorithm: algorithm) == published)
        }
    }

    @Test("the signed credential verifies, and signing the unsigned one gives a proof that verifies",
        .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: vectors)
    func signAndVerify(_ vector: Vector) async throws {
        let signed = try Self.json(vector.file("signed", "json"))
        let verified = try await DataIntegrityVerifier().verify(signed, policy: Self.policy)
        #expect(verified.count == 1)
        #expect(verified.first?.verificationMethod.id.description == verified.first?.proof.verificationMethod)

        let configuration = try Self.json(vector.file("proofConfig", "json")).objectValue ?? [:]
        let key = try Self.privateKey(vector)
        let options = DataIntegrityProofOptions(
            cryptosuite: try #require(DataIntegrityCryptosuite(rawValue: configuration["cryptosuite"]?.stringValue ?? "")),
            verificationMethod: configuration["verificationMethod"]?.stringValue ?? "",
            created: configuration["created"]?.stringValue)
        let algorithm = try #require(options.cryptosuite.signatureAlgorithm(for: vector.curve))
        let unsigned = JSONValue.object(JSONObject((signed.objectValue?.members ?? []).filter { $0.name != "proof" }))
        let resigned = try await DataIntegritySigner.sign(
            unsigned, options: options, signer: try SoftwareSigner(privateKey: key, algorithm: algorithm))
        if vector.deterministic { #expect(resigned == signed) }
        _ = try await DataIntegrityVerifier().verify(resigned, policy: Self.policy)
    }
}

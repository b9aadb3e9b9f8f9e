import CryptoKeys
import DID
import JSONLD
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// The cryptosuites against the W3C test vectors (`../shared/vectors/vc-data-integrity/`,
/// vc-di-eddsa and vc-di-ecdsa): each published intermediate value — canonical document,
/// canonical proof configuration, their hashes, the combined hash, the signature — is
/// reproduced step by step, then the signed credential verifies. The RDFC suites get their
/// datasets from ``VectorDatasets`` (the vectors' N-Quads, relabelled by Vellum's RDFC-1.0)
/// until JSON-LD toRdf is plugged in.
@Suite("Data Integrity test vectors")
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
        Vector(folder: eddsa + "eddsa-rdfc-2022", suffix: "DataInt", keyPair: eddsa + "keyPair.json", curve: .ed25519, deterministic: true),
        Vector(folder: eddsa + "eddsa-rdfc-2022/employ", suffix: "DataInt", keyPair: eddsa + "keyPair.json", curve: .ed25519, deterministic: true),
        Vector(folder: ecdsa + "ecdsa-rdfc-2019-p256", suffix: "ECDSAP256", keyPair: ecdsa + "p256KeyPair.json", curve: .p256, deterministic: false),
        Vector(folder: ecdsa + "ecdsa-rdfc-2019-p256/employ", suffix: "ECDSAP256", keyPair: ecdsa + "p256KeyPair.json", curve: .p256, deterministic: false),
        Vector(folder: ecdsa + "ecdsa-rdfc-2019-p384", suffix: "ECDSAP384", keyPair: ecdsa + "p384KeyPair.json", curve: .p384, deterministic: false),
        Vector(folder: ecdsa + "ecdsa-rdfc-2019-p384/employ", suffix: "ECDSAP384", keyPair: ecdsa + "p384KeyPair.json", curve: .p384, deterministic: false),
    ]

    /// The toRdf seam for the RDFC suites: a proof configuration's dataset is the vector's
    /// canonical proof N-Quads, any other document's the canonical document N-Quads (the
    /// suite canonicalizes them again with Vellum's RDFC-1.0, which must give them back).
    struct VectorDatasets: JSONLDToRDF {
        var document: String
        var proofConfiguration: String

        init(_ vector: Vector) throws {
            document = try String(decoding: Vectors.data(vector.file("canonDoc")), as: UTF8.self)
            proofConfiguration = try String(decoding: Vectors.data(vector.file("proofCanon")), as: UTF8.self)
        }

        func dataset(of object: JSONObject) async throws -> RDFDataset {
            try NQuadsParser().parse(object["type"]?.stringValue == "DataIntegrityProof" ? proofConfiguration : document)
        }
    }

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
    func intermediateValues(_ vector: Vector) async throws {
        let signed = try Self.json(vector.file("signed", "json"))
        let unsecured = JSONObject((signed.objectValue?.members ?? []).filter { $0.name != "proof" })
        let configuration = try Self.json(vector.file("proofConfig", "json")).objectValue ?? [:]
        let suite = try #require(DataIntegrityCryptosuite(rawValue: configuration["cryptosuite"]?.stringValue ?? ""))
        let hashing = try await suite.hashing(
            document: unsecured, proofConfiguration: configuration, curve: vector.curve, toRDF: try VectorDatasets(vector))
        // The vectors' text files drop the final line feed of canonical N-Quads.
        let canonicalDocument = String(decoding: hashing.canonicalDocument, as: UTF8.self)
        let canonicalProofConfiguration = String(decoding: hashing.canonicalProofConfiguration, as: UTF8.self)
        #expect(canonicalDocument.trimmingCharacters(in: .newlines) == (try Self.text(vector.file("canonDoc"))))
        #expect(canonicalProofConfiguration.trimmingCharacters(in: .newlines) == (try Self.text(vector.file("proofCanon"))))
        #expect(hashing.documentHash.testHex == (try Self.text(vector.file("docHash"))))
        #expect(hashing.proofConfigurationHash.testHex == (try Self.text(vector.file("proofHash"))))
        #expect(hashing.hashData.testHex == (try Self.text(vector.file("combinedHash"))))

        let key = try Self.privateKey(vector)
        let algorithm = try #require(suite.signatureAlgorithm(for: vector.curve))
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
        let verifier = DataIntegrityVerifier(toRDF: try VectorDatasets(vector))
        let verified = try await verifier.verify(signed, policy: Self.policy)
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
            unsigned, options: options, signer: try SoftwareSigner(privateKey: key, algorithm: algorithm),
            toRDF: try VectorDatasets(vector))
        if vector.deterministic { #expect(resigned == signed) }
        _ = try await verifier.verify(resigned, policy: Self.policy)
    }

    @Test("an RDFC proof over other quads than were signed is refused, and without a JSON-LD processor refused as such",
        .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: vectors.filter { $0.folder.contains("rdfc") })
    func rdfcRefusals(_ vector: Vector) async throws {
        let signed = try Self.json(vector.file("signed", "json"))
        var tampered = try VectorDatasets(vector)
        tampered.document = tampered.document.replacingOccurrences(of: "\" .\n", with: "!\" .\n")
        #expect(tampered.document != (try VectorDatasets(vector)).document)
        await #expect(throws: DataIntegrityError.signatureInvalid) {
            try await DataIntegrityVerifier(toRDF: tampered).verify(signed, policy: Self.policy)
        }
        let suite = signed["proof"]?["cryptosuite"]?.stringValue ?? ""
        await #expect(throws: DataIntegrityError.jsonLDProcessorMissing(suite)) {
            try await DataIntegrityVerifier(toRDF: nil).verify(signed, policy: Self.policy)
        }
    }

    @Test("each signed RDFC vector verifies with the bundled JSON-LD processor's own toRdf, and a changed claim does not",
        .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: vectors.filter { $0.folder.contains("rdfc") })
    func rdfcWithTheProcessor(_ vector: Vector) async throws {
        let signed = try Self.json(vector.file("signed", "json"))
        let verified = try await DataIntegrityVerifier().verify(signed, policy: Self.policy)
        #expect(verified.count >= 1)
        guard var object = signed.objectValue, var subject = object["credentialSubject"]?.objectValue,
              let name = subject.members.first(where: { $0.name != "id" })?.name
        else { return }
        subject.updateValue("changed after signing", forName: name)
        object.updateValue(.object(subject), forName: "credentialSubject")
        await #expect(throws: DataIntegrityError.signatureInvalid) {
            try await DataIntegrityVerifier().verify(.object(object), policy: Self.policy)
        }
    }
}

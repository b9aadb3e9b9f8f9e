import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import OpenDID
import VellumTestSupport

/// The synthetic Open DID fixtures: documents, their DID documents and the test-only keys.
enum OpenDIDFixtures {
    static let holder = "did:omn:2Y6xBXqZF4tRXM9gUraxzeGWJwXR"
    static let verifierNonce = "zQWib3zDFsec7VMAK9JZQEL"

    static func didDocuments() throws -> [DIDDocument] {
        try ["synthetic/did_document_issuer.json", "synthetic/did_document_holder.json", "synthetic/did_document_verifier.json"]
            .map { try DIDDocument(from: try OpenDIDSamples.data($0)) }
    }

    static func verifier() throws -> ProofVerifier {
        ProofVerifier(documents: try didDocuments())
    }

    /// The private key of `owner#keyID` (e.g. `did:omn:issuer#assert`).
    static func privateKey(_ name: String) throws -> PrivateKey {
        let keys = try OpenDIDSamples.json("synthetic/keys_PRIVATE_TEST_ONLY.json")
        guard let hex = keys[name]?["privateKeyHex"]?.stringValue else { throw FixtureMissing(name: name) }
        return try PrivateKey(rawRepresentation: hexData(hex), curve: .p256)
    }

    /// A proof key for `did#keyID`, referenced at version 1.
    static func proofKey(
        _ did: String, _ keyID: String, purpose: ProofPurpose = .assertionMethod, encoding: MultibaseEncoding = .base58btc
    ) throws -> ProofKey {
        let signer = try SoftwareSigner(privateKey: try privateKey("\(did)#\(keyID)"))
        return ProofKey(signer: signer, did: did, versionId: "1", keyID: keyID, purpose: purpose, encoding: encoding)
    }

    static func credential() throws -> VerifiableCredential {
        try VerifiableCredential(from: try OpenDIDSamples.data("synthetic/vc.json"))
    }

    /// A fixed clock inside the synthetic VPs' validity window.
    static let presentationTime = UTCDatetime.date(from: "2025-01-02T03:10:00Z") ?? Date()

    struct FixtureMissing: Error { let name: String }
}

/// The bytes of a hex string from a vector, or a test failure.
func hexData(_ hex: String?) throws -> Data {
    guard let hex, let data = Data(testHex: hex) else { throw OpenDIDFixtures.FixtureMissing(name: hex ?? "nil") }
    return data
}

extension JSONValue {
    /// The member at a dotted path with `[i]` indices, e.g. `proof.proofValueList[1]`.
    func value(at path: String) -> JSONValue? {
        var current: JSONValue? = self
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]") {
                indices.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? -1, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { current = current?[String(name)] }
            for index in indices { current = current?[index] }
        }
        return current
    }

    /// A copy with the member at `path` (dotted, with `[i]`) replaced.
    func replacing(_ path: [JSONPathStep], with newValue: JSONValue) -> JSONValue {
        guard let step = path.first else { return newValue }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case let (.object(object), .member(name)):
            var copy = object
            copy[name] = (object[name] ?? .null).replacing(rest, with: newValue)
            return .object(copy)
        case let (.array(array), .index(index)) where array.indices.contains(index):
            var copy = array
            copy[index] = array[index].replacing(rest, with: newValue)
            return .array(copy)
        default:
            return self
        }
    }
}

enum JSONPathStep { case member(String), index(Int) }

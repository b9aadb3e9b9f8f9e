import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The Open DID signing input: compact JSON, member names sorted by code point, `/` not
/// escaped, non-ASCII raw (opendid/synthetic/README.md).
@Suite("Open DID signing form")
struct OpenDIDSigningFormTests {
    @Test("Every signed input re-serializes byte for byte", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func signedInputs() throws {
        let inputs = try #require(Vectors.json("opendid/synthetic/signed_inputs.json") as? [String: String])
        #expect(inputs.count == 15)
        for (name, text) in inputs {
            let value = try JSONValue(parsing: Data(text.utf8))
            #expect(value.serializedString(.sortedKeys) == text, "\(name)")
        }
    }

    @Test("A shuffled object is sorted back into the signed form", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func shuffled() throws {
        let inputs = try #require(Vectors.json("opendid/synthetic/signed_inputs.json") as? [String: String])
        for (name, text) in inputs {
            let value = try JSONValue(parsing: Data(text.utf8))
            let reversed = Self.reversingMembers(value)
            #expect(reversed.serializedString() != text, "\(name)")
            #expect(reversed.serializedString(.sortedKeys) == text, "\(name)")
        }
    }

    static func reversingMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(elements): return .array(elements.map(reversingMembers))
        case let .object(object):
            return .object(JSONObject(object.members.reversed().map { ($0.name, reversingMembers($0.value)) }))
        default: return value
        }
    }

    @Test("Slashes and non-ASCII are written raw, control characters escaped")
    func escaping() {
        let value: JSONValue = ["url": "https://example.com/a", "name": "홍길동", "tab": "a\tb\u{1}"]
        #expect(value.serializedString(.sortedKeys) == #"{"name":"홍길동","tab":"a\tb\u0001","url":"https://example.com/a"}"#)
    }

    @Test("nil optionals are omitted through the Codable bridge")
    func nilOmitted() throws {
        struct Proof: Codable { var type: String; var created: String?; var proofValue: String? }
        let value = try JSONValue(encoding: Proof(type: "Secp256r1Signature2018", created: "2025-01-02T03:04:05Z", proofValue: nil))
        #expect(value.serializedString(.sortedKeys) == #"{"created":"2025-01-02T03:04:05Z","type":"Secp256r1Signature2018"}"#)
    }
}

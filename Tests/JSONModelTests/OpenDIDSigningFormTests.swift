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

    /// The writer scans strings eight bytes at a time; every byte value at every position
    /// of a long string must still be escaped exactly when it has to be.
    @Test("Every byte that needs escaping is escaped wherever it sits in a string")
    func escapingAtEveryPosition() throws {
        for byte in UInt8(0)..<0x80 {
            for position in 0..<19 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[position] = byte
                let string = String(decoding: bytes, as: UTF8.self)
                let expected = "\"" + bytes.map(Self.escaped).joined() + "\""
                #expect(JSONValue.string(string).serializedString() == expected, "byte \(byte) at \(position)")
                #expect(try JSONValue(parsing: expected) == .string(string))
            }
        }
        // Bytes at and above 0x80 (here in multi-byte scalars) never need escaping.
        let wide = String(repeating: "é한\u{80}\u{FF}", count: 5)
        #expect(JSONValue.string(wide).serializedString() == "\"" + wide + "\"")
    }

    /// The minimal escaping of one ASCII byte, written out case by case.
    private static func escaped(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0a: return "\\n"
        case 0x0c: return "\\f"
        case 0x0d: return "\\r"
        case 0x00..<0x20: return "\\u00" + (byte < 0x10 ? "0" : "1") + String(byte & 0x0f, radix: 16)
        default: return String(UnicodeScalar(byte))
        }
    }

    @Test("nil optionals are omitted through the Codable bridge")
    func nilOmitted() throws {
        struct Proof: Codable { var type: String; var created: String?; var proofValue: String? }
        let value = try JSONValue(encoding: Proof(type: "Secp256r1Signature2018", created: "2025-01-02T03:04:05Z", proofValue: nil))
        #expect(value.serializedString(.sortedKeys) == #"{"created":"2025-01-02T03:04:05Z","type":"Secp256r1Signature2018"}"#)
    }
}

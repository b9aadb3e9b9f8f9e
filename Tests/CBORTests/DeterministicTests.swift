import Foundation
import Testing
import VellumTestSupport
@testable import CBOR

/// Core deterministic encoding (RFC 8949 §4.2.1): the encoder produces it, and the decoder's
/// deterministic mode rejects anything else.
@Suite("Core deterministic encoding")
struct DeterministicTests {
    struct DCBORCase: Decodable {
        var hex: String
        var diagnostic: String?
        var notes: String?
        var nodes: String?
    }

    /// dcbor rules that go beyond RFC 8949 §4.2.1 (numeric reduction, no 65-bit negatives,
    /// no -0.0, canonical NaN only, no simple/undefined, NFC text, bignum rules): these
    /// vectors are not checked here.
    static func isDCBOROnlyRule(_ note: String) -> Bool {
        ["reduced", "65-bit", "canonical nan", "unsupported simple", "nfc", "bigint"]
            .contains { note.lowercased().contains($0) }
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func dcborInvalidVectorsThatBreakCoreRulesAreRejected() throws {
        let cases = try JSONDecoder().decode(
            [DCBORCase].self, from: Vectors.data("fuzz-and-parsers/dcbor-test-vectors/invalid.json"))
        var rejected = 0
        for item in cases {
            let note = item.notes ?? item.nodes ?? ""
            let bytes = try Data(hex: item.hex)
            if Self.isDCBOROnlyRule(note) { continue }
            #expect(throws: CBORError.self, "\(item.hex) \(note)") { try CBOR.decode(bytes, options: .deterministic) }
            rejected += 1
        }
        #expect(rejected >= 20)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func dcborValidVectorsAreAcceptedAndReEncodeDeterministically() throws {
        for vector in try VectorFiles.load("fuzz-and-parsers/dcbor-test-vectors/valid.json") {
            let bytes = try vector.bytes
            let item = try CBOR.decode(bytes, options: .deterministic)
            #expect(item.encoded(options: .deterministic) == bytes, "\(vector.hex)")
        }
    }

    @Test func nonCanonicalInputIsRejectedInDeterministicMode() throws {
        let cases: [(String, String)] = [
            ("1817", "argument 23 in one extra byte"),
            ("190017", "argument in two bytes"),
            ("5800", "empty byte string with a one-byte length"),
            ("9f01ff", "indefinite array"),
            ("5f4101ff", "indefinite byte string"),
            ("a2026161016162", "keys 2 and 1 unsorted"),
            ("a21864002000", "100 (0x1864) sorts after -1 (0x20)? no: 0x18 < 0x20, so this is sorted"),
            ("fb3ff8000000000000", "1.5 as a double"),
            ("fa3fc00000", "1.5 as a single"),
        ]
        for (hex, reason) in cases {
            let bytes = try Data(hex: hex)
            #expect(throws: Never.self, "\(hex): \(reason)") { try CBOR.decode(bytes) }
            if reason.hasSuffix("so this is sorted") {
                #expect(throws: Never.self) { try CBOR.decode(bytes, options: .deterministic) }
            } else {
                #expect(throws: CBORError.self, "\(hex): \(reason)") { try CBOR.decode(bytes, options: .deterministic) }
            }
        }
        #expect(throws: CBORError.notDeterministic(offset: 4, reason: "map keys not in bytewise lexicographic order")) {
            try CBOR.decode(Data(hex: "a2026161016162"), options: .deterministic)
        }
    }

    @Test func encoderSortsKeysBytewiseAndShortensEverything() throws {
        let item: CBOR = [-1: "neg", 100: "hundred", "b": 1, "a": 2.0, [1]: 0, 10: 1.1]
        let bytes = item.encoded(options: .deterministic)
        // Bytewise: 0a (10) < 1864 (100) < 20 (-1) < 6161 ("a") < 6162 ("b") < 8101 ([1]).
        let expected: CBOR = [10: 1.1, 100: "hundred", -1: "neg", "a": 2.0, "b": 1, [1]: 0]
        #expect(bytes == expected.encoded())
        #expect(bytes.hex.hasPrefix("a60afb3ff199999999999a1864"))
        #expect(try CBOR.decode(bytes, options: .deterministic) == expected)
        // Nested maps are sorted too.
        let nested: CBOR = ["z": ["y": 1, "x": 2]]
        #expect(nested.encoded(options: .deterministic).hex == "a1617aa261780261790" + "1")
    }
}

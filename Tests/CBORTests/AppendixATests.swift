import Foundation
import Testing
import VellumTestSupport
@testable import CBOR

/// RFC 8949 Appendix A: every example decodes to its value, re-encodes byte for byte when
/// marked `roundtrip`, and prints its diagnostic notation.
@Suite("RFC 8949 Appendix A")
struct AppendixATests {
    static let path = "fuzz-and-parsers/cbor-test-vectors/appendix_a.json"

    /// The vector file predates RFC 8949: it lists simple(24) as `f818`, which RFC 8949 §3.3
    /// made not well-formed (Appendix F lists `f818`). It is checked to be rejected instead.
    static let supersededByRFC8949 = ["f818"]

    static func vectors() throws -> [CBORVector] {
        try VectorFiles.load(path).filter { !supersededByRFC8949.contains($0.hex) }
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func supersededVectorIsRejected() throws {
        #expect(try VectorFiles.load(Self.path).contains { $0.hex == "f818" })
        #expect(throws: CBORError.invalidSimpleValue(offset: 0)) { try CBOR.decode(Data(hex: "f818")) }
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func roundTripVectorsReEncodeByteExactly() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count == 81)
        var checked = 0
        for vector in vectors where vector.roundtrip == true {
            let bytes = try vector.bytes
            let item = try CBOR.decode(bytes)
            #expect(item.encoded() == bytes, "\(vector.hex)")
            checked += 1
        }
        #expect(checked > 60)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func decodedValuesMatch() throws {
        var checked = 0
        for vector in try Self.vectors() {
            guard let expected = vector.decoded else { continue }
            let item = try CBOR.decode(try vector.bytes)
            #expect(matches(item, expected), "\(vector.hex) decoded as \(item)")
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func diagnosticNotationMatches() throws {
        var checked = 0
        for vector in try Self.vectors() {
            guard let expected = vector.diagnostic else { continue }
            #expect(try CBOR.diagnosticNotation(of: vector.bytes) == expected, "\(vector.hex)")
            checked += 1
        }
        #expect(checked >= 16)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func nonPreferredVectorsDecodeAndReEncodePreferred() throws {
        // The roundtrip:false items are non-preferred floats and indefinite lengths; their
        // re-encoding must be no longer and decode to the same value.
        for vector in try Self.vectors() where vector.roundtrip == false {
            let bytes = try vector.bytes
            let item = try CBOR.decode(bytes)
            let again = item.encoded()
            #expect(again.count <= bytes.count, "\(vector.hex)")
            #expect(try CBOR.decode(again) == item)
        }
    }

    @Test func diagnosticNotationOfValues() throws {
        let item: CBOR = ["a": 1, "b": [2, -3], "c": .byteString(Data([1, 2])), "d": 1.5, "e": .tagged(1, 0)]
        #expect(item.description == #"{"a": 1, "b": [2, -3], "c": h'0102', "d": 1.5, "e": 1(0)}"#)
        #expect(CBOR.double(1e300).description == "1.0e+300")
        #expect(CBOR.negative(.max).description == "-18446744073709551616")
        #expect(try CBOR.diagnosticNotation(of: Data(hex: "9f01ff")) == "[_ 1]")
        #expect(try CBOR.diagnosticNotation(of: Data(hex: "bf6161f5ff")) == #"{_ "a": true}"#)
        #expect(try CBOR.diagnosticNotation(of: Data(hex: "7f6161ff")) == #"(_ "a")"#)
        #expect(CBOR.textString("a\"\n").description == #""a\"\n""#)
    }
}

import Foundation
import Testing
@testable import CBOR

/// Preferred serialization (RFC 8949 §4.1) and the data model's edges.
@Suite("Encoding and the data model")
struct EncoderTests {
    @Test func integersUseTheShortestArgument() {
        let cases: [(CBOR, String)] = [
            (0, "00"), (23, "17"), (24, "1818"), (255, "18ff"), (256, "190100"),
            (65_535, "19ffff"), (65_536, "1a00010000"), (.unsigned(UInt64(UInt32.max) + 1), "1b0000000100000000"),
            (-1, "20"), (-24, "37"), (-25, "3818"), (.negative(.max), "3bffffffffffffffff"),
            (CBOR(Int64.min), "3b7fffffffffffffff"),
        ]
        for (item, hex) in cases { #expect(item.encoded().hex == hex, "\(item)") }
    }

    @Test func floatsUseTheShortestWidthThatKeepsTheValue() {
        let cases: [(CBOR, String)] = [
            (.double(0.0), "f90000"), (.double(-0.0), "f98000"), (.double(1.5), "f93e00"),
            (.double(65504), "f97bff"), (.double(100_000), "fa47c35000"), (.double(1.1), "fb3ff199999999999a"),
            (.double(5.960464477539063e-8), "f90001"), (.double(.infinity), "f97c00"),
            (.double(.nan), "f97e00"), (.float(3.4028234663852886e+38), "fa7f7fffff"),
            (.double(Double(bitPattern: 0x7ff8_0000_2000_0000)), "fa7fc00001"),
        ]
        for (item, hex) in cases { #expect(item.encoded().hex == hex, "\(item)") }
        let asIs = CBOREncodingOptions(shortestFloats: false)
        #expect(CBOR.double(1.5).encoded(options: asIs).hex == "fb3ff8000000000000")
        #expect(CBOR.float(1.5).encoded(options: asIs).hex == "fa3fc00000")
    }

    @Test func halfPrecisionConversionIsExactForEveryPattern() {
        // Every binary16 pattern widens and narrows back to itself (NaN payloads included).
        for bits in 0...UInt16.max {
            let value = FloatWidths.float(fromHalf: bits)
            #expect(FloatWidths.exactHalf(value) == bits)
        }
        #expect(FloatWidths.exactHalf(1.0 + 0x1p-11) == nil)
        #expect(FloatWidths.exactHalf(0x1p-25) == nil)
        #expect(FloatWidths.exactHalf(70_000) == nil)
    }

    @Test func valuesRoundTripThroughEncodeAndDecode() throws {
        let item: CBOR = [
            "int": 1, "neg": -500, "big": .unsigned(.max), "min": .negative(.max),
            "bytes": .byteString(Data(repeating: 7, count: 300)), "text": "ünïcødé 水",
            "array": [1, [2, [3]], [:]], "tag": .tagged(32, "https://example.com"),
            "simple": .simple(99), "low": .simple(16), "flags": [true, false, nil, .undefined],
            "floats": [.half(1.5), .float(100_000), .double(1.1)],
            [1, 2]: "array key", 1.5: "float key",
        ]
        let decoded = try CBOR.decode(item.encoded())
        #expect(decoded == item)
        #expect(decoded.hashValue == item.hashValue)
    }

    @Test func literalsAndAccessors() {
        let item: CBOR = ["a": [1, -2, "x"], 7: .byteString(Data([1])), "f": 2.5, "t": true]
        #expect(item["a"]?[0]?.intValue == 1)
        #expect(item["a"]?[1]?.int64Value == -2)
        #expect(item["a"]?[2]?.stringValue == "x")
        #expect(item["a"]?[3] == nil)
        // An integer literal subscript is an array index; integer map keys need an explicit CBOR.
        #expect(item[CBOR(7)]?.bytesValue == Data([1]))
        #expect(item[7] == nil)
        #expect(item["f"]?.doubleValue == 2.5)
        #expect(item["t"]?.boolValue == true)
        #expect(item["missing"] == nil)
        #expect(CBOR.negative(.max).int64Value == nil)
        #expect(CBOR.unsigned(.max).uint64Value == .max)
        #expect(CBOR(Int64.min).int64Value == Int64.min)
        #expect(CBOR.half(1.0) == CBOR.double(1.0))
        #expect(CBOR.double(0.0) != CBOR.double(-0.0))
        #expect(CBOR.double(.nan) == CBOR.double(.nan))
        #expect(CBOR.unsigned(1) != CBOR.double(1.0))
    }
}

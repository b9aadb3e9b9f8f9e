import Foundation
import Testing
import VellumTestSupport
@testable import CBOR

/// RFC 8949 §5.3.1 and Appendix F: input that is not CBOR at all, plus the limits that keep a
/// hostile input from crashing, hanging or exhausting memory.
@Suite("Well-formedness and limits")
struct WellFormednessTests {
    struct AppendixF: Decodable {
        struct Case: Decodable { var group: String; var hex: String }
        var cases: [Case]
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func everyAppendixFItemIsRejectedAsNotWellFormed() throws {
        let file = try JSONDecoder().decode(
            AppendixF.self, from: Vectors.data("fuzz-and-parsers/rfc8949_appendixF_not_well_formed.json"))
        #expect(file.cases.count == 94)
        for item in file.cases {
            let bytes = try Data(hex: item.hex)
            do {
                let value = try CBOR.decode(bytes)
                Issue.record("accepted \(item.hex) (\(item.group)) as \(value)")
            } catch {
                #expect(error.isWellFormednessError, "\(item.hex): \(error)")
            }
        }
    }

    static let sample = try? Data(hex:
        "a5" + "61616141" + "6162bf61654145ff" + "6166f93e00" + "666e6573746564d818439f01ff" + "61639f01ff")

    @Test func truncationAtEveryOffsetIsUnexpectedEnd() throws {
        let sample = try #require(Self.sample)
        _ = try CBOR.decode(sample)
        for length in 0..<sample.count {
            #expect(throws: CBORError.self) { try CBOR.decode(sample.prefix(length)) }
            do {
                _ = try CBOR.decode(sample.prefix(length))
            } catch {
                guard case .unexpectedEnd = error else {
                    Issue.record("prefix \(length): \(error)")
                    continue
                }
            }
        }
    }

    @Test func forgedHugeLengthsFailWithoutAllocating() throws {
        // Byte string, text string, array and map each claiming 2^63 (or 2^64-1) entries.
        for hex in ["5b8000000000000000", "7bffffffffffffffff00", "9b800000000000000001",
                    "bbffffffffffffffff0102", "5a7fffffff00"] {
            #expect(throws: CBORError.unexpectedEnd(offset: 0)) { try CBOR.decode(Data(hex: hex)) }
        }
    }

    @Test func lengthLimitApplies() throws {
        let options = CBORDecodingOptions(maxLength: 4)
        #expect(throws: CBORError.lengthLimitExceeded(offset: 0)) {
            try CBOR.decode(Data(hex: "450102030405"), options: options)
        }
        #expect(throws: CBORError.lengthLimitExceeded(offset: 5)) {
            try CBOR.decode(Data(hex: "5f4301020343040506ff"), options: options)
        }
        #expect(throws: CBORError.lengthLimitExceeded(offset: 0)) {
            try CBOR.decode(Data(hex: "850102030405"), options: options)
        }
    }

    @Test func tenThousandDeepNestingIsRefused() throws {
        for opener: UInt8 in [0x81, 0x9f, 0xa1, 0xc1] {
            // Maps nest through their values: a1 00 a1 00 … 00.
            let bytes: [UInt8] = opener == 0xa1
                ? (0..<10_000).flatMap { _ in [UInt8(0xa1), 0x00] } + [0x00]
                : [UInt8](repeating: opener, count: 10_000) + [0x00]
            #expect(throws: CBORError.self) { try CBOR.decode(bytes) }
            do { _ = try CBOR.decode(bytes) } catch {
                guard case .depthLimitExceeded = error else { Issue.record("\(error)"); continue }
            }
        }
        // A depth the caller allows decodes; the ceiling holds even when asked for more.
        let deep = [UInt8](repeating: 0x81, count: 100) + [0]
        #expect(throws: Never.self) { try CBOR.decode(deep, options: CBORDecodingOptions(maxDepth: 100)) }
        let tooDeep = [UInt8](repeating: 0x81, count: 600) + [0]
        #expect(throws: CBORError.depthLimitExceeded(offset: 512)) {
            try CBOR.decode(tooDeep, options: CBORDecodingOptions(maxDepth: 100_000))
        }
    }

    @Test func itemAndSizeLimits() throws {
        let array = [UInt8]([0x98, 100]) + [UInt8](repeating: 0, count: 100)
        #expect(throws: CBORError.itemLimitExceeded(offset: 51)) {
            try CBOR.decode(array, options: CBORDecodingOptions(maxItems: 50))
        }
        #expect(throws: CBORError.inputTooLarge(size: 102)) {
            try CBOR.decode(array, options: CBORDecodingOptions(maxInputSize: 101))
        }
    }

    @Test func trailingBytesAreRejectedUnlessASequenceIsAsked() throws {
        #expect(throws: CBORError.trailingBytes(offset: 1)) { try CBOR.decode(Data(hex: "0102")) }
        #expect(try CBOR.decodeSequence(Data(hex: "01820203f6")) == [1, [2, 3], nil])
        #expect(try CBOR.decodeSequence(Data()) == [])
    }

    @Test func invalidUTF8IsRejected() throws {
        for hex in ["62c328", "63eda080", "62c0af", "64f4908080", "61ff", "7f61ff61ff", "7f62c3ff"] {
            #expect(throws: CBORError.self, "\(hex)") { try CBOR.decode(Data(hex: hex)) }
        }
        #expect(throws: CBORError.invalidUTF8(offset: 0)) { try CBOR.decode(Data(hex: "62c328")) }
        // A code point split across chunks is invalid: each chunk must be valid on its own.
        #expect(throws: CBORError.invalidUTF8(offset: 1)) { try CBOR.decode(Data(hex: "7f61c361bcff")) }
        #expect(try CBOR.decode(Data(hex: "64f0908591")) == "𐅑")
    }

    @Test func duplicateKeysAreRejectedByDefault() throws {
        #expect(throws: CBORError.duplicateMapKey(offset: 4)) { try CBOR.decode(Data(hex: "a2616101616102")) }
        #expect(throws: CBORError.duplicateMapKey(offset: 5)) { try CBOR.decode(Data(hex: "a2f93c0000fb3ff000000000000001")) }
        // Many keys take the hashed path.
        var map: [UInt8] = [0xb8, 40]
        for key in 0..<39 { map += [0x18, UInt8(30 + key), 0] }
        map += [0x18, 30, 0]
        #expect(throws: CBORError.duplicateMapKey(offset: 119)) { try CBOR.decode(map) }
        let kept = try CBOR.decode(Data(hex: "a2616101616102"), options: CBORDecodingOptions(duplicateKeys: .keepAll))
        #expect(kept.mapValue?.count == 2)
    }

    @Test func tagContentIsChecked() throws {
        for hex in ["c001", "c161a0", "c20a", "d81801", "d903ec01"] {
            #expect(throws: CBORError.self, "\(hex)") { try CBOR.decode(Data(hex: hex)) }
        }
        #expect(throws: CBORError.invalidTagContent(tag: 24, offset: 2)) { try CBOR.decode(Data(hex: "d81801")) }
        let lax = CBORDecodingOptions(validateTagContent: false)
        #expect(try CBOR.decode(Data(hex: "d81801"), options: lax) == .tagged(24, 1))
    }
}

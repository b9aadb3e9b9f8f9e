import CBOR
import COSE
import Foundation
import Testing

/// Hostile and broken encodings at every level of a COSE_Sign1 / COSE_Mac0: the outer item,
/// the tag, the array, each field, and the protected header's own CBOR.
@Suite("Malformed COSE messages")
struct COSEMalformedMessageTests {
    static let protected = Data([0xA1, 0x01, 0x26])
    static let payload = Data("payload".utf8)
    static let signature = Data(count: 64)

    static func message(_ elements: [CBOR], tag: UInt64? = 18) -> Data {
        let array = CBOR.array(elements)
        return (tag.map { CBOR.tagged($0, array) } ?? array).encoded()
    }

    static let good: [CBOR] = [.byteString(protected), [:], .byteString(payload), .byteString(signature)]

    @Test("a well-formed baseline parses, tagged and untagged")
    func baseline() throws {
        let tagged = try COSESign1(decoding: Self.message(Self.good))
        #expect(tagged.payload == Self.payload)
        #expect(try tagged.algorithm() == .es256)
        _ = try COSESign1(decoding: Self.message(Self.good, tag: nil))
    }

    @Test("structural errors are rejected", arguments: [
        ("not an array", CBOR.tagged(18, [1: 2]).encoded()),
        ("a text string", CBOR.textString("COSE").encoded()),
        ("three elements", message(Array(good.prefix(3)))),
        ("five elements", message(good + [.null])),
        ("empty array", message([])),
        ("protected as a map", message([[1: -7], [:], .byteString(payload), .byteString(signature)])),
        ("protected as text", message([.textString("A10126"), [:], .byteString(payload), .byteString(signature)])),
        ("unprotected as a byte string", message([.byteString(protected), .byteString(Data([0xA0])), .byteString(payload), .byteString(signature)])),
        ("unprotected as an array", message([.byteString(protected), [], .byteString(payload), .byteString(signature)])),
        ("payload as text", message([.byteString(protected), [:], .textString("payload"), .byteString(signature)])),
        ("payload as undefined", message([.byteString(protected), [:], .undefined, .byteString(signature)])),
        ("signature as array", message([.byteString(protected), [:], .byteString(payload), [.byteString(signature)]])),
        ("signature null", message([.byteString(protected), [:], .byteString(payload), .null])),
        ("protected not CBOR", message([.byteString(Data([0xA1, 0x01])), [:], .byteString(payload), .byteString(signature)])),
        ("protected with trailing bytes", message([.byteString(protected + Data([0x00])), [:], .byteString(payload), .byteString(signature)])),
        ("protected is an array", message([.byteString(Data([0x81, 0x01])), [:], .byteString(payload), .byteString(signature)])),
        ("protected with a duplicate label", message([.byteString(Data([0xA2, 0x01, 0x26, 0x01, 0x26])), [:], .byteString(payload), .byteString(signature)])),
        ("header label a byte string", message([.byteString(protected), [.byteString(Data([4])): 1], .byteString(payload), .byteString(signature)])),
        ("kid as text", message([.byteString(protected), [4: "11"], .byteString(payload), .byteString(signature)])),
        ("alg as a map", message([.byteString(Data([0xA1, 0x01, 0xA0])), [:], .byteString(payload), .byteString(signature)])),
        ("content type negative", message([.byteString(protected), [3: -1], .byteString(payload), .byteString(signature)])),
        ("x5chain empty array", message([.byteString(protected), [33: []], .byteString(payload), .byteString(signature)])),
        ("x5chain of integers", message([.byteString(protected), [33: [1]], .byteString(payload), .byteString(signature)])),
        ("IV as integer", message([.byteString(protected), [5: 1], .byteString(payload), .byteString(signature)])),
        ("crit in unprotected", message([.byteString(protected), [2: [4]], .byteString(payload), .byteString(signature)])),
        ("crit not an array", message([.byteString(Data([0xA2, 0x01, 0x26, 0x02, 0x04])), [:], .byteString(payload), .byteString(signature)])),
        ("wrong tag 998", message(good, tag: 998)),
        ("Encrypt0 tag 16", message(good, tag: 16)),
        ("double tag", CBOR.tagged(18, .tagged(18, .array(good))).encoded()),
        ("truncated", message(good).dropLast()),
        ("trailing bytes", message(good) + Data([0xF6])),
        ("empty input", Data()),
        ("reserved additional info", Data([0xD2, 0x9C])),
        ("duplicate key in unprotected", Data([0xD2, 0x84, 0x43, 0xA1, 0x01, 0x26, 0xA2, 0x04, 0x41, 0x01, 0x04, 0x41, 0x02, 0x40, 0x40])),
    ] as [(String, Data)])
    func structuralErrors(name: String, bytes: Data) {
        #expect(throws: COSEError.self, "\(name)") { try COSESign1(decoding: bytes) }
        #expect(throws: COSEError.self, "\(name) as Mac0") { try COSEMac0(decoding: bytes) }
    }

    @Test("tag policy: required refuses untagged, forbidden refuses tagged")
    func tagPolicy() throws {
        let untagged = Self.message(Self.good, tag: nil)
        let tagged = Self.message(Self.good)
        #expect(throws: COSEError.tagPolicyViolated("tag 18 required but the message is untagged")) {
            try COSESign1(decoding: untagged, tagPolicy: .required)
        }
        #expect(throws: COSEError.tagPolicyViolated("tag 18 present where the untagged form is required")) {
            try COSESign1(decoding: tagged, tagPolicy: .forbidden)
        }
        _ = try COSESign1(decoding: tagged, tagPolicy: .required)
        _ = try COSESign1(decoding: untagged, tagPolicy: .forbidden)
        #expect(throws: COSEError.unexpectedTag(found: 998, expected: 18)) {
            try COSESign1(decoding: Self.message(Self.good, tag: 998), tagPolicy: .optional)
        }
    }

    @Test("oversized and deeply nested input is refused by the decoding limits")
    func limits() throws {
        let big = Self.message([.byteString(Self.protected), [:], .byteString(Data(count: 100_000)), .byteString(Self.signature)])
        var options = CBORDecodingOptions()
        options.maxInputSize = 10_000
        #expect(throws: COSEError.malformedCBOR(.inputTooLarge(size: big.count))) {
            try COSESign1(decoding: big, options: options)
        }
        _ = try COSESign1(decoding: big)
        // An unprotected header nested 10 000 levels deep.
        var nested = Data([0xD2, 0x84, 0x40, 0xA1, 0x18, 0x63])
        nested += Data(repeating: 0x81, count: 10_000) + Data([0x00, 0x40, 0x40])
        #expect(throws: COSEError.self) { try COSESign1(decoding: nested) }
        // A length that claims far more bytes than there are.
        let lying = Data([0xD2, 0x84, 0x40, 0xA0, 0x5B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x40])
        #expect(throws: COSEError.self) { try COSESign1(decoding: lying) }
    }

    @Test("the encoded empty map A0 is accepted as an empty protected bucket and kept as sent")
    func emptyProtectedForms() throws {
        let a0 = try COSESign1(decoding: Self.message([.byteString(Data([0xA0])), [1: -7], .byteString(Self.payload), .byteString(Self.signature)]))
        #expect(a0.protected.isEmpty)
        #expect(a0.protected.serialized == Data([0xA0]))
        let empty = try COSESign1(decoding: Self.message([.byteString(Data()), [1: -7], .byteString(Self.payload), .byteString(Self.signature)]))
        #expect(empty.protected.serialized.isEmpty)
        #expect(try empty.algorithm() == .es256)
    }

    @Test("x5chain reads as one certificate or a chain")
    func x5chainForms() throws {
        let one = try COSESign1(decoding: Self.message([.byteString(Self.protected), [33: .byteString(Data([1, 2]))], .byteString(Self.payload), .byteString(Self.signature)]))
        #expect(one.unprotected.x5chain == [Data([1, 2])])
        let two = try COSESign1(decoding: Self.message([.byteString(Self.protected), [33: [.byteString(Data([1])), .byteString(Data([2]))]], .byteString(Self.payload), .byteString(Self.signature)]))
        #expect(two.unprotected.x5chain == [Data([1]), Data([2])])
        var headers = COSEHeaders()
        headers.x5chain = [Data([9])]
        #expect(headers[.x5chain] == .byteString(Data([9])), "a single certificate is written as a byte string")
    }
}

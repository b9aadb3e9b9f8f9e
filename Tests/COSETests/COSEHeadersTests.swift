import CBOR
import COSE
import Foundation
import Testing

/// Header buckets (RFC 9052 §3): typed well-known parameters, preserved unknown ones.
@Suite("COSE headers")
struct COSEHeadersTests {
    @Test("typed accessors write the registered labels and read them back")
    func typedAccessors() throws {
        var headers = COSEHeaders()
        headers.algorithm = .es256
        headers.contentType = .coapContentFormat(60)
        headers.keyID = Data("kid".utf8)
        headers.iv = Data([1, 2, 3])
        headers.partialIV = Data([4])
        headers.x5chain = [Data([0x30, 0x01]), Data([0x30, 0x02])]
        headers.critical = [.text("custom")]
        #expect(headers.labels == [.algorithm, .contentType, .keyID, .iv, .partialIV, .x5chain, .critical])
        #expect(headers[.algorithm] == CBOR(-7))
        #expect(headers[3] == .unsigned(60))
        let decoded = try COSEHeaders(cbor: headers.cbor)
        #expect(decoded == headers)
        #expect(decoded.contentType == .coapContentFormat(60))
        #expect(decoded.x5chain?.count == 2)
        #expect(decoded.critical == [.text("custom")])
        headers.contentType = .mediaType("application/cwt")
        #expect(headers[.contentType] == "application/cwt")
        headers.keyID = nil
        #expect(headers[.keyID] == nil)
        #expect(!headers.labels.contains(.keyID))
    }

    @Test("integer and text labels are distinct, and order is kept")
    func labelsAndOrder() throws {
        let map: CBOR = ["1": "text one", 1: -7, -65_537: .byteString(Data([9])), "z": 0, "a": 1]
        let headers = try COSEHeaders(cbor: map)
        #expect(headers.labels == [.text("1"), .int(1), .int(-65_537), .text("z"), .text("a")])
        #expect(headers.algorithm == .es256)
        #expect(headers[.text("1")] == "text one")
        #expect(headers.cbor == map)
    }

    @Test("a decoded message re-encodes to the same bytes, unknown parameters included")
    func reencodingFidelity() throws {
        let protected: CBOR = [1: -7, "vendor": [1, 2, 3]]
        let wire = CBOR.tagged(18, [
            .byteString(protected.encoded()),
            [4: .byteString(Data("11".utf8)), 99: ["nested": true], "note": .null],
            .byteString(Data("payload".utf8)), .byteString(Data(count: 64)),
        ]).encoded()
        let message = try COSESign1(decoding: wire)
        #expect(message.encoded() == wire)
        #expect(message.protected.headers[.text("vendor")] == CBOR.array([1, 2, 3]))
        #expect(message.unprotected[99] == CBOR.map([(key: "nested", value: true)]))
    }

    @Test("well-known labels with the wrong value type are rejected", arguments: [
        (COSEHeaderLabel.algorithm, CBOR.byteString(Data([1]))), (.algorithm, .bool(true)),
        (.critical, 1), (.critical, [.byteString(Data())]), (.contentType, 70_000), (.contentType, .byteString(Data())),
        (.keyID, "text"), (.iv, 1), (.partialIV, [.byteString(Data())]), (.x5chain, "cert"), (.x5chain, [.byteString(Data()), 1]),
    ] as [(COSEHeaderLabel, CBOR)])
    func wrongValueTypes(label: COSEHeaderLabel, value: CBOR) {
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: [label.cbor: value]) }
    }

    @Test("labels outside int64 or of other types are rejected")
    func badLabels() {
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: [.unsigned(UInt64.max): 1]) }
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: [.negative(UInt64.max): 1]) }
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: [.bool(true): 1]) }
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: [[1]: 1]) }
        #expect(throws: COSEError.self) { try COSEHeaders(cbor: .array([])) }
    }
}

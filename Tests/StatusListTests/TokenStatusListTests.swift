import CBOR
import Foundation
import JSONModel
import Multiformats
import StatusList
import Testing
import VellumTestSupport

/// The Token Status List byte array (draft §4.1): packing, compression and the JSON and CBOR
/// encodings, with the draft's own worked examples.
@Suite struct TokenStatusListTests {
    /// §4.1: sixteen 1-bit statuses become 0xB9 0xA3 — index 0 is the least significant bit.
    @Test func packsOneBitStatusesLeastSignificantBitFirst() throws {
        let statuses: [UInt8] = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1]
        let list = try TokenStatusList(bits: .one, statuses: statuses.map(StatusType.init(rawValue:)))
        #expect(list.bytes == Data([0xB9, 0xA3]))
        #expect(list.count == 16)
        for (index, status) in statuses.enumerated() {
            #expect(try list.status(at: index).rawValue == status)
        }
    }

    /// §4.1: twelve 2-bit statuses become 0xC9 0x44 0xF9.
    @Test func packsTwoBitStatuses() throws {
        let statuses: [UInt8] = [1, 2, 0, 3, 0, 1, 0, 1, 1, 2, 3, 3]
        let list = try TokenStatusList(bits: .two, statuses: statuses.map(StatusType.init(rawValue:)))
        #expect(list.bytes == Data([0xC9, 0x44, 0xF9]))
        #expect(try list.status(at: 1) == .suspended)
        #expect(try list.status(at: 3) == .applicationSpecific)
    }

    /// The draft's compressed arrays inflate to the bytes above.
    @Test func decodesTheDraftsCompressedExamples() throws {
        let one = try TokenStatusList(json: ["bits": 1, "lst": "eNrbuRgAAhcBXQ"])
        #expect(one.bytes == Data([0xB9, 0xA3]))
        let two = try TokenStatusList(cbor: CBOR.decode(Data(testHex: "a2646269747302636c73744b78da3be9f2130003df0207")!))
        #expect(two.bytes == Data([0xC9, 0x44, 0xF9]))
    }

    @Test(arguments: StatusBitWidth.allCases)
    func setThenReadEveryValueAtEveryPosition(bits: StatusBitWidth) throws {
        var list = try TokenStatusList(bits: bits, count: 64)
        for index in 0..<list.count {
            try list.setStatus(StatusType(rawValue: UInt8(index % (Int(bits.maximumValue) + 1))), at: index)
        }
        for index in 0..<list.count {
            #expect(try list.status(at: index).rawValue == UInt8(index % (Int(bits.maximumValue) + 1)))
        }
        // Overwriting a status leaves its neighbours alone.
        try list.setStatus(.valid, at: 5)
        #expect(try list.status(at: 5) == .valid)
        #expect(try list.status(at: 4).rawValue == UInt8(4 % (Int(bits.maximumValue) + 1)))
        #expect(try list.status(at: 6).rawValue == UInt8(6 % (Int(bits.maximumValue) + 1)))
    }

    @Test func roundTripsThroughJSONAndCBOR() throws {
        var list = try TokenStatusList(bits: .four, count: 10_000, aggregationURI: "https://example.com/aggregation")
        try list.setStatus(StatusType(rawValue: 0x0F), at: 9_999)
        try list.setStatus(.suspended, at: 0)
        let fromJSON = try TokenStatusList(json: list.jsonValue())
        let fromCBOR = try TokenStatusList(cbor: CBOR.decode(list.cbor().encoded()))
        #expect(fromJSON == list)
        #expect(fromCBOR == list)
        #expect(fromJSON.aggregationURI == "https://example.com/aggregation")
    }

    @Test func refusesAValueWiderThanTheList() throws {
        var list = try TokenStatusList(bits: .one, count: 8)
        #expect(throws: StatusListError.self) { try list.setStatus(.suspended, at: 0) }
    }

    // MARK: - Index bounds

    @Test func refusesIndicesOutsideTheList() throws {
        let list = try TokenStatusList(json: ["bits": 1, "lst": "eNrbuRgAAhcBXQ"])
        #expect(throws: StatusListError.indexOutOfRange(index: 16, count: 16)) { try list.status(at: 16) }
        #expect(throws: StatusListError.indexOutOfRange(index: -1, count: 16)) { try list.status(at: -1) }
        #expect(throws: StatusListError.indexOutOfRange(index: Int.max, count: 16)) { try list.status(at: Int.max) }
    }

    @Test func anEmptyListHasNoIndex() throws {
        let lst = Base64URL.encode(try zlib(Data()))
        let list = try TokenStatusList(json: ["bits": 8, "lst": .string(lst)])
        #expect(list.count == 0)
        #expect(throws: StatusListError.indexOutOfRange(index: 0, count: 0)) { try list.status(at: 0) }
    }

    // MARK: - Malformed lists

    @Test(arguments: [0, 3, 5, 16, -1, 256])
    func refusesABitsValueOtherThan1248(bits: Int) {
        #expect(throws: StatusListError.invalidBitWidth("bits is \(bits)")) {
            try TokenStatusList(json: ["bits": .number(JSONNumber(bits)), "lst": "eNrbuRgAAhcBXQ"])
        }
    }

    @Test func refusesBitsOfTheWrongType() {
        for bits: JSONValue in ["1", 1.5, true, .null, [1]] {
            #expect(throws: StatusListError.invalidBitWidth("bits is not an integer")) {
                try TokenStatusList(json: ["bits": bits, "lst": "eNrbuRgAAhcBXQ"])
            }
        }
        #expect(throws: StatusListError.invalidBitWidth("bits is not an unsigned integer")) {
            try TokenStatusList(cbor: ["bits": "1", "lst": .byteString(Data([0x78, 0xDA]))])
        }
        #expect(throws: StatusListError.invalidBitWidth("bits is 3")) {
            try TokenStatusList(cbor: ["bits": 3, "lst": .byteString(Data([0x78, 0xDA]))])
        }
    }

    @Test func refusesMissingOrMistypedMembers() {
        #expect(throws: StatusListError.invalidStatusList("lst is missing")) { try TokenStatusList(json: ["bits": 1]) }
        #expect(throws: StatusListError.invalidStatusList("bits is missing")) { try TokenStatusList(json: ["lst": "eNrbuRgAAhcBXQ"]) }
        #expect(throws: StatusListError.invalidStatusList("lst is not a string")) { try TokenStatusList(json: ["bits": 1, "lst": 7]) }
        #expect(throws: StatusListError.invalidStatusList("status_list is not a JSON object")) { try TokenStatusList(json: "x") }
        #expect(throws: StatusListError.invalidStatusList("aggregation_uri is not a string")) {
            try TokenStatusList(json: ["bits": 1, "lst": "eNrbuRgAAhcBXQ", "aggregation_uri": 1])
        }
        #expect(throws: StatusListError.invalidStatusList("lst is not a byte string")) {
            try TokenStatusList(cbor: ["bits": 1, "lst": "eNrbuRgAAhcBXQ"])
        }
        #expect(throws: StatusListError.self) { try TokenStatusList(cbor: [1, 2]) }
    }

    @Test(arguments: ["eNrbuRgAAhcBXQ==", "eNrbuRgAAhcBXQ ", "eNrb+RgAAhcBXQ", "eNrb/RgAAhcBXQ", "eNrbuRgAAhcBXR", "e"])
    func refusesLstThatIsNotStrictBase64url(lst: String) {
        let error = #expect(throws: StatusListError.self) { try TokenStatusList(json: ["bits": 1, "lst": .string(lst)]) }
        guard case .invalidEncoding? = error else {
            Issue.record("expected invalidEncoding, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesCorruptTruncatedOrTrailingZlib() throws {
        let good = try zlib(Data([0xB9, 0xA3]))
        var corrupt = good
        corrupt[corrupt.count - 1] ^= 0xFF  // Adler-32 checksum
        var badHeader = good
        badHeader[1] ^= 0x01  // FCHECK no longer makes the header a multiple of 31
        let cases: [(String, Data)] = [
            ("corrupt checksum", corrupt),
            ("bad header", badHeader),
            ("truncated", good.prefix(good.count - 3)),
            ("header only", good.prefix(2)),
            ("trailing bytes", good + Data([0x00])),
            ("raw DEFLATE", good.dropFirst(2).dropLast(4)),
            ("GZIP instead of ZLIB", try gzip(Data([0xB9, 0xA3]))),
            ("not compressed", Data([0xB9, 0xA3])),
            ("empty", Data()),
        ]
        for (name, data) in cases {
            let error = #expect(throws: StatusListError.self, "\(name)") {
                try TokenStatusList(json: ["bits": 1, "lst": .string(Base64URL.encode(data))])
            }
            guard case .decompressionFailed? = error else {
                Issue.record("\(name): expected decompressionFailed, got \(String(describing: error))")
                continue
            }
        }
    }

    // MARK: - Limits

    /// A zip bomb: 64 MiB of zeros compress to about 64 KiB; inflating stops at the cap.
    @Test func stopsAZipBombAtTheDecompressedCap() throws {
        let bomb = try zlib(Data(count: 64 << 20))
        #expect(bomb.count < 100_000)
        let limits = StatusListLimits(maximumDecompressedSize: 1 << 20)
        let error = #expect(throws: StatusListError.self) {
            try TokenStatusList(json: ["bits": 1, "lst": .string(Base64URL.encode(bomb))], limits: limits)
        }
        guard case .limitExceeded? = error else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
            return
        }
        // The default cap (16 MiB) stops it too.
        #expect(throws: StatusListError.self) {
            try TokenStatusList(cbor: ["bits": 1, "lst": .byteString(bomb)])
        }
        // Exactly at the cap is accepted.
        let exact = try TokenStatusList(
            cbor: ["bits": 1, "lst": .byteString(try zlib(Data(count: 1 << 20)))], limits: limits)
        #expect(exact.count == 8 << 20)
    }

    @Test func refusesACompressedListOverTheCap() throws {
        let limits = StatusListLimits(maximumCompressedSize: 8)
        let lst = try zlib(Data(repeating: 0x5A, count: 64))
        #expect(lst.count > 8)
        #expect(throws: StatusListError.self) {
            try TokenStatusList(cbor: ["bits": 1, "lst": .byteString(lst)], limits: limits)
        }
        #expect(throws: StatusListError.self) {
            try TokenStatusList(json: ["bits": 1, "lst": .string(Base64URL.encode(lst))], limits: limits)
        }
    }

    @Test func statusTypeNamesTheRegisteredValues() {
        #expect(StatusType.valid.description == "VALID")
        #expect(StatusType(rawValue: 0x0C).isApplicationSpecific)
        #expect(StatusType.applicationSpecific.isApplicationSpecific)
        #expect(!StatusType(rawValue: 0x04).isApplicationSpecific)
        #expect(StatusResult(StatusType(rawValue: 0x01)) == .invalid)
        #expect(StatusResult(StatusType(rawValue: 0x02)) == .suspended)
        #expect(StatusResult(StatusType(rawValue: 0x03)) == .other(3))
        #expect(StatusResult(StatusType(rawValue: 0x00)).isValid)
    }
}

import Foundation
import Testing
@testable import CBOR

/// ``CBOR/Raw``: sub-items keep the bytes they were received as, so digests over them can be
/// recomputed even when the sender did not use preferred serialization.
@Suite("Raw bytes")
struct RawTests {
    /// {"nameSpaces": {"ns": [24(h'a1616101') with a non-shortest 0x5804 length, 24(h'a1616102')]}, "n": 0x1901f4}
    static let issuerSigned = "a2" + "6a6e616d65537061636573" + "a1" + "626e73" + "82"
        + "d818" + "5804" + "a1616101" + "d818" + "44" + "a1616102" + "616e" + "1901f4"

    @Test func subItemsKeepTheirReceivedBytes() throws {
        let raw = try CBOR.Raw(decoding: Data(hex: Self.issuerSigned))
        #expect(raw.bytes.hex == Self.issuerSigned)
        let items = try #require(raw["nameSpaces"]?["ns"]?.elements)
        #expect(items.count == 2)
        // The first item is not preferred: re-encoding the value would give different bytes.
        #expect(items[0].bytes.hex == "d8185804a1616101")
        #expect(items[0].value.encoded().hex == "d81844a1616101")
        #expect(items[1].bytes.hex == "d81844a1616102")
        #expect(raw["n"]?.bytes.hex == "1901f4")
        #expect(raw["n"]?.value == 500)
        let embedded = try #require(try items[0].embedded())
        #expect(embedded.bytes.hex == "a1616101")
        #expect(embedded["a"]?.value == 1)
        #expect(items[0].tagged?.content.bytes.hex == "5804a1616101")
    }

    @Test func entriesAndIndefiniteContainers() throws {
        let raw = try CBOR.Raw(decoding: Data(hex: "bf6161190001616282f5f4ff"))
        let entries = try #require(raw.entries)
        #expect(entries.map(\.key.bytes.hex) == ["6161", "6162"])
        #expect(entries.map(\.value.bytes.hex) == ["190001", "82f5f4"])
        #expect(raw["b"]?[1]?.value == false)
        #expect(raw["b"]?[2] == nil)
        #expect(raw[0] == nil)
        #expect(raw.diagnosticNotation == #"{_ "a": 1, "b": [true, false]}"#)
        let array = try CBOR.Raw(decoding: Data(hex: "9f01820203ff"))
        #expect(array.elements?.map(\.bytes.hex) == ["01", "820203"])
    }

    @Test func rawRefusesWhatDecodeRefuses() {
        #expect(throws: CBORError.trailingBytes(offset: 1)) { try CBOR.Raw(decoding: Data([0, 0])) }
        #expect(throws: CBORError.unexpectedEnd(offset: 0)) { try CBOR.Raw(decoding: Data([0x82, 0])) }
    }
}

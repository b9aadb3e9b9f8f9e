import Foundation
import Multiformats
import Testing

@Suite("Unsigned varint")
struct VarintTests {
    /// The examples of the multiformats unsigned-varint spec.
    static let examples: [(UInt64, [UInt8])] = [
        (1, [0x01]), (127, [0x7f]), (128, [0x80, 0x01]), (255, [0xff, 0x01]),
        (300, [0xac, 0x02]), (16384, [0x80, 0x80, 0x01]),
    ]

    @Test("Spec examples encode and decode")
    func examples() throws {
        for (value, bytes) in Self.examples {
            #expect(try Varint.encode(value) == bytes)
            let decoded = try Varint.decode(bytes + [0xaa, 0xbb])
            #expect(decoded.value == value)
            #expect(decoded.bytesRead == bytes.count)
        }
        #expect(try Varint.encode(0) == [0])
        #expect(try Varint.decode([0x00]).value == 0)
    }

    @Test("The largest value takes nine bytes; one more is refused")
    func limits() throws {
        let maximum = try Varint.encode(Varint.maximumValue)
        #expect(maximum.count == 9)
        #expect(try Varint.decode(maximum).value == Varint.maximumValue)
        #expect(throws: MultiformatsError.invalidVarint) { try Varint.encode(Varint.maximumValue + 1) }
        // Ten bytes, even if the value would fit in 64 bits.
        #expect(throws: MultiformatsError.invalidVarint) {
            try Varint.decode([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])
        }
    }

    @Test("Truncated input is rejected")
    func truncated() {
        #expect(throws: MultiformatsError.invalidVarint) { try Varint.decode([UInt8]()) }
        #expect(throws: MultiformatsError.invalidVarint) { try Varint.decode([0x80]) }
        #expect(throws: MultiformatsError.invalidVarint) { try Varint.decode([0xff, 0xff]) }
    }

    @Test("Non-minimal encodings are rejected", arguments: [[0x80, 0x00], [0x81, 0x00], [0xff, 0x80, 0x00]] as [[UInt8]])
    func nonMinimal(bytes: [UInt8]) {
        #expect(throws: MultiformatsError.invalidVarint) { try Varint.decode(bytes) }
    }
}

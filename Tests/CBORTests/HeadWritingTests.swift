import Foundation
import Testing
@testable import CBOR

/// The head writer used to splice encoded bytes writes exactly what the encoder writes.
@Suite("Head writing")
struct HeadWritingTests {
    @Test("Heads at every width boundary match the encoder's preferred serialization")
    func boundaries() {
        let arguments: [UInt64] = [0, 23, 24, 255, 256, 65_535, 65_536, 0xFFFF_FFFF, 0x1_0000_0000, .max]
        for argument in arguments {
            var head = Data()
            head.appendCBORHead(major: 0, argument: argument)
            #expect(head == CBOR.unsigned(argument).encoded(), "argument \(argument)")
            var negative = Data()
            negative.appendCBORHead(major: 1, argument: argument)
            #expect(negative == CBOR.negative(argument).encoded(), "argument \(argument)")
        }
    }

    @Test("Byte and text strings, and a tag 24 around them, match the encoder")
    func strings() {
        for length in [0, 23, 24, 300, 70_000] {
            let bytes = Data(repeating: 0x5A, count: length)
            var written = Data()
            written.appendCBORHead(major: 6, argument: CBOR.embeddedTag)
            written.appendCBORByteString(bytes)
            #expect(written == CBOR.embedded(encoded: bytes).encoded())
            let text = String(repeating: "é", count: length / 2)
            var textWritten = Data()
            textWritten.appendCBORTextString(text)
            #expect(textWritten == CBOR.textString(text).encoded())
        }
    }
}

import Deflate
import Foundation
import Testing

/// The one DEFLATE wrapper: each framing round-trips, and untrusted input is refused at the
/// limit, when truncated, corrupt, followed by other bytes, or in the wrong framing.
@Suite struct DeflateTests {
    static let text = Data(String(repeating: "status list entry 0x00 ", count: 2_000).utf8)

    @Test(arguments: [DeflateContainer.raw, .zlib, .gzip], [DeflateLevel.standard, .best])
    func roundTrips(container: DeflateContainer, level: DeflateLevel) throws {
        let compressed = try Deflate.compress(Self.text, container: container, level: level)
        #expect(compressed.count < Self.text.count / 10)
        #expect(try Deflate.decompress(compressed, container: container, limit: Self.text.count) == Self.text)
    }

    @Test func theFramingsAreTheirRFCs() throws {
        let zlib = try Deflate.compress(Self.text, container: .zlib)
        #expect(zlib.first == 0x78, "RFC 1950: CM 8, CINFO 7")
        let gzip = try Deflate.compress(Self.text, container: .gzip)
        #expect(Array(gzip.prefix(2)) == [0x1f, 0x8b], "RFC 1952 magic")
    }

    @Test(arguments: [DeflateContainer.raw, .zlib, .gzip])
    func aBombStopsAtTheLimit(container: DeflateContainer) throws {
        // 64 MiB of zeros compress to about 64 KiB; the reader stops at 1 MiB.
        let bomb = try Deflate.compress(Data(count: 64 << 20), container: container, level: .best)
        #expect(throws: DeflateError.limitExceeded(container: container.name, limit: 1 << 20)) {
            try Deflate.decompress(bomb, container: container, limit: 1 << 20)
        }
        #expect(try Deflate.decompress(bomb, container: container, limit: 64 << 20).count == 64 << 20)
    }

    @Test(arguments: [DeflateContainer.raw, .zlib, .gzip])
    func truncatedAndTrailingInputIsRefused(container: DeflateContainer) throws {
        let compressed = try Deflate.compress(Self.text, container: container)
        #expect(throws: DeflateError.truncated(container: container.name)) {
            try Deflate.decompress(compressed.dropLast(4), container: container, limit: 1 << 20)
        }
        #expect(throws: DeflateError.trailingBytes(container: container.name)) {
            try Deflate.decompress(compressed + Data([0]), container: container, limit: 1 << 20)
        }
        #expect(throws: DeflateError.truncated(container: container.name)) {
            try Deflate.decompress(Data(), container: container, limit: 1 << 20)
        }
    }

    @Test func theWrongFramingOrACorruptStreamIsRefused() throws {
        let gzip = try Deflate.compress(Self.text, container: .gzip)
        #expect(throws: DeflateError.self) { try Deflate.decompress(gzip, container: .zlib, limit: 1 << 20) }
        var zlib = try Deflate.compress(Self.text, container: .zlib)
        zlib[zlib.count - 1] ^= 0xff  // the Adler-32 checksum
        let failure = Self.error { () throws(DeflateError) -> Data in try Deflate.decompress(zlib, container: .zlib, limit: 1 << 20) }
        guard case .corrupt? = failure else {
            Issue.record("a failed checksum gave \(String(describing: failure))")
            return
        }
    }

    static func error(_ body: () throws(DeflateError) -> Data) -> DeflateError? {
        do { _ = try body(); return nil } catch { return error }
    }
}

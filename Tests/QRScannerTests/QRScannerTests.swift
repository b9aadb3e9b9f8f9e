import Foundation
import QRScanner
import Testing
import VellumTestSupport

/// Reading QR codes from images (issue #24: `receive`/`present` take a picture of the code).
@Suite("QRScanner")
struct QRScannerTests {
    static let link = "openid-credential-offer://?credential_offer_uri=https%3A%2F%2Fissuer.example%2Foffers%2FAkVT2pzERwbUuzf_"

    @Test("a PNG made from a QR symbol reads back as its text; a gray-on-white, scaled, off-centre one too")
    func pngRoundTrip() throws {
        #expect(try QRScanner.texts(inImage: try QRCodePNG.render(Self.link, scale: 4, quietZone: 4)) == [Self.link])
        let offset = try QRCodePNG.render(Self.link, scale: 7, quietZone: 30, dark: 60, light: 230)
        #expect(try QRScanner.texts(inImage: offset) == [Self.link])
    }

    /// `Fixtures/offer-qr.jpg` was made by another encoder (python-qrcode), pasted on a gray
    /// background, rotated 3°, blurred and saved by Pillow at JPEG quality 70, like a photo of a screen.
    @Test("a JPEG photo-like copy made by another encoder (committed fixture) reads back")
    func jpegFixture() throws {
        let jpeg = try Data(contentsOf: Self.fixture("offer-qr.jpg"))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(try QRScanner.texts(inImage: jpeg) == [Self.link])
    }

    @Test("an image without a code gives no text; two codes give both")
    func noneAndTwo() throws {
        let blank = try QRCodePNG.encode(pixels: [UInt8](repeating: 255, count: 200 * 200), width: 200, height: 200)
        #expect(try QRScanner.texts(inImage: blank).isEmpty)
        let pair = try QRCodePNG.sideBySide("openid4vp://?request_uri=a", "openid4vp://?request_uri=b", scale: 4)
        #expect(try QRScanner.texts(inImage: pair).sorted() == ["openid4vp://?request_uri=a", "openid4vp://?request_uri=b"])
    }

    @Test("not an image, a truncated PNG or JPEG, and a PNG declaring 100000 × 100000 pixels are typed errors")
    func refusals() throws {
        #expect(throws: QRScanError.notAnImage) { try QRScanner.texts(inImage: Data("openid4vp://".utf8)) }
        let png = try QRCodePNG.render(Self.link, scale: 4, quietZone: 4)
        #expect(throws: QRScanError.self) { try QRScanner.texts(inImage: png.prefix(png.count / 2)) }
        let jpeg = try Data(contentsOf: Self.fixture("offer-qr.jpg"))
        #expect(throws: QRScanError.self) { try QRScanner.texts(inImage: jpeg.prefix(200)) }
        #expect(throws: QRScanError.tooLarge("more than \(QRScanner.maximumPixels) pixels")) {
            try QRScanner.texts(inImage: QRCodePNG.header(width: 100_000, height: 100_000))
        }
        #expect(throws: QRScanError.self) {
            try QRScanner.texts(inImage: Data(count: QRScanner.maximumImageBytes + 1))
        }
    }

    static func fixture(_ name: String) -> URL {
        PackageRoot.url.appendingPathComponent("Tests/QRScannerTests/Fixtures/\(name)")
    }
}

import CJPEG
import CPNG
import CZbar
import Foundation

/// Reads the QR codes in a PNG or JPEG image: how a person hands the CLI a link they were
/// shown as a QR code (a screenshot, a photo of a screen).
///
/// The image is decoded to grayscale by libpng or libjpeg and searched by zbar. Everything
/// about the input is untrusted: its size is bounded before it is read, its pixel count before
/// a pixel is decoded, and a corrupt file is an error, never a crash.
public enum QRScanner {
    /// The largest image file accepted, in bytes.
    public static let maximumImageBytes = 32 * 1024 * 1024
    /// The most pixels decoded (a 48-megapixel photo).
    public static let maximumPixels = 48_000_000

    /// The text of every QR code found in `image` (PNG or JPEG bytes), in the order zbar
    /// reports them; empty when there is none.
    public static func texts(inImage image: Data) throws(QRScanError) -> [String] {
        guard image.count <= maximumImageBytes else { throw .tooLarge("the image has more than \(maximumImageBytes) bytes") }
        let kind = try ImageKind(image)
        let bitmap = try GrayBitmap(decoding: image, as: kind, maximumPixels: maximumPixels)
        defer { free(bitmap.pixels) }
        return try scan(bitmap)
    }

    /// Whether `data` starts like a PNG or JPEG file.
    public static func isImage(_ data: Data) -> Bool { (try? ImageKind(data)) != nil }

    private static func scan(_ bitmap: GrayBitmap) throws(QRScanError) -> [String] {
        guard let scanner = zbar_image_scanner_create() else { throw .outOfMemory }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        guard let image = zbar_image_create() else { throw .outOfMemory }
        defer { zbar_image_destroy(image) }
        // fourcc "Y800": 8-bit grayscale, one byte per pixel.
        let y800 = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
        zbar_image_set_format(image, UInt(y800))
        zbar_image_set_size(image, bitmap.width, bitmap.height)
        zbar_image_set_data(image, bitmap.pixels, UInt(bitmap.width) * UInt(bitmap.height), nil)
        guard zbar_scan_image(scanner, image) >= 0 else { throw .unreadable("zbar could not scan the image") }
        var texts: [String] = []
        var symbol = zbar_image_first_symbol(image)
        while let current = symbol {
            if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                let length = Int(zbar_symbol_get_data_length(current))
                let bytes = UnsafeRawBufferPointer(start: data, count: length)
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
            symbol = zbar_symbol_next(current)
        }
        return texts
    }
}

/// Why an image gave no QR code text.
public enum QRScanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are neither a PNG nor a JPEG image.
    case notAnImage
    /// The file or its pixel count is over the limit.
    case tooLarge(String)
    /// The image is corrupt.
    case unreadable(String)
    /// Memory for the pixels could not be had.
    case outOfMemory

    public var description: String {
        switch self {
        case .notAnImage: "the file is not a PNG or JPEG image"
        case let .tooLarge(reason): "the image is too large: \(reason)"
        case let .unreadable(reason): "the image cannot be read: \(reason)"
        case .outOfMemory: "out of memory while reading the image"
        }
    }
}

/// The image formats read, by their first bytes.
enum ImageKind {
    case png
    case jpeg

    init(_ data: Data) throws(QRScanError) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            throw .notAnImage
        }
    }
}

/// 8-bit grayscale pixels owned by C (`malloc`), freed by the caller.
struct GrayBitmap {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: UInt32
    let height: UInt32

    init(decoding data: Data, as kind: ImageKind, maximumPixels: Int) throws(QRScanError) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = data.withUnsafeBytes { buffer -> Int32 in
            let base = buffer.bindMemory(to: UInt8.self).baseAddress
            switch kind {
            case .png: return vellum_png_decode_gray(base, buffer.count, UInt(maximumPixels), &pixels, &width, &height)
            case .jpeg: return vellum_jpeg_decode_gray(base, UInt(buffer.count), UInt(maximumPixels), &pixels, &width, &height)
            }
        }
        switch status {
        case 0:
            guard let pixels else { throw .outOfMemory }
            self.pixels = pixels
            self.width = width
            self.height = height
        case 2: throw .tooLarge("more than \(maximumPixels) pixels")
        case 3: throw .outOfMemory
        default: throw .unreadable(kind == .png ? "not a readable PNG" : "not a readable JPEG")
        }
    }
}

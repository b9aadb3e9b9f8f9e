import CPNG
import CQRencode
import CZlib
import Foundation

/// PNG pictures of QR codes for the tests of reading them (`QRScanner`, `receive`/`present`
/// given an image): the symbol by libqrencode, the image by libpng's simplified API.
public enum QRCodePNG {
    /// Making the symbol or the image failed.
    public struct Failure: Error {}

    /// `text` as a QR code (level M), `scale` pixels per module, a `quietZone` of modules
    /// around it, `dark` modules on `light` ground.
    public static func render(_ text: String, scale: Int = 4, quietZone: Int = 4, dark: UInt8 = 0, light: UInt8 = 255) throws -> Data {
        let symbol = try Symbol(text)
        let side = (symbol.size + 2 * quietZone) * scale
        var pixels = [UInt8](repeating: light, count: side * side)
        for row in 0..<side {
            for column in 0..<side where symbol.isDark(row / scale - quietZone, column / scale - quietZone) {
                pixels[row * side + column] = dark
            }
        }
        return try encode(pixels: pixels, width: side, height: side)
    }

    /// Two QR codes side by side in one image.
    public static func sideBySide(_ first: String, _ second: String, scale: Int) throws -> Data {
        let symbols = [try Symbol(first), try Symbol(second)]
        let quiet = 4
        let cell = (symbols.map(\.size).max()! + 2 * quiet) * scale
        var pixels = [UInt8](repeating: 255, count: 2 * cell * cell)
        for (index, symbol) in symbols.enumerated() {
            for row in 0..<cell {
                for column in 0..<cell where symbol.isDark(row / scale - quiet, column / scale - quiet) {
                    pixels[row * 2 * cell + index * cell + column] = 0
                }
            }
        }
        return try encode(pixels: pixels, width: 2 * cell, height: cell)
    }

    /// 8-bit grayscale `pixels` as a PNG.
    public static func encode(pixels: [UInt8], width: Int, height: Int) throws -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_GRAY)
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, Int32(width), nil) != 0 else { throw Failure() }
        var memory = [UInt8](repeating: 0, count: size)
        guard png_image_write_to_memory(&image, &memory, &size, 0, pixels, Int32(width), nil) != 0 else { throw Failure() }
        return Data(memory.prefix(size))
    }

    /// A PNG signature, a valid IHDR chunk declaring `width` × `height` grayscale pixels and
    /// the start of an IDAT chunk: all a decoder reads before it must decide on the size.
    public static func header(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: Data) -> Data {
            let typed = Data(type.utf8) + body
            let crc = typed.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, UInt32($0.count))) }
            return withUnsafeBytes(of: UInt32(body.count).bigEndian) { Data($0) } + typed + withUnsafeBytes(of: crc.bigEndian) { Data($0) }
        }
        var header = Data()
        for value in [width, height] { header += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        header += Data([8, 0, 0, 0, 0])
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += chunk("IHDR", header)
        png += chunk("IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
        return png
    }

    /// A libqrencode symbol's dark modules.
    struct Symbol {
        let size: Int
        let modules: [Bool]

        init(_ text: String) throws {
            guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw Failure() }
            defer { QRcode_free(symbol) }
            size = Int(symbol.pointee.width)
            guard let data = symbol.pointee.data else { throw Failure() }
            modules = (0..<(size * size)).map { data[$0] & 1 == 1 }
        }

        func isDark(_ row: Int, _ column: Int) -> Bool {
            row >= 0 && column >= 0 && row < size && column < size && modules[row * size + column]
        }
    }
}

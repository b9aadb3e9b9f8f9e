import CQRencode
import Foundation

/// A QR code symbol (ISO/IEC 18004) made by libqrencode, rendered for a web page (SVG) or a
/// terminal (half-block characters), so an offer can be scanned from either.
public struct SandboxQRCode: Sendable, Hashable {
    /// The number of modules per side (without the quiet zone).
    public let size: Int
    /// Dark modules, row by row (`size * size` values).
    public let modules: [Bool]

    /// The most bytes encoded: a version 40 symbol at level M holds 2,331 bytes.
    public static let maximumBytes = 2_331

    /// Encodes `text` as bytes (8-bit mode), error correction level M, smallest version.
    public init(encoding text: String) throws(SandboxError) {
        guard !text.isEmpty else { throw .qrEncodingFailed("empty text") }
        guard text.utf8.count <= Self.maximumBytes else {
            throw .qrEncodingFailed("\(text.utf8.count) bytes is more than a QR code holds (\(Self.maximumBytes))")
        }
        guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw .qrEncodingFailed("libqrencode returned no symbol (errno \(errno))")
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        guard width > 0, let data = symbol.pointee.data else { throw .qrEncodingFailed("libqrencode returned an empty symbol") }
        size = width
        modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
    }

    /// Whether the module at (`row`, `column`) is dark; outside the symbol is light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard row >= 0, column >= 0, row < size, column < size else { return false }
        return modules[row * size + column]
    }

    /// The symbol as an SVG image, `moduleSize` pixels per module with a 4-module quiet zone.
    public func svg(moduleSize: Int = 6) -> String {
        let quiet = 4
        let side = (size + 2 * quiet) * moduleSize
        var path = ""
        for row in 0..<size {
            for column in 0..<size where isDark(row: row, column: column) {
                path += "M\((column + quiet) * moduleSize),\((row + quiet) * moduleSize)h\(moduleSize)v\(moduleSize)h-\(moduleSize)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    /// The symbol as text for a terminal: two module rows per line with `▀`, `▄`, `█` and
    /// spaces, dark modules drawn as dark characters on a light background, with a quiet zone
    /// of `quietZone` modules. Set `inverted` for terminals with light text on dark.
    public func halfBlockText(quietZone: Int = 2, inverted: Bool = false) -> String {
        let first = -quietZone
        let last = size + quietZone
        var lines = [String]()
        var row = first
        while row < last {
            var line = ""
            for column in first..<last {
                var top = isDark(row: row, column: column)
                var bottom = row + 1 < last ? isDark(row: row + 1, column: column) : false
                if inverted {
                    top.toggle()
                    bottom.toggle()
                }
                switch (top, bottom) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
            row += 2
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation

/// Base16 (hex), multibase `f` (lower case) and `F` (upper case).
public enum Base16 {
    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)

    /// Encodes bytes as hex, lower case unless `uppercase` is set.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes, uppercase: Bool = false) -> String
    where Bytes.Element == UInt8 {
        let digits = uppercase ? upperDigits : lowerDigits
        var output = [UInt8]()
        output.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes hex of either case; rejects odd lengths and non-hex characters.
    public static func decode(_ text: String) throws(MultiformatsError) -> Data {
        let utf8 = Array(text.utf8)
        guard utf8.count.isMultiple(of: 2) else { throw .invalidLength(encoding: "base16") }
        var output = Data(capacity: utf8.count / 2)
        var index = 0
        while index < utf8.count {
            let high = try nibble(utf8[index]), low = try nibble(utf8[index + 1])
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    private static func nibble(_ digit: UInt8) throws(MultiformatsError) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: throw .invalidCharacter(encoding: "base16", character: Character(UnicodeScalar(digit)))
        }
    }
}

import Crypto

/// How a raw attribute value becomes the integer a CL signature covers, as anoncreds-rs does it.
///
/// A value that reads as a 32-bit signed integer is that integer (so predicates such as
/// `age >= 18` compare numbers); anything else is the SHA-256 of its UTF-8 bytes read as a
/// big-endian unsigned integer. Integers are read as Rust's `i32::from_str` reads them: an
/// optional `+` or `-`, ASCII digits, leading zeros allowed (`"007"` encodes as `7`).
///
/// A holder must check the encoding of every value it receives: the signature covers only the
/// encoded integers, so an issuer could otherwise show one raw value and sign another.
public enum AttributeEncoding {
    /// The encoded (decimal) form of `raw`.
    public static func encode(_ raw: String) -> String {
        if let integer = int32(raw) { return String(integer) }
        return BigInteger(bigEndianBytes: Array(SHA256.hash(data: Array(raw.utf8)))).decimalString
    }

    /// Whether `value.encoded` is the encoding of `value.raw` (compared as integers, so an
    /// encoding written with leading zeros still matches).
    public static func matches(_ value: AttributeValue) -> Bool {
        guard let encoded = BigInteger(decimal: value.encoded) else { return false }
        return BigInteger(decimal: encode(value.raw)) == encoded
    }

    /// `raw` as Rust's `str::parse::<i32>` reads it, or `nil`.
    static func int32(_ raw: String) -> Int32? {
        var digits = Substring(raw)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        var magnitude: Int64 = 0
        for byte in digits.utf8 {
            magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0"))
            if magnitude > Int64(Int32.max) + 1 { return nil }
        }
        let value = negative ? -magnitude : magnitude
        return Int32(exactly: value)
    }
}

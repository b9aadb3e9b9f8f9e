import Foundation

/// Base32 in the three alphabets multibase names: RFC 4648 §6 (`b`/`c`), RFC 4648 §7
/// "extended hex" (`v`/`t`) and z-base-32 (`h`).
///
/// Decoding ignores letter case (RFC 4648 base32 is case-insensitive by design, and
/// multibase's tests require it) but nothing else: padding must be exactly present or absent
/// as asked, and the unused trailing bits must be zero.
public enum Base32 {
    /// Which 32-character alphabet to use.
    public enum Alphabet: Sendable, Hashable {
        /// RFC 4648 §6, `a`–`z` then `2`–`7`.
        case rfc4648
        /// RFC 4648 §7, `0`–`9` then `a`–`v`; sorts like the bytes it encodes.
        case hex
        /// z-base-32, the human-oriented permutation used by Tahoe-LAFS.
        case zBase32
    }

    static func codec(_ alphabet: Alphabet, padded: Bool) -> BitGroupCodec {
        switch (alphabet, padded) {
        case (.rfc4648, false): return rfc4648
        case (.rfc4648, true): return rfc4648Padded
        case (.hex, false): return hex
        case (.hex, true): return hexPadded
        case (.zBase32, _): return zBase32
        }
    }

    private static let rfc4648 = BitGroupCodec(
        name: "base32", alphabet: "abcdefghijklmnopqrstuvwxyz234567", bitsPerCharacter: 5, caseInsensitive: true)
    private static let rfc4648Padded = BitGroupCodec(
        name: "base32pad", alphabet: "abcdefghijklmnopqrstuvwxyz234567", bitsPerCharacter: 5, padBlock: 8,
        caseInsensitive: true)
    private static let hex = BitGroupCodec(
        name: "base32hex", alphabet: "0123456789abcdefghijklmnopqrstuv", bitsPerCharacter: 5, caseInsensitive: true)
    private static let hexPadded = BitGroupCodec(
        name: "base32hexpad", alphabet: "0123456789abcdefghijklmnopqrstuv", bitsPerCharacter: 5, padBlock: 8,
        caseInsensitive: true)
    private static let zBase32 = BitGroupCodec(
        name: "base32z", alphabet: "ybndrfg8ejkmcpqxot1uwisza345h769", bitsPerCharacter: 5)

    /// Encodes bytes; lower case unless `uppercase`, padded with `=` to a multiple of eight
    /// characters if `padded` (z-base-32 is never padded).
    public static func encode<Bytes: Sequence>(
        _ bytes: Bytes, alphabet: Alphabet = .rfc4648, padded: Bool = false, uppercase: Bool = false
    ) -> String where Bytes.Element == UInt8 {
        codec(alphabet, padded: padded).encode(bytes, uppercase: uppercase)
    }

    /// Decodes text of either case; `padded` says whether `=` padding must be present.
    public static func decode(
        _ text: String, alphabet: Alphabet = .rfc4648, padded: Bool = false
    ) throws(MultiformatsError) -> Data {
        try codec(alphabet, padded: padded).decode(Substring(text))
    }
}

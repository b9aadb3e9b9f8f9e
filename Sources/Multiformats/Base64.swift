import Foundation

/// Standard base64 (RFC 4648 §4, alphabet with `+` and `/`), multibase `m` (unpadded) and
/// `M` (padded).
///
/// For the URL-safe alphabet JOSE uses, see ``Base64URL``. Decoding here is strict: exactly
/// the padding asked for, no whitespace, zero trailing bits.
public enum Base64 {
    static let unpadded = BitGroupCodec(
        name: "base64", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
        bitsPerCharacter: 6)
    static let padded = BitGroupCodec(
        name: "base64pad", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
        bitsPerCharacter: 6, padBlock: 4)
    static let urlPadded = BitGroupCodec(
        name: "base64urlpad", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
        bitsPerCharacter: 6, padBlock: 4)

    /// Encodes bytes as standard base64, with `=` padding if `padded`.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes, padded: Bool = true) -> String
    where Bytes.Element == UInt8 {
        (padded ? self.padded : unpadded).encode(bytes)
    }

    /// Decodes standard base64; `padded` says whether `=` padding must be present.
    public static func decode(_ text: String, padded: Bool = true) throws(MultiformatsError) -> Data {
        try (padded ? self.padded : unpadded).decode(Substring(text))
    }
}

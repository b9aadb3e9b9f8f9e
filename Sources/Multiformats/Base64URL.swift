import Foundation

/// Base64url (RFC 4648 §5), the alphabet JOSE, SD-JWT and multibase `u` use.
///
/// Encoding never pads. Decoding comes in two strengths, because the wire formats differ:
/// JOSE (RFC 7515 §2) forbids padding and any character outside the alphabet, while many
/// issuers in the wild pad or use the standard alphabet. Pick the strict one for anything
/// signed, the lenient one only to read what a peer wrote loosely.
public enum Base64URL {
    /// The unpadded URL-safe alphabet, table-driven (JOSE encodes and decodes on every token,
    /// so this is a hot path).
    static let codec = BitGroupCodec(
        name: "base64url", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
        bitsPerCharacter: 6)

    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        codec.encode(bytes)
    }

    /// Encodes `Data` without padding (a concrete overload: calls from other modules are
    /// specialised rather than going through the generic sequence path).
    public static func encode(_ bytes: Data) -> String { codec.encode(bytes) }
    /// Encodes a byte array without padding (concrete overload, as above).
    public static func encode(_ bytes: [UInt8]) -> String { codec.encode(bytes) }

    /// Decodes part of a string as ``decode(_:)`` does, without copying the part into a
    /// `String` of its own first (a JWS signature is the tail of its token).
    package static func decode(_ text: Substring) throws(MultiformatsError) -> Data {
        try codec.decode(text)
    }

    /// Encodes bytes the caller lends for the call (a digest on the stack, say); not generic,
    /// so a caller in another module gets this specialised path.
    package static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        codec.encode(bytes.bindMemory(to: UInt8.self))
    }

    /// How many characters the unpadded base64url of `byteCount` bytes has.
    package static func encodedCount(of byteCount: Int) -> Int {
        codec.encodedSextetCount(of: byteCount)
    }

    /// Writes the unpadded base64url of `bytes` into `output`, which has room for
    /// ``encodedCount(of:)`` characters, and returns how many it wrote: for a caller that
    /// assembles a token in one buffer of its own.
    package static func encode(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        codec.alphabet.withUnsafeBufferPointer { table in
            codec.encodeSextets(bytes.bindMemory(to: UInt8.self), table: table, into: output)
        }
    }

    /// Decodes unpadded base64url; rejects padding, whitespace, the `+`/`/` alphabet and
    /// non-zero trailing bits, so each byte string has exactly one accepted encoding.
    public static func decode(_ text: String) throws(MultiformatsError) -> Data {
        try codec.decode(Substring(text))
    }

    /// Decodes unpadded base64url as ``decode(_:)`` does, into a buffer that exists only
    /// while `body` runs (on the stack when small): for a parser that reads the bytes once
    /// and keeps nothing else, such as a JOSE header or an SD-JWT Disclosure.
    package static func withDecoded(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(MultiformatsError) {
        try codec.withDecodedSextets(Substring(text), body)
    }

    /// ``withDecoded(_:_:)`` of a slice of a longer text (an SD-JWT Disclosure is one part
    /// of the compact serialization).
    package static func withDecoded(
        _ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(MultiformatsError) {
        try codec.withDecodedSextets(text, body)
    }

    /// Decodes strict unpadded base64url given as UTF-8 bytes into `output`, which has room
    /// for the decoded bytes (three per four characters, one or two for a final two or
    /// three); the count written, or `nil` when the characters are not strict base64url
    /// (``decode(_:)`` tells why).
    package static func decode(
        _ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        codec.decodeSextets(utf8, into: output)
    }

    /// Decodes base64url or standard base64, padded or not, with any trailing bits; still
    /// rejects any other character and impossible lengths.
    public static func decodeLenient(_ text: String) throws(MultiformatsError) -> Data {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return try codec.decode(Substring(String(decoding: bytes, as: UTF8.self)), allowNonZeroTrailingBits: true)
    }
}

import Foundation

/// Base64url (RFC 4648 §5), the alphabet JOSE, SD-JWT and multibase `u` use.
///
/// Encoding never pads. Decoding comes in two strengths, because the wire formats differ:
/// JOSE (RFC 7515 §2) forbids padding and any character outside the alphabet, while many
/// issuers in the wild pad or use the standard alphabet. Pick the strict one for anything
/// signed, the lenient one only to read what a peer wrote loosely.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var output = Data(bytes).base64EncodedString()
        output = output.replacingOccurrences(of: "+", with: "-")
        output = output.replacingOccurrences(of: "/", with: "_")
        while output.last == "=" { output.removeLast() }
        return output
    }

    /// Decodes unpadded base64url; rejects padding, whitespace, the `+`/`/` alphabet and
    /// non-zero trailing bits, so each byte string has exactly one accepted encoding.
    public static func decode(_ text: String) throws(MultiformatsError) -> Data {
        try decode(text, lenient: false)
    }

    /// Decodes base64url or standard base64, padded or not; still rejects any other
    /// character and impossible lengths.
    public static func decodeLenient(_ text: String) throws(MultiformatsError) -> Data {
        try decode(text, lenient: true)
    }

    private static func decode(_ text: String, lenient: Bool) throws(MultiformatsError) -> Data {
        var body = Substring(text)
        if lenient {
            while body.last == "=" { body.removeLast() }
        }
        var standard = ""
        standard.reserveCapacity(body.utf8.count + 3)
        for scalar in body.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9": standard.unicodeScalars.append(scalar)
            case "-": standard.append("+")
            case "_": standard.append("/")
            case "+" where lenient, "/" where lenient: standard.unicodeScalars.append(scalar)
            default: throw .invalidCharacter(encoding: "base64url", character: Character(scalar))
            }
        }
        let remainder = standard.utf8.count % 4
        guard remainder != 1 else { throw .invalidLength(encoding: "base64url") }
        if remainder > 0 { standard.append(String(repeating: "=", count: 4 - remainder)) }
        guard let data = Data(base64Encoded: standard) else {
            throw .invalidLength(encoding: "base64url")
        }
        if !lenient, encode(data) != text {
            // Non-zero trailing bits: another string decodes to the same bytes.
            throw .nonCanonical(encoding: "base64url")
        }
        return data
    }
}

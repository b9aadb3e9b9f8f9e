import Foundation

/// Self-describing base encodings: one prefix character says how the rest is encoded
/// (`z…` is base58btc, `u…` base64url, `f…` hex).
///
/// `did:key` identifiers, Multikey `publicKeyMultibase` values and Data Integrity
/// `proofValue`s all use multibase, so a verifier can accept any encoding a peer chose
/// while still rejecting what is malformed. Decoding is strict (canonical padding and
/// trailing bits); only letter case is ignored where the encoding itself is case-insensitive
/// (base16, base32, base36).
public enum Multibase {
    /// Encodes `bytes` in `encoding` and puts the encoding's prefix in front.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes, as encoding: MultibaseEncoding) -> String
    where Bytes.Element == UInt8 {
        let body: String
        switch encoding {
        case .base2: body = base2.encode(bytes)
        case .base8: body = base8.encode(bytes)
        case .base10: body = base10.encode(bytes)
        case .base16: body = Base16.encode(bytes)
        case .base16upper: body = Base16.encode(bytes, uppercase: true)
        case .base32: body = Base32.encode(bytes)
        case .base32upper: body = Base32.encode(bytes, uppercase: true)
        case .base32pad: body = Base32.encode(bytes, padded: true)
        case .base32padupper: body = Base32.encode(bytes, padded: true, uppercase: true)
        case .base32hex: body = Base32.encode(bytes, alphabet: .hex)
        case .base32hexupper: body = Base32.encode(bytes, alphabet: .hex, uppercase: true)
        case .base32hexpad: body = Base32.encode(bytes, alphabet: .hex, padded: true)
        case .base32hexpadupper: body = Base32.encode(bytes, alphabet: .hex, padded: true, uppercase: true)
        case .base32z: body = Base32.encode(bytes, alphabet: .zBase32)
        case .base36: body = base36.encode(bytes)
        case .base36upper: body = base36.encode(bytes, uppercase: true)
        case .base58btc: body = Base58BTC.encode(bytes)
        case .base58flickr: body = base58flickr.encode(bytes)
        case .base64: body = Base64.encode(bytes, padded: false)
        case .base64pad: body = Base64.encode(bytes, padded: true)
        case .base64url: body = Base64URL.encode(bytes)
        case .base64urlpad: body = Base64.urlPadded.encode(bytes)
        case .base256emoji: body = Base256Emoji.encode(bytes)
        }
        return String(encoding.prefix) + body
    }

    /// Reads the prefix and decodes the rest.
    ///
    /// - Throws: ``MultiformatsError/emptyMultibase`` for `""`,
    ///   ``MultiformatsError/unknownMultibasePrefix(_:)`` for a prefix this library does not
    ///   support, or the decoding error of the named encoding.
    public static func decode(_ text: String) throws(MultiformatsError) -> (encoding: MultibaseEncoding, data: Data) {
        // The prefix is one Unicode scalar (🚀 is four bytes), not one byte or one grapheme.
        guard let prefix = text.unicodeScalars.first else { throw .emptyMultibase }
        guard let encoding = MultibaseEncoding(prefix: prefix) else {
            throw .unknownMultibasePrefix(Character(prefix))
        }
        let body = Substring(Substring(text).unicodeScalars.dropFirst())
        let data: Data
        switch encoding {
        case .base2: data = try base2.decode(body)
        case .base8: data = try base8.decode(body)
        case .base10: data = try base10.decode(body)
        case .base16, .base16upper: data = try Base16.decode(String(body))
        case .base32, .base32upper: data = try Base32.decode(String(body))
        case .base32pad, .base32padupper: data = try Base32.decode(String(body), padded: true)
        case .base32hex, .base32hexupper: data = try Base32.decode(String(body), alphabet: .hex)
        case .base32hexpad, .base32hexpadupper: data = try Base32.decode(String(body), alphabet: .hex, padded: true)
        case .base32z: data = try Base32.decode(String(body), alphabet: .zBase32)
        case .base36, .base36upper: data = try base36.decode(body)
        case .base58btc: data = try Base58BTC.decode(String(body))
        case .base58flickr: data = try base58flickr.decode(body)
        case .base64: data = try Base64.decode(String(body), padded: false)
        case .base64pad: data = try Base64.decode(String(body), padded: true)
        case .base64url: data = try Base64URL.decode(String(body))
        case .base64urlpad: data = try Base64.urlPadded.decode(body)
        case .base256emoji: data = try Base256Emoji.decode(body.unicodeScalars)
        }
        return (encoding, data)
    }

    /// Decodes and insists on one encoding, for formats that fix it (a Multikey
    /// `publicKeyMultibase` must be base58btc, for example).
    public static func decode(_ text: String, expecting encoding: MultibaseEncoding) throws(MultiformatsError) -> Data {
        let decoded = try decode(text)
        guard decoded.encoding == encoding else {
            throw .unexpectedMultibaseEncoding(expected: encoding, found: decoded.encoding)
        }
        return decoded.data
    }

    private static let base2 = BitGroupCodec(name: "base2", alphabet: "01", bitsPerCharacter: 1)
    private static let base8 = BitGroupCodec(name: "base8", alphabet: "01234567", bitsPerCharacter: 3)
    private static let base10 = RadixCodec(name: "base10", alphabet: "0123456789")
    private static let base36 = RadixCodec(
        name: "base36", alphabet: "0123456789abcdefghijklmnopqrstuvwxyz", caseInsensitive: true)
    private static let base58flickr = RadixCodec(
        name: "base58flickr", alphabet: "123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")
}

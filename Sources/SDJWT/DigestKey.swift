import CryptoKeys
import Multiformats

/// The bytes of one Disclosure digest as a comparable value, for matching a payload's
/// digests with the Disclosures.
///
/// A payload names each digest in base64url, and strict base64url has exactly one spelling
/// per byte string, so comparing the decoded bytes is comparing the text. Working on bytes
/// spares a `String` per Disclosure (and its base64url encoding), and a comparison looks at
/// a fixed 64-byte value instead of a 43-to-86-character string.
struct DigestKey: Comparable {
    /// The digest, zero-padded to 64 bytes (the longest `_sd_alg`, SHA-512). Every key in one
    /// lookup comes from the same algorithm, so all have the same length.
    private var bytes = SIMD8<UInt64>()
    /// How many of those bytes are the digest's.
    private var count = 0

    /// The key of a Disclosure: the digest of its encoded text.
    init(digestOf disclosure: Disclosure, using algorithm: SDHashAlgorithm) {
        algorithm.digestAlgorithm.withDigest(ofUTF8: disclosure.text) { digest in
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: digest.prefix(64))) }
            count = min(digest.count, 64)
        }
    }

    /// The key a payload's digest text names, or `nil` when the text is not strict
    /// base64url of a digest of `algorithm`'s length, so no Disclosure can match it.
    init?(encoded text: String, algorithm: SDHashAlgorithm) {
        var text = text
        guard let key = text.withUTF8({ DigestKey(encodedUTF8: $0, algorithm: algorithm) }) else { return nil }
        self = key
    }

    /// ``init(encoded:algorithm:)`` of the digest's characters as UTF-8 bytes, read where
    /// they lie in a payload's JSON.
    init?(encodedUTF8 text: UnsafeBufferPointer<UInt8>, algorithm: SDHashAlgorithm) {
        let length = algorithm.digestAlgorithm.byteCount
        guard length <= 64, text.count == Base64URL.encodedCount(of: length) else { return nil }
        var key = SIMD8<UInt64>()
        let decoded = withUnsafeMutableBytes(of: &key) { storage in
            Base64URL.decode(text, into: UnsafeMutableBufferPointer(rebasing: storage.bindMemory(to: UInt8.self)[..<length]))
        }
        guard decoded == length else { return nil }
        bytes = key
        count = length
    }

    /// The digest's first eight bytes as one word, to order and search by.
    var leadingWord: UInt64 { bytes[0] }

    /// The digest's base64url text, as a payload writes it.
    var encoded: String {
        withUnsafeBytes(of: bytes) { Base64URL.encode(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// Any fixed order will do for a binary search: by length, then word by word.
    static func < (lhs: DigestKey, rhs: DigestKey) -> Bool {
        guard lhs.count == rhs.count else { return lhs.count < rhs.count }
        for word in 0..<8 where lhs.bytes[word] != rhs.bytes[word] {
            return lhs.bytes[word] < rhs.bytes[word]
        }
        return false
    }
}

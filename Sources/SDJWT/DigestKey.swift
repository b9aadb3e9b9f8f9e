import CryptoKeys
import Multiformats

/// The bytes of one Disclosure digest as a hashable value, for matching a payload's
/// digests with the Disclosures.
///
/// A payload names each digest in base64url, and strict base64url has exactly one spelling
/// per byte string, so comparing the decoded bytes is comparing the text. Working on bytes
/// spares a `String` per Disclosure (and its base64url encoding), and the lookup hashes a
/// fixed 64-byte value instead of a 43-to-86-character string.
struct DigestKey: Hashable {
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
        let length = algorithm.digestAlgorithm.byteCount
        var key = SIMD8<UInt64>()
        var matchesLength = false
        do {
            try Base64URL.withDecoded(text) { decoded in
                guard decoded.count == length, decoded.count <= 64 else { return }
                withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: UnsafeRawBufferPointer(decoded)) }
                matchesLength = true
            }
        } catch {
            return nil
        }
        guard matchesLength else { return nil }
        bytes = key
        count = length
    }

    /// Hashes every byte of the digest in one call. Not fewer: the digests a payload lists
    /// (decoys among them) are whatever the issuer wrote, so keys that share a prefix are
    /// easy to make, and would all land in one bucket.
    func hash(into hasher: inout Hasher) {
        // Every digest length (32, 48, 64) is a whole number of words, and whole words are
        // the hasher's cheapest input.
        for word in 0..<count / 8 { hasher.combine(bytes[word]) }
    }
}

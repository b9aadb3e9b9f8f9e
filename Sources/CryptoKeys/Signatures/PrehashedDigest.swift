import Crypto
import Foundation

/// A 32-byte digest computed elsewhere, handed to swift-crypto's digest-taking ECDSA calls.
///
/// swift-crypto signs and verifies a `Digest` without hashing it again, but only its own
/// hash functions produce one; Open DID signs a SHA-256 digest the caller supplies, and a
/// `Signer` may hand over a digest too. `Digest` is an open protocol, so this wrapper lets
/// P-256 sign and verify those bytes directly, with no second crypto library on that path.
struct PrehashedDigest: Digest {
    static let byteCount = 32

    private let bytes: [UInt8]

    /// Wraps exactly 32 bytes; anything else is not a digest these curves accept.
    init(_ digest: Data) throws(CryptoKeysError) {
        guard digest.count == Self.byteCount else {
            throw .invalidParameter(reason: "digest must be \(Self.byteCount) bytes, got \(digest.count)")
        }
        bytes = Array(digest)
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    func makeIterator() -> IndexingIterator<[UInt8]> {
        bytes.makeIterator()
    }

    var description: String { "PrehashedDigest(\(bytes.count) bytes)" }
}

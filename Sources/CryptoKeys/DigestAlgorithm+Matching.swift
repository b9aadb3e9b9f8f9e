import Crypto
import Foundation

extension DigestAlgorithm {
    /// Whether the digest of `data` is `expected`.
    ///
    /// Computed with swift-crypto's hash functions and compared in place: no `Data` per
    /// digest (checking a dozen mdoc items against their MSO digests would otherwise allocate
    /// two per item), and no per-call algorithm lookup (the system libcrypto's one-shot
    /// `SHA256()` fetches the digest from its provider on every call, which costs more than
    /// hashing a short item).
    public func digest(of data: Data, matches expected: Data) -> Bool {
        guard expected.count == byteCount else { return false }
        switch self {
        case .sha256: return SHA256.hash(data: data).withUnsafeBytes { Self.equal(expected, $0) }
        case .sha384: return SHA384.hash(data: data).withUnsafeBytes { Self.equal(expected, $0) }
        case .sha512: return SHA512.hash(data: data).withUnsafeBytes { Self.equal(expected, $0) }
        }
    }

    /// Byte equality of equal-length buffers (a public digest, so not constant-time).
    private static func equal(_ expected: Data, _ digest: UnsafeRawBufferPointer) -> Bool {
        expected.withUnsafeBytes { bytes in
            guard bytes.count == digest.count else { return false }
            guard let lhs = bytes.baseAddress, let rhs = digest.baseAddress else { return bytes.isEmpty }
            return memcmp(lhs, rhs, bytes.count) == 0
        }
    }
}

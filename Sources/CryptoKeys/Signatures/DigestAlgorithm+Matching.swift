import Foundation

extension DigestAlgorithm {
    /// Whether the digest of `data` is `expected`.
    ///
    /// The digest is written to the stack and compared there: checking a dozen mdoc items
    /// against their MSO digests would otherwise allocate a `Data` per item.
    public func digest(of data: Data, matches expected: Data) -> Bool {
        guard expected.count == byteCount else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { digest in
            guard let target = digest.baseAddress else { return false }
            data.withUnsafeBytes { write($0, into: target) }
            return expected.withUnsafeBytes { bytes in
                guard let lhs = bytes.baseAddress else { return false }
                return memcmp(lhs, target, byteCount) == 0
            }
        }
    }
}

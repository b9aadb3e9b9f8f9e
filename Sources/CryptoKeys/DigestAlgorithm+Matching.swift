import CLibcrypto
import Foundation

extension DigestAlgorithm {
    /// Whether the digest of `data` is `expected`.
    ///
    /// The digest is computed into a stack buffer and compared there, so checking a dozen
    /// mdoc items against their MSO digests allocates nothing per item (`hash(_:)`
    /// returns each digest as a new `Data`, two allocations apiece).
    public func digest(of data: Data, matches expected: Data) -> Bool {
        guard expected.count == byteCount else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { output in
            data.withUnsafeBytes { input in
                let bytes = input.bindMemory(to: UInt8.self).baseAddress
                switch self {
                case .sha256: _ = CLibcrypto.SHA256(bytes, input.count, output.baseAddress)
                case .sha384: _ = CLibcrypto.SHA384(bytes, input.count, output.baseAddress)
                case .sha512: _ = CLibcrypto.SHA512(bytes, input.count, output.baseAddress)
                }
            }
            return expected.elementsEqual(UnsafeBufferPointer(rebasing: output[0..<byteCount]))
        }
    }
}

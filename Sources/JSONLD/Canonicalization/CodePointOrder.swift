#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order RDFC-1.0 sorts in (Unicode code point order), on UTF-8 bytes, where it is the
/// byte order: one `memcmp` instead of an element-by-element walk, for the sorts of N-Quads
/// lines, hashes and paths that canonicalization does over and over.
enum CodePointOrder {
    /// Whether `lhs` sorts before `rhs`.
    static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        let common = min(lhs.count, rhs.count)
        let order = lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            }
        }
        return order != 0 ? order < 0 : lhs.count < rhs.count
    }
}

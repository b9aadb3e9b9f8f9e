import Foundation

/// Where a sealed value lives: the associated data of its AES-GCM encryption.
///
/// Binding each ciphertext to its table, column and row id means a value copied into
/// another row (or another column of the same row) fails authentication instead of being
/// read as that row's data. Each part is length-prefixed so no two bindings share an encoding.
struct RecordBinding: Sendable, Hashable {
    let table: String
    let column: String
    let id: String

    /// The label every associated data starts with.
    static let domain = "vellum-wallet/v1"

    /// The associated data: a domain label, then each part as a 4-byte big-endian length
    /// and its UTF-8 bytes.
    var associatedData: Data {
        var out = Data(Self.domain.utf8)
        for part in [table, column, id] {
            let bytes = Data(part.utf8)
            let count = UInt32(clamping: bytes.count)
            out.append(contentsOf: [UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
            out.append(bytes)
        }
        return out
    }
}

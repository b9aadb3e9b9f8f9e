import Foundation
import Multiformats

/// The bitstring of a W3C Bitstring Status List v1.0: `statusSize` bits per credential,
/// counted from the most significant bit of the first byte.
///
/// Index 0 is the left-most bit (value `0x80` of byte 0), the opposite of the IETF Token
/// Status List, which starts at the least significant bit (see ``TokenStatusList``). On the
/// wire the bitstring is GZIP-compressed and multibase-encoded as base64url (`u` prefix);
/// see ``init(encodedList:limits:)``. This implementation reads status sizes 1 to 8, which
/// the recommendation allows ("MAY choose to only support bitstring entry sizes of 1").
public struct BitstringStatusList: Sendable, Hashable {
    /// The minimum number of entries for group privacy (§3.1, 131 072 = 16 KiB of 1-bit entries).
    public static let minimumEntries = 131_072

    /// The uncompressed bitstring.
    public private(set) var bytes: Data

    /// A list over an uncompressed bitstring.
    public init(bytes: Data) {
        self.bytes = bytes
    }

    /// A bitstring of `entries` statuses of `statusSize` bits, all zero, rounded up to bytes;
    /// the default is the recommendation's minimum size.
    public init(entries: Int = BitstringStatusList.minimumEntries, statusSize: Int = 1) throws(StatusListError) {
        try Self.checkStatusSize(statusSize)
        guard entries >= 0 else { throw .invalidStatusList("a list cannot have \(entries) entries") }
        let (bits, overflow) = entries.multipliedReportingOverflow(by: statusSize)
        guard !overflow, bits <= Int(Int32.max) else { throw .limitExceeded("\(entries) entries") }
        self.init(bytes: Data(count: (bits + 7) / 8))
    }

    /// Decodes an `encodedList`: multibase base64url (`u…`, no padding) of a GZIP stream,
    /// inflated under `limits`.
    public init(encodedList: String, limits: StatusListLimits = .default) throws(StatusListError) {
        guard encodedList.utf8.count <= (limits.maximumCompressedSize / 3 + 1) * 4 + 1 else {
            throw .limitExceeded("encodedList is longer than \(limits.maximumCompressedSize) bytes of compressed list")
        }
        let compressed: Data
        do throws(MultiformatsError) {
            compressed = try Multibase.decode(encodedList, expecting: .base64url)
        } catch {
            throw .invalidEncoding("encodedList: \(error)")
        }
        guard compressed.count <= limits.maximumCompressedSize else {
            throw .limitExceeded("compressed list of \(compressed.count) bytes exceeds \(limits.maximumCompressedSize)")
        }
        self.init(bytes: try StatusListCompression.decompress(compressed, container: .gzip, limit: limits.maximumDecompressedSize))
    }

    /// The `encodedList` form: GZIP at the best level, then multibase base64url.
    public func encodedList() throws(StatusListError) -> String {
        Multibase.encode(try StatusListCompression.compress(bytes, container: .gzip), as: .base64url)
    }

    /// The number of bits.
    public var bitCount: Int { bytes.count * 8 }

    /// How many entries of `statusSize` bits the bitstring holds.
    public func entryCount(statusSize: Int = 1) -> Int {
        statusSize > 0 ? bitCount / statusSize : 0
    }

    /// The status at `index` (bits `index × statusSize` onwards, the first bit the most
    /// significant of the value).
    public func value(at index: Int, statusSize: Int = 1) throws(StatusListError) -> UInt8 {
        let start = try firstBit(of: index, statusSize: statusSize)
        var value: UInt8 = 0
        for offset in 0..<statusSize {
            let bit = start + offset
            let byte = bytes[bytes.startIndex + bit / 8]
            value = (value << 1) | ((byte >> (7 - bit % 8)) & 1)
        }
        return value
    }

    /// Sets the status at `index`; `value` must fit in `statusSize` bits.
    public mutating func setValue(_ value: UInt8, at index: Int, statusSize: Int = 1) throws(StatusListError) {
        let start = try firstBit(of: index, statusSize: statusSize)
        guard statusSize == 8 || value < (1 << statusSize) else {
            throw .invalidBitWidth("value \(value) does not fit in \(statusSize) bit(s)")
        }
        for offset in 0..<statusSize {
            let bit = start + offset
            let position = bytes.startIndex + bit / 8
            let mask: UInt8 = 0x80 >> (bit % 8)
            let set = (value >> (statusSize - 1 - offset)) & 1 == 1
            bytes[position] = set ? bytes[position] | mask : bytes[position] & ~mask
        }
    }

    private func firstBit(of index: Int, statusSize: Int) throws(StatusListError) -> Int {
        try Self.checkStatusSize(statusSize)
        let count = entryCount(statusSize: statusSize)
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
        return index * statusSize
    }

    static func checkStatusSize(_ statusSize: Int) throws(StatusListError) {
        guard (1...8).contains(statusSize) else {
            throw .invalidBitWidth("statusSize \(statusSize) is not supported (1 to 8)")
        }
    }
}

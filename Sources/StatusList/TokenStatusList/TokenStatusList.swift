import Foundation

/// An IETF Token Status List (draft-ietf-oauth-status-list §4): the statuses of many
/// referenced tokens, `bits` bits each, packed into a byte array.
///
/// Statuses are packed from the least significant bit of each byte upwards, bytes in their
/// natural order: with 1-bit statuses, index 0 is bit 0 (value `0x01`) of byte 0 and index 8
/// is bit 0 of byte 1. (The W3C Bitstring Status List counts the other way; see
/// ``BitstringStatusList``.) The value holds the *inflated* array, so lookups cost nothing
/// once a list is decoded; ``compressed()`` produces the ZLIB form that travels in `lst`.
public struct TokenStatusList: Sendable, Hashable {
    /// Bits per referenced token.
    public let bits: StatusBitWidth
    /// The uncompressed byte array.
    public private(set) var bytes: Data
    /// `aggregation_uri`: where the issuer lists all its status list tokens, if it says.
    public var aggregationURI: String?

    /// A list over an uncompressed byte array.
    public init(bits: StatusBitWidth, bytes: Data, aggregationURI: String? = nil) {
        self.bits = bits
        self.bytes = bytes
        self.aggregationURI = aggregationURI
    }

    /// A list of `count` statuses, all VALID; the byte array is rounded up to whole bytes,
    /// so ``count`` may exceed the `count` asked for.
    public init(bits: StatusBitWidth, count: Int, aggregationURI: String? = nil) throws(StatusListError) {
        guard count >= 0 else { throw .invalidStatusList("a list cannot have \(count) entries") }
        let (totalBits, overflow) = count.multipliedReportingOverflow(by: bits.rawValue)
        guard !overflow, totalBits <= Int(Int32.max) else { throw .limitExceeded("\(count) entries") }
        self.init(bits: bits, bytes: Data(count: (totalBits + 7) / 8), aggregationURI: aggregationURI)
    }

    /// A list holding `statuses` in order, index 0 first; each must fit in `bits`.
    public init(bits: StatusBitWidth, statuses: [StatusType], aggregationURI: String? = nil) throws(StatusListError) {
        try self.init(bits: bits, count: statuses.count, aggregationURI: aggregationURI)
        for (index, status) in statuses.enumerated() where status != .valid {
            try setStatus(status, at: index)
        }
    }

    /// How many statuses the list holds: every slot of the byte array counts.
    public var count: Int { bytes.count * bits.statusesPerByte }

    /// The status at `index`.
    ///
    /// Throws ``StatusListError/indexOutOfRange(index:count:)`` for an index outside the
    /// list: the draft says no statement can then be made and the token must be rejected.
    public func status(at index: Int) throws(StatusListError) -> StatusType {
        let (byteIndex, shift) = try position(of: index)
        let byte = bytes[bytes.startIndex + byteIndex]
        return StatusType(rawValue: (byte >> shift) & bits.maximumValue)
    }

    /// Sets the status at `index`; the value must fit in ``bits``.
    public mutating func setStatus(_ status: StatusType, at index: Int) throws(StatusListError) {
        guard status.rawValue <= bits.maximumValue else {
            throw .invalidBitWidth("status \(status) does not fit in \(bits.rawValue) bit(s)")
        }
        let (byteIndex, shift) = try position(of: index)
        let offset = bytes.startIndex + byteIndex
        let mask = bits.maximumValue << shift
        bytes[offset] = (bytes[offset] & ~mask) | (status.rawValue << shift)
    }

    /// The byte array compressed with DEFLATE in the ZLIB format at the best level, as `lst`
    /// carries it.
    public func compressed() throws(StatusListError) -> Data {
        try StatusListCompression.compress(bytes, container: .zlib)
    }

    /// Decodes a ZLIB-compressed byte array under `limits`.
    init(
        bits: StatusBitWidth, compressed: Data, aggregationURI: String?, limits: StatusListLimits
    ) throws(StatusListError) {
        guard compressed.count <= limits.maximumCompressedSize else {
            throw .limitExceeded("compressed list of \(compressed.count) bytes exceeds \(limits.maximumCompressedSize)")
        }
        let bytes = try StatusListCompression.decompress(compressed, container: .zlib, limit: limits.maximumDecompressedSize)
        self.init(bits: bits, bytes: bytes, aggregationURI: aggregationURI)
    }

    /// The byte and the shift within it of the status at `index`, least significant bits first.
    private func position(of index: Int) throws(StatusListError) -> (byte: Int, shift: Int) {
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
        let perByte = bits.statusesPerByte
        return (index / perByte, (index % perByte) * bits.rawValue)
    }
}

/// How many bits a Token Status List spends on each referenced token: 1, 2, 4 or 8.
///
/// The draft limits the width to divisors of 8 so that a status never straddles two bytes;
/// the width also caps the statuses a list can express (2, 4, 16 or 256 values).
public enum StatusBitWidth: Int, Sendable, Hashable, CaseIterable {
    /// One bit: VALID or INVALID only.
    case one = 1
    /// Two bits: room for SUSPENDED and one application-specific value.
    case two = 2
    /// Four bits: sixteen values.
    case four = 4
    /// Eight bits: a whole byte per token.
    case eight = 8

    /// The largest status value this width can hold.
    public var maximumValue: UInt8 { UInt8(truncatingIfNeeded: (1 << rawValue) - 1) }

    /// How many statuses one byte holds.
    public var statusesPerByte: Int { 8 / rawValue }
}

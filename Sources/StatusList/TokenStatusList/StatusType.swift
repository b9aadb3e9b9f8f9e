/// A status value read from a list: one byte whose meaning the IANA "OAuth Status Types"
/// registry defines.
///
/// Kept as the raw value rather than a closed enum because lists may carry application
/// specific (0x03, 0x0C–0x0F) and future registered values; a caller that knows its
/// ecosystem's meanings can still read them.
public struct StatusType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as stored in the list.
    public let rawValue: UInt8

    /// The status with this value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00 `VALID`: the token is valid, correct or legal.
    public static let valid = StatusType(rawValue: 0x00)
    /// 0x01 `INVALID`: the token is revoked, annulled, recalled or cancelled.
    public static let invalid = StatusType(rawValue: 0x01)
    /// 0x02 `SUSPENDED`: the token is temporarily invalid.
    public static let suspended = StatusType(rawValue: 0x02)
    /// 0x03: reserved for application-specific use.
    public static let applicationSpecific = StatusType(rawValue: 0x03)

    /// Whether the draft reserves this value for application-specific use (0x03, 0x0C–0x0F).
    public var isApplicationSpecific: Bool { rawValue == 0x03 || (0x0C...0x0F).contains(rawValue) }

    public var description: String {
        switch self {
        case .valid: return "VALID"
        case .invalid: return "INVALID"
        case .suspended: return "SUSPENDED"
        default: return "0x" + String(rawValue, radix: 16, uppercase: true)
        }
    }
}

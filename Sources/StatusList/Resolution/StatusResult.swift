/// The answer to "what is this credential's status?", in the form a wallet acts on.
///
/// A check either reads a status from a verified list (``valid``, ``invalid``,
/// ``suspended``, ``other(_:)``) or cannot make a statement at all (``unknown(_:)``, with
/// the reason: the list could not be fetched, did not verify, or does not cover the index).
/// The draft says a token whose status is unknown SHOULD be rejected; whether to do so is
/// the caller's policy, which is why the reason is kept.
public enum StatusResult: Sendable, Equatable, CustomStringConvertible {
    /// The status is VALID (0x00).
    case valid
    /// The credential is revoked: IETF INVALID (0x01), or a set W3C `revocation` bit.
    case invalid
    /// The credential is suspended: IETF SUSPENDED (0x02), or a set W3C `suspension` bit.
    case suspended
    /// Another status value (application specific, or a W3C `message` / `refresh` value).
    case other(UInt8)
    /// No statement can be made, for the reason given.
    case unknown(StatusListError)

    /// The result for a status value read from an IETF Token Status List.
    public init(_ status: StatusType) {
        switch status {
        case .valid: self = .valid
        case .invalid: self = .invalid
        case .suspended: self = .suspended
        default: self = .other(status.rawValue)
        }
    }

    /// Whether the credential may be accepted as far as its status goes: only ``valid``.
    public var isValid: Bool { self == .valid }

    /// Whether the referenced token must be refused even by a caller that accepts an
    /// unknown status: any status read from the list other than ``valid``, and an index the
    /// verified list does not cover, which the draft's validation rules single out as a
    /// MUST reject (the list is known, and it does not vouch for the token). An unknown
    /// status for any other reason (fetch failed, list refused) is left to the caller.
    public var requiresRejection: Bool {
        switch self {
        case .valid: return false
        case .unknown(.indexOutOfRange): return true
        case .unknown: return false
        case .invalid, .suspended, .other: return true
        }
    }

    public var description: String {
        switch self {
        case .valid: return "valid"
        case .invalid: return "invalid (revoked)"
        case .suspended: return "suspended"
        case .other(let value): return "status 0x\(String(value, radix: 16, uppercase: true))"
        case .unknown(let reason): return "unknown: \(reason)"
        }
    }
}

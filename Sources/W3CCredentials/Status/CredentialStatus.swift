import StatusList

/// What a credential's `credentialStatus` entry says, in the form a verifier reports: a status
/// read from a verified list, or why none could be read. ``unreachable(_:)`` (the list could not
/// be fetched: try later) is kept apart from ``invalidList(_:)`` (the list was fetched and is
/// not to be believed: a bad proof, another purpose, an index it does not cover, too large).
public enum CredentialStatus: Sendable, Equatable, CustomStringConvertible {
    /// The entry's bit is clear.
    case valid
    /// A `revocation` entry's bit is set.
    case revoked
    /// A `suspension` entry's bit is set.
    case suspended
    /// Another purpose (`message`, `refresh`, …) with a non-zero value, and its message.
    case flagged(purpose: String, value: UInt8, message: String?)
    /// The list credential could not be fetched.
    case unreachable(StatusListError)
    /// The list credential was fetched but refused, or does not cover the entry.
    case invalidList(StatusListError)
    /// The entry itself is malformed (or of a type not implemented).
    case invalidEntry(String)

    /// The status `BitstringStatus` reads, or the reason no status could be read.
    init(_ status: BitstringStatus) {
        switch status.result {
        case .valid: self = .valid
        case .invalid: self = .revoked
        case .suspended: self = .suspended
        default: self = .flagged(purpose: status.purpose.rawValue, value: status.value, message: status.message)
        }
    }

    /// A failed read: a transport failure is ``unreachable(_:)``, anything else
    /// ``invalidList(_:)``.
    init(failure: StatusListError) {
        switch failure {
        case .fetchFailed, .httpStatus: self = .unreachable(failure)
        default: self = .invalidList(failure)
        }
    }

    /// Whether the credential may be accepted as far as this entry goes.
    public var isValid: Bool { self == .valid }

    public var description: String {
        switch self {
        case .valid: return "valid"
        case .revoked: return "revoked"
        case .suspended: return "suspended"
        case let .flagged(purpose, value, message): return "\(purpose) status \(value)\(message.map { " (\($0))" } ?? "")"
        case let .unreachable(error): return "unreachable: \(error)"
        case let .invalidList(error): return "invalid list: \(error)"
        case let .invalidEntry(reason): return "invalid entry: \(reason)"
        }
    }
}

/// The status a W3C Bitstring Status List gives one credential for one purpose: the
/// validate algorithm's result map (§4.2) as a value.
public struct BitstringStatus: Sendable, Hashable {
    /// The purpose checked.
    public let purpose: BitstringStatusPurpose
    /// The value read from the list.
    public let value: UInt8
    /// The entry's `statusMessage` for the value, when it lists one.
    public let message: String?

    /// Whether the value is 0, which the recommendation calls valid for every purpose.
    public var isValid: Bool { value == 0 }

    /// The result in the terms shared with the IETF list: a set `revocation` bit is
    /// ``StatusResult/invalid``, a set `suspension` bit ``StatusResult/suspended``, another
    /// purpose's non-zero value ``StatusResult/other(_:)``.
    public var result: StatusResult {
        guard value != 0 else { return .valid }
        switch purpose {
        case .revocation: return .invalid
        case .suspension: return .suspended
        default: return .other(value)
        }
    }
}

/// What a W3C status entry's bit means (`statusPurpose`).
///
/// The value is an open string in the recommendation; the four it defines have constants.
public struct BitstringStatusPurpose: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The purpose as written.
    public let rawValue: String

    /// A purpose by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `revocation`: a set bit cancels the credential for good.
    public static let revocation = BitstringStatusPurpose(rawValue: "revocation")
    /// `suspension`: a set bit holds the credential temporarily.
    public static let suspension = BitstringStatusPurpose(rawValue: "suspension")
    /// `message`: the value selects one of the entry's `statusMessage`s.
    public static let message = BitstringStatusPurpose(rawValue: "message")
    /// `refresh`: a set bit says an updated credential is available; it does not invalidate.
    public static let refresh = BitstringStatusPurpose(rawValue: "refresh")

    public var description: String { rawValue }
}

import Foundation

/// How the holder must authenticate to present to a verifier: a bit set written as a bare
/// integer. `0` (the empty set, ``any``) lets the holder choose; ``and`` asks for every
/// listed method rather than any one of them.
public struct VerifyAuthType: OptionSet, Sequence, Codable, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let free = VerifyAuthType(rawValue: 1 << 0)
    public static let pin = VerifyAuthType(rawValue: 1 << 1)
    public static let bio = VerifyAuthType(rawValue: 1 << 2)

    public static let and = VerifyAuthType(rawValue: 1 << 15)

    /// No requirement: any authentication the holder's key allows.
    public static let any = VerifyAuthType([])

    /// Every bit this model defines; other bits are refused when decoding.
    static let known: VerifyAuthType = [.free, .pin, .bio, .and]

    /// The single-bit members of the set, lowest bit first.
    public func makeIterator() -> AnyIterator<VerifyAuthType> {
        var remaining = rawValue
        return AnyIterator {
            guard remaining != 0 else { return nil }
            let lowest = remaining & -remaining
            remaining &= ~lowest
            return VerifyAuthType(rawValue: lowest)
        }
    }

    /// Whether a key whose ``AuthType`` is `authType` satisfies this requirement on its own.
    public func isSatisfied(by authType: AuthType) -> Bool {
        let methods = subtracting(.and)
        if methods.isEmpty { return true }
        let offered = VerifyAuthType(rawValue: authType.rawValue)
        return contains(.and) ? methods == offered : methods.contains(offered)
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        guard raw >= 0, VerifyAuthType(rawValue: raw).isSubset(of: .known) else {
            throw OpenDIDError.unknownEnumValue(
                type: "VerifyAuthType", value: String(raw), path: OpenDIDError.path(decoder.codingPath))
        }
        rawValue = raw
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

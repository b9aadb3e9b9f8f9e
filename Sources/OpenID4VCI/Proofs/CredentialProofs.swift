import JSONModel

/// The `proofs` member of a credential request (OpenID4VCI 1.0 §8.2): exactly one proof type
/// with a non-empty array of proofs.
public enum CredentialProofs: Sendable, Hashable {
    /// `jwt` key proofs, one per holder key.
    case jwt([String])
    /// One `key-attestation+jwt` attesting the holder keys without proofs of possession
    /// (Appendix F.3).
    case attestation(String)
    /// `di_vp` key proofs (Appendix F.2): one W3C presentation with a Data Integrity proof per
    /// holder key.
    case diVP([JSONObject])

    /// How many holder keys the proofs present (the most credentials the issuer may return).
    public var keyCount: Int {
        switch self {
        case let .jwt(proofs): proofs.count
        case .attestation: 1
        case let .diVP(proofs): proofs.count
        }
    }

    /// The JSON value of `proofs`.
    public var json: JSONValue {
        switch self {
        case let .jwt(proofs): ["jwt": .array(proofs.map(JSONValue.string))]
        case let .attestation(attestation): ["attestation": [.string(attestation)]]
        case let .diVP(proofs): ["di_vp": .array(proofs.map(JSONValue.object))]
        }
    }
}

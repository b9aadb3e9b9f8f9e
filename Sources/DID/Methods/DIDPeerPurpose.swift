/// The one-letter purpose codes of did:peer:2 elements (did:peer spec, "Purpose Codes").
public enum DIDPeerPurpose: Character, Sendable, Hashable, CaseIterable {
    /// `A`: assertionMethod.
    case assertion = "A"
    /// `E`: keyAgreement (encryption).
    case encryption = "E"
    /// `V`: authentication (verification).
    case verification = "V"
    /// `I`: capabilityInvocation.
    case capabilityInvocation = "I"
    /// `D`: capabilityDelegation.
    case capabilityDelegation = "D"

    /// The verification relationship a key with this purpose is listed under.
    public var relationship: VerificationRelationship {
        switch self {
        case .assertion: return .assertionMethod
        case .encryption: return .keyAgreement
        case .verification: return .authentication
        case .capabilityInvocation: return .capabilityInvocation
        case .capabilityDelegation: return .capabilityDelegation
        }
    }
}

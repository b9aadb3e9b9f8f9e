/// The purposes a DID controller grants a verification method (DID Core §5.3).
///
/// A verifier must check the relationship, not just that a key is in the document: a key
/// listed only under `keyAgreement` must not be accepted for a signature, and one listed only
/// under `authentication` must not be accepted for an issued credential.
public enum VerificationRelationship: String, Sendable, Hashable, CaseIterable, Codable {
    /// Proving control of the DID (log-in, DIDComm sender authentication, key binding).
    case authentication
    /// Issuing claims, such as signing a verifiable credential.
    case assertionMethod
    /// Deriving shared keys for encryption to the DID subject.
    case keyAgreement
    /// Invoking a cryptographic capability (for example updating the DID document).
    case capabilityInvocation
    /// Delegating a cryptographic capability to someone else.
    case capabilityDelegation
}

/// An entry of a verification relationship: a reference to a method declared elsewhere
/// (usually in `verificationMethod`), or a method embedded in place and usable only for this
/// relationship.
public enum VerificationMethodReference: Sendable, Hashable {
    /// A DID URL, absolute or relative to the document (`#key-1`).
    case reference(String)
    /// A method embedded in the relationship.
    case embedded(VerificationMethod)
}

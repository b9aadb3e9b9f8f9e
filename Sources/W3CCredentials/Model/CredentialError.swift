/// Why a document is not a valid W3C verifiable credential or presentation, or not valid now.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document is not a JSON object.
    case notAnObject
    /// `@context` is missing, or its first entry is not the base context of a data model
    /// version (VCDM 1.1 or 2.0): the version, and so every other rule, depends on it.
    case missingBaseContext
    /// `type` is missing or does not include the required type (`VerifiableCredential` or
    /// `VerifiablePresentation`).
    case missingType(String)
    /// A required member is missing (`issuer`, `credentialSubject`, `issuanceDate` in 1.1).
    case missingMember(String)
    /// A member has the wrong shape (the name, and what was expected).
    case invalidMember(String, expected: String)
    /// A date member is not an XML Schema date-time (with a time zone in 2.0).
    case invalidDate(member: String, value: String)
    /// `issuanceDate`/`validFrom` is later than the time of the check.
    case notYetValid(member: String)
    /// `expirationDate`/`validUntil` is earlier than the time of the check.
    case expired(member: String)

    /// A message for a log.
    public var description: String {
        switch self {
        case .notAnObject: return "credential: not a JSON object"
        case .missingBaseContext: return "credential: @context does not start with a VC data model base context"
        case let .missingType(type): return "credential: type does not include \(type)"
        case let .missingMember(name): return "credential: \(name) is missing"
        case let .invalidMember(name, expected): return "credential: \(name) is not \(expected)"
        case let .invalidDate(member, value): return "credential: \(member) \"\(value)\" is not a date-time"
        case let .notYetValid(member): return "credential: not valid yet (\(member) is in the future)"
        case let .expired(member): return "credential: expired (\(member) has passed)"
        }
    }
}

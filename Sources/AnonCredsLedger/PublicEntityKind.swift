import AnonCreds

/// The two public objects a registry serves.
public enum PublicEntityKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case schema
    case credentialDefinition = "cred_def"

    /// The path segment naming the kind where objects are laid out by kind: the `~ledger`
    /// decorator's member, the file registry's folder (`schema`, `cred_def`).
    public var pathSegment: String { rawValue }

    /// The identifier kind anoncreds-rs validates.
    var identifierKind: AnonCredsIdentifier.Kind {
        switch self {
        case .schema: .schema
        case .credentialDefinition: .credentialDefinition
        }
    }

    public var description: String {
        switch self {
        case .schema: "schema"
        case .credentialDefinition: "credential definition"
        }
    }
}

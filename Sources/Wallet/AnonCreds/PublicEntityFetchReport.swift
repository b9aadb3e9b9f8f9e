import AnonCredsLedger

/// What ``CredentialWallet/fetchPublicEntities(using:)`` did for each schema and credential
/// definition the stored AnonCreds credentials name.
public struct PublicEntityFetchReport: Sendable, Hashable {
    /// A schema or credential definition, by kind and identifier.
    public typealias Entity = PublicEntityReference

    /// Why an object was not cached.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The registry did not give it (unreachable, not found, not the object its identifier
        /// names …).
        case unresolved(AnonCredsRegistryError)
        /// The registry's object is not the one the credential was issued and checked under:
        /// a verifier resolving it will not accept a proof from the credential.
        case differsFromStored

        public var description: String {
            switch self {
            case .unresolved(let error): error.description
            case .differsFromStored: "the published object differs from the one the credential was issued under"
            }
        }
    }

    /// Resolved now and cached.
    public var fetched: [Entity] = []
    /// In the cache already; not asked for.
    public var alreadyCached: [Entity] = []
    /// Not cached, and why.
    public var failures: [Entity: Failure] = [:]

    /// An empty report.
    public init() {}

    /// Whether every object the credentials name is in the cache now.
    public var isComplete: Bool { failures.isEmpty }
}

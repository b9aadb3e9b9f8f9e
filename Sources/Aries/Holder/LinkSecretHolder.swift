import AnonCreds

/// ``AnonCredsHolding`` over ``AnonCredsHolder``: a link secret, the credential definitions and
/// schemas by identifier, and the processed credentials to prove from.
///
/// It answers a presentation request with the first credential (in ``credentials``' order)
/// that ``CredentialSearch`` lists for each referent, revealing every requested attribute:
/// a fixed policy for tests and tools; a wallet asks its user instead.
public struct LinkSecretHolder: AnonCredsHolding {
    /// The holder with its link secret.
    public var holder: AnonCredsHolder
    /// Credential definitions by identifier.
    public var definitions: [String: CredentialDefinition]
    /// Schemas by identifier.
    public var schemas: [String: Schema]
    /// Processed credentials to prove from.
    public var credentials: [Credential]

    /// A holder over these objects.
    public init(
        holder: AnonCredsHolder, definitions: [String: CredentialDefinition], schemas: [String: Schema] = [:],
        credentials: [Credential] = []
    ) {
        self.holder = holder
        self.definitions = definitions
        self.schemas = schemas
        self.credentials = credentials
    }

    private func definition(_ identifier: String) throws(AnonCredsError) -> CredentialDefinition {
        guard let definition = definitions[identifier] else {
            throw .presentationNotPossible("no credential definition \(identifier) is known")
        }
        return definition
    }

    public func credentialRequest(
        for offer: CredentialOffer, identity: AnonCredsHolder.RequesterIdentity
    ) async throws(AnonCredsError) -> AnonCredsHolder.PendingRequest {
        try holder.request(for: offer, definition: try definition(offer.credentialDefinitionID), identity: identity)
    }

    public func processCredential(
        _ credential: Credential, metadata: CredentialRequestMetadata, offer: CredentialOffer
    ) async throws(AnonCredsError) -> Credential {
        try holder.process(credential, metadata: metadata, offer: offer, definition: try definition(offer.credentialDefinitionID))
    }

    public func presentation(for request: PresentationRequest) async throws(AnonCredsError) -> Presentation {
        let byIndex = Dictionary(uniqueKeysWithValues: credentials.enumerated().map { (String($0.offset), $0.element) })
        let candidates = try CredentialSearch(schemas: schemas, definitions: definitions).candidates(for: request, among: byIndex)
        if let missing = candidates.unanswerable.first {
            throw .presentationNotPossible("no credential answers \(missing)")
        }
        func first(_ identifiers: [String]) -> Int { identifiers.compactMap { Int($0) }.min() ?? 0 }
        var uses: [Int: PresentationSelection.CredentialUse] = [:]
        for (referent, identifiers) in candidates.attributes.sorted(by: { $0.key < $1.key }) {
            let index = first(identifiers)
            uses[index, default: .init(credential: credentials[index])].revealed.append(referent)
        }
        for (referent, identifiers) in candidates.predicates.sorted(by: { $0.key < $1.key }) {
            let index = first(identifiers)
            uses[index, default: .init(credential: credentials[index])].predicates.append(referent)
        }
        let selection = PresentationSelection(credentials: uses.sorted { $0.key < $1.key }.map(\.value))
        return try holder.present(request, selection: selection, definitions: definitions, schemas: schemas)
    }
}

/// Which of a holder's credentials can answer each referent of a presentation request — what a
/// wallet shows before the user chooses, and what the CLI lists.
///
/// A credential can answer a requested attribute when it has every name asked for and meets the
/// referent's restrictions as the holder knows it (``RestrictionSubject/Attributes/credential(_:)``);
/// a requested predicate, when besides it has the attribute as a 32-bit integer for which the
/// predicate holds. A revocable credential is not listed for a referent that asks for a
/// non-revocation proof, since that proof is not made yet. The search reads only the
/// credentials' values and identifiers: no proof is computed.
public struct CredentialSearch: Sendable {
    /// The schemas and credential definitions of the credentials, by identifier; a credential
    /// whose definition is missing answers nothing, and one whose schema is missing meets no
    /// restriction on the schema's name, version or issuer.
    public var schemas: [String: Schema]
    public var definitions: [String: CredentialDefinition]

    public init(schemas: [String: Schema] = [:], definitions: [String: CredentialDefinition]) {
        self.schemas = schemas
        self.definitions = definitions
    }

    /// The identifiers of the credentials that can answer each referent, sorted.
    public struct Candidates: Sendable, Hashable {
        /// By requested-attribute referent (every referent of the request is a key).
        public var attributes: [String: [String]]
        /// By requested-predicate referent (every referent of the request is a key).
        public var predicates: [String: [String]]

        /// The referents no credential can answer.
        public var unanswerable: [String] {
            (Array(attributes.filter(\.value.isEmpty).keys) + Array(predicates.filter(\.value.isEmpty).keys)).sorted()
        }
    }

    /// Lists, for each referent of `request`, which of `credentials` (by the caller's
    /// identifier) can answer it. A malformed restriction is an error, as it is for the request.
    public func candidates(
        for request: PresentationRequest, among credentials: [String: Credential]
    ) throws(AnonCredsError) -> Candidates {
        var subjects: [(String, Credential, RestrictionSubject)] = []
        for (identifier, credential) in credentials {
            guard let definition = definitions[credential.credentialDefinitionID] else { continue }
            subjects.append((identifier, credential, RestrictionSubject(
                credential: credential, schema: schemas[credential.schemaID], definition: definition)))
        }
        func answering(
            _ referent: String, restriction: Restriction?, where fits: (Credential, [String: String]) -> Bool
        ) -> [String] {
            subjects.filter { _, credential, subject in
                guard case .credential(let values) = subject.attributes, fits(credential, values) else { return false }
                if request.asksNonRevocation(referent), credential.revocationRegistryID != nil { return false }
                return restriction?.isMet(by: subject) ?? true
            }.map(\.0).sorted()
        }
        var candidates = Candidates(attributes: [:], predicates: [:])
        for (referent, info) in request.requestedAttributes {
            let names = info.attributeNames.map(AttributeName.canonical)
            candidates.attributes[referent] = answering(referent, restriction: try info.restriction) { _, values in
                names.allSatisfy { values[$0] != nil }
            }
        }
        for (referent, info) in request.requestedPredicates {
            let name = AttributeName.canonical(info.name)
            let predicate = PredicateProof.PredicateType(requestSymbol: info.predicateType).map {
                PredicateProof.Predicate(attributeName: name, type: $0, value: info.value)
            }
            candidates.predicates[referent] = answering(referent, restriction: try info.restriction) { credential, _ in
                guard let predicate,
                      let value = credential.values.first(where: { AttributeName.canonical($0.key) == name })?.value,
                      let number = Int32(value.encoded)
                else { return false }
                return predicate.delta(for: Int64(number)) >= 0
            }
        }
        return candidates
    }
}

extension AnonCredsHolder {
    /// Builds a presentation for `request` from the selected credentials (processed ones, with
    /// `v` unblinded): one equality sub-proof per credential, in the selection's order, all
    /// sharing the link secret's random so the verifier sees they belong to one holder.
    ///
    /// Every referent of the request must be answered exactly once. A predicate that does not
    /// hold for its credential gets no proof (``AnonCredsError/presentationNotPossible(_:)``).
    /// Each credential must meet the restrictions of the referents it answers, both as the
    /// holder knows it and as anoncreds-rs' verifier will see it
    /// (``AnonCredsError/restrictionNotMet(referent:)``); restricted referents need the
    /// credential's schema in `schemas`. A referent that asks for a non-revocation proof of a
    /// revocable credential is refused (``AnonCredsError/nonRevocationProofNotSupported(referent:)``):
    /// those proofs are not made yet.
    public func present(
        _ request: PresentationRequest, selection: PresentationSelection, definitions: [String: CredentialDefinition],
        schemas: [String: Schema] = [:], using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Presentation {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        try Self.checkCoverage(request, selection: selection)
        try Self.checkChoices(request, selection: selection, definitions: definitions, schemas: schemas)
        var requested = Presentation.RequestedProof()
        requested.selfAttestedAttributes = selection.selfAttested
        var inputs: [EqualityProofBuilder.Input] = []
        var identifiers: [Presentation.Identifier] = []
        for (index, use) in selection.credentials.enumerated() {
            let credential = use.credential
            guard let definition = definitions[credential.credentialDefinitionID] else {
                throw .presentationNotPossible("no credential definition \(credential.credentialDefinitionID)")
            }
            let key = definition.value.primary
            var values = try CredentialValues.signed(credential.values, key: key)
            values[AttributeName.linkSecret] = linkSecret.value
            var revealed = Set<String>()
            for referent in use.revealed {
                let names = request.requestedAttributes[referent]?.attributeNames ?? []
                var group: [String: AttributeValue] = [:]
                for name in names {
                    guard let (_, value) = credential.values.first(where: {
                        AttributeName.canonical($0.key) == AttributeName.canonical(name)
                    }) else {
                        throw .presentationNotPossible("the credential for \(referent) has no attribute \(name)")
                    }
                    group[name] = value
                    revealed.insert(AttributeName.canonical(name))
                }
                if let name = request.requestedAttributes[referent]?.name, let value = group[name] {
                    requested.revealedAttributes[referent] = .init(subProofIndex: index, raw: value.raw, encoded: value.encoded)
                } else {
                    requested.revealedAttributeGroups[referent] = .init(subProofIndex: index, values: group)
                }
            }
            for referent in use.unrevealed {
                for name in request.requestedAttributes[referent]?.attributeNames ?? []
                where values[AttributeName.canonical(name)] == nil {
                    throw .presentationNotPossible("the credential for \(referent) has no attribute \(name)")
                }
                requested.unrevealedAttributes[referent] = .init(subProofIndex: index)
            }
            var predicates: [PredicateProof.Predicate] = []
            for referent in use.predicates {
                guard let info = request.requestedPredicates[referent],
                      let type = PredicateProof.PredicateType(requestSymbol: info.predicateType)
                else { throw .presentationNotPossible("\(referent) is not a requested predicate of a known type") }
                predicates.append(.init(attributeName: AttributeName.canonical(info.name), type: type, value: info.value))
                requested.predicates[referent] = .init(subProofIndex: index)
            }
            inputs.append(.init(key: key, signature: credential.signature, values: values, revealed: revealed, predicates: predicates))
            identifiers.append(.init(
                schemaID: credential.schemaID, credentialDefinitionID: credential.credentialDefinitionID,
                revocationRegistryID: credential.revocationRegistryID, timestamp: nil))
        }
        do throws(AnonCredsError) {
            try AnonCredsVerifier.checkRestrictions(
                requested, identifiers: identifiers, request: request, schemas: schemas, definitions: definitions)
        } catch {
            if case .presentationInvalid(let reason) = error { throw .presentationNotPossible(reason) }
            throw error
        }
        let proof = try EqualityProofBuilder.prove(inputs, nonce: request.nonce, using: &source)
        return Presentation(proof: proof, requestedProof: requested, identifiers: identifiers)
    }

    /// ``present(_:selection:definitions:schemas:using:)`` with the system's generator.
    public func present(
        _ request: PresentationRequest, selection: PresentationSelection, definitions: [String: CredentialDefinition],
        schemas: [String: Schema] = [:]
    ) throws(AnonCredsError) -> Presentation {
        var generator = SystemRandomNumberGenerator()
        return try present(request, selection: selection, definitions: definitions, schemas: schemas, using: &generator)
    }

    /// Each chosen credential meets, as the holder knows it, the restrictions of the referents
    /// it answers, and none is asked for a non-revocation proof.
    static func checkChoices(
        _ request: PresentationRequest, selection: PresentationSelection, definitions: [String: CredentialDefinition],
        schemas: [String: Schema]
    ) throws(AnonCredsError) {
        for use in selection.credentials {
            let credential = use.credential
            guard let definition = definitions[credential.credentialDefinitionID] else {
                throw .presentationNotPossible("no credential definition \(credential.credentialDefinitionID)")
            }
            let subject = RestrictionSubject(credential: credential, schema: schemas[credential.schemaID], definition: definition)
            for referent in use.revealed + use.unrevealed + use.predicates {
                var restriction = try request.requestedPredicates[referent]?.restriction
                if let info = request.requestedAttributes[referent] { restriction = try info.restriction }
                if let restriction, !restriction.isMet(by: subject) { throw .restrictionNotMet(referent: referent) }
                if request.asksNonRevocation(referent), credential.revocationRegistryID != nil {
                    throw .nonRevocationProofNotSupported(referent: referent)
                }
            }
        }
    }

    /// Every requested attribute answered once, by a credential or a self-attested value, and
    /// nothing answered that was not asked.
    static func checkCoverage(_ request: PresentationRequest, selection: PresentationSelection) throws(AnonCredsError) {
        var answered: [String] = Array(selection.selfAttested.keys)
        for use in selection.credentials { answered += use.revealed + use.unrevealed }
        var seen = Set<String>()
        for referent in answered {
            guard request.requestedAttributes[referent] != nil else {
                throw .presentationNotPossible("\(referent) is not a requested attribute")
            }
            guard seen.insert(referent).inserted else { throw .presentationNotPossible("\(referent) is answered twice") }
        }
        for referent in request.requestedAttributes.keys where !seen.contains(referent) {
            throw .presentationNotPossible("\(referent) is not answered")
        }
        var proven = Set<String>()
        for referent in selection.credentials.flatMap(\.predicates) {
            guard request.requestedPredicates[referent] != nil else {
                throw .presentationNotPossible("\(referent) is not a requested predicate")
            }
            guard proven.insert(referent).inserted else { throw .presentationNotPossible("\(referent) is proven twice") }
        }
        for referent in request.requestedPredicates.keys where !proven.contains(referent) {
            throw .presentationNotPossible("\(referent) is not answered")
        }
    }
}

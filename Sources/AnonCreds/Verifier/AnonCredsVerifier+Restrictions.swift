extension AnonCredsVerifier {
    /// Checks every restricted referent as anoncreds-rs' verifier does: the credential that
    /// answers it (its schema and credential definition, looked up by the presentation's
    /// identifiers) meets the restriction, with the revealed values of that referent (for a
    /// predicate: of every attribute its sub-proof reveals) standing for `attr::NAME::value`.
    ///
    /// A referent with restrictions (other than `{}` or `[]`) cannot be self-attested, and a
    /// request may not mix the legacy `issuer_did` (`schema_issuer_did`) with `issuer_id`
    /// (`schema_issuer_id`).
    static func checkRestrictions(
        _ requested: Presentation.RequestedProof, identifiers: [Presentation.Identifier], request: PresentationRequest,
        schemas: [String: Schema], definitions: [String: CredentialDefinition]
    ) throws(AnonCredsError) {
        var attributeRestrictions: [(String, PresentationRequest.RequestedAttribute, Restriction)] = []
        var predicateRestrictions: [(String, PresentationRequest.RequestedPredicate, Restriction)] = []
        for (referent, info) in request.requestedAttributes {
            if let restriction = try info.restriction { attributeRestrictions.append((referent, info, restriction)) }
        }
        for (referent, info) in request.requestedPredicates {
            if let restriction = try info.restriction { predicateRestrictions.append((referent, info, restriction)) }
        }
        let tags = Set(attributeRestrictions.flatMap(\.2.tags) + predicateRestrictions.flatMap(\.2.tags))
        for (legacy, current) in [("issuer_did", "issuer_id"), ("schema_issuer_did", "schema_issuer_id")]
        where tags.contains(legacy) && tags.contains(current) {
            throw .presentationInvalid("the request's restrictions mix \(legacy) and \(current)")
        }

        func subject(index: Int, attributes: [String: String?]) throws(AnonCredsError) -> RestrictionSubject {
            guard identifiers.indices.contains(index) else { throw .presentationInvalid("no identifier \(index)") }
            let identifier = identifiers[index]
            guard let schema = schemas[identifier.schemaID] else { throw .presentationInvalid("no schema \(identifier.schemaID)") }
            guard let definition = definitions[identifier.credentialDefinitionID] else {
                throw .presentationInvalid("no credential definition \(identifier.credentialDefinitionID)")
            }
            return RestrictionSubject(
                schemaID: identifier.schemaID, schema: schema, credentialDefinitionID: identifier.credentialDefinitionID,
                definition: definition, attributes: .presented(attributes))
        }

        for (referent, info, restriction) in attributeRestrictions {
            if restriction.isEmpty, requested.selfAttestedAttributes[referent] != nil { continue }
            var shown: [String: String?] = [:]
            let index: Int
            if let revealed = requested.revealedAttributes[referent], let name = info.name {
                index = revealed.subProofIndex
                shown[name] = revealed.raw
            } else if let group = requested.revealedAttributeGroups[referent] {
                index = group.subProofIndex
                for name in info.attributeNames { shown[name] = group.values[name]?.raw }
            } else if let hidden = requested.unrevealedAttributes[referent], let name = info.name {
                index = hidden.subProofIndex
                shown[name] = String?.none
            } else {
                throw .restrictionNotMet(referent: referent)
            }
            guard restriction.isMet(by: try subject(index: index, attributes: shown)) else {
                throw .restrictionNotMet(referent: referent)
            }
        }
        for (referent, info, restriction) in predicateRestrictions {
            guard let index = requested.predicates[referent]?.subProofIndex else { throw .restrictionNotMet(referent: referent) }
            var shown: [String: String?] = [info.name: nil]
            for (other, revealed) in requested.revealedAttributes where revealed.subProofIndex == index {
                if let name = request.requestedAttributes[other]?.name { shown[name] = revealed.raw }
            }
            for group in requested.revealedAttributeGroups.values where group.subProofIndex == index {
                for (name, value) in group.values { shown[name] = value.raw }
            }
            guard restriction.isMet(by: try subject(index: index, attributes: shown)) else {
                throw .restrictionNotMet(referent: referent)
            }
        }
    }
}

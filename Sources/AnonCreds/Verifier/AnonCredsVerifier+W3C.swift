import Foundation
import JSONModel

extension AnonCredsVerifier {
    /// Verifies a presentation in the W3C form as anoncreds-rs' `verify_w3c_presentation` does:
    /// each credential's proof names its credential definition (`verificationMethod`) whose
    /// issuer is the credential's `issuer`; each requested attribute is answered by the first
    /// credential that reveals it with the value its sub-proof proves and meets the referent's
    /// restrictions (seen with every value that credential reveals), else by the first whose
    /// schema has it and meets them (proven hidden); each predicate by a credential marked
    /// `true` for it whose sub-proof proves exactly that predicate. Then the proof is checked
    /// as a legacy one: one link secret, the commitments, the challenge over the nonce.
    ///
    /// Beyond anoncreds-rs, every value a credential shows must be one its sub-proof reveals
    /// (anoncreds-rs would let a changed value stand, answering its referent as hidden), and a
    /// group (`names`) must be revealed from one credential, which anoncreds-rs' own holder
    /// always does. Non-revocation proofs are not checked yet: a referent that asks for one of a
    /// revocable credential is refused as not supported.
    public static func verify(
        _ presentation: W3CAnonCredsPresentation, request: PresentationRequest, schemas: [String: Schema],
        definitions: [String: CredentialDefinition]
    ) throws(AnonCredsError) {
        let aggregated: Presentation.AggregateProof.Aggregated = try decode(try presentation.proof.value(.presentation)["aggregated"])
        var subProofs: [Presentation.SubProof] = []
        var identifiers: [Presentation.Identifier] = []
        for credential in presentation.credentials {
            let value = try credential.proof.value(.credentialPresentation)
            let identifier: Presentation.Identifier = try decode(value)
            subProofs.append(try decode(value["sub_proof"]))
            guard let definition = definitions[identifier.credentialDefinitionID] else {
                throw .presentationInvalid("no credential definition \(identifier.credentialDefinitionID)")
            }
            guard definition.issuerID == credential.issuer else { throw .presentationInvalid("inconsistent issuer ID") }
            guard credential.proof.verificationMethod == identifier.credentialDefinitionID else {
                throw .presentationInvalid("inconsistent credential definition ID")
            }
            identifiers.append(identifier)
            for (name, shown) in credential.subject {
                guard let raw = shown.raw else { continue }
                guard let proven = subProofs.last?.equality.revealedAttributes[AttributeName.canonical(name)],
                      BigInteger(decimal: AttributeEncoding.encode(raw)) == proven
                else { throw .presentationInvalid("the credential shows a value of \(name) its proof does not reveal") }
            }
        }
        let search = W3CReferentSearch(
            credentials: presentation.credentials, subProofs: subProofs, identifiers: identifiers, request: request,
            schemas: schemas, definitions: definitions)
        let legacy = Presentation(
            proof: .init(proofs: subProofs, aggregated: aggregated), requestedProof: try search.requestedProof(),
            identifiers: identifiers)
        try checkReferents(legacy, request: request)
        try checkProof(legacy, request: request, definitions: definitions)
    }

    static func decode<T: Decodable>(_ value: JSONValue?) throws(AnonCredsError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: (value ?? .null).serialized())
        } catch let error as DecodingError {
            throw AnonCredsError(decoding: error, type: "W3C proof value")
        } catch {
            throw .malformedObject(type: "W3C proof value", path: "", reason: "\(error)")
        }
    }
}

/// anoncreds-rs' search for the credential of a W3C presentation that answers each referent,
/// written down as the legacy `requested_proof` it amounts to.
struct W3CReferentSearch {
    var credentials: [W3CAnonCredsCredential]
    var subProofs: [Presentation.SubProof]
    var identifiers: [Presentation.Identifier]
    var request: PresentationRequest
    var schemas: [String: Schema]
    var definitions: [String: CredentialDefinition]

    func requestedProof() throws(AnonCredsError) -> Presentation.RequestedProof {
        var requested = Presentation.RequestedProof()
        for (referent, info) in request.requestedAttributes.sorted(by: { $0.key < $1.key }) {
            let restriction = try info.restriction
            var answers: [(index: Int, value: AttributeValue?)] = []
            for name in info.attributeNames {
                answers.append(try answer(name, referent: referent, restriction: restriction))
            }
            if info.name != nil, let answer = answers.first {
                if let value = answer.value {
                    requested.revealedAttributes[referent] = .init(subProofIndex: answer.index, raw: value.raw, encoded: value.encoded)
                } else {
                    requested.unrevealedAttributes[referent] = .init(subProofIndex: answer.index)
                }
            } else if let names = info.names {
                guard Set(answers.map(\.index)).count == 1, answers.allSatisfy({ $0.value != nil }) else {
                    throw .presentationInvalid("\(referent): the group is not revealed from one credential")
                }
                requested.revealedAttributeGroups[referent] = .init(
                    subProofIndex: answers[0].index, values: Dictionary(uniqueKeysWithValues: zip(names, answers.map { $0.value! })))
            }
        }
        for (referent, info) in request.requestedPredicates.sorted(by: { $0.key < $1.key }) {
            let restriction = try info.restriction
            let type = PredicateProof.PredicateType(requestSymbol: info.predicateType)
            let wanted = type.map { PredicateProof.Predicate(attributeName: AttributeName.canonical(info.name), type: $0, value: info.value) }
            var found: Int?
            for (index, credential) in credentials.enumerated() where credential.attribute(info.name)?.1 == .predicate {
                guard let wanted, subProofs[index].predicates.contains(where: { $0.predicate == wanted }),
                      try conditionsHold(index, referent: referent, restriction: restriction)
                else { continue }
                found = index
                break
            }
            guard let found else { throw .presentationInvalid("no credential proves predicate \(referent)") }
            requested.predicates[referent] = .init(subProofIndex: found)
        }
        return requested
    }

    /// The credential that answers `name`: revealed with the proven value, else hidden in a
    /// credential whose schema has the attribute.
    func answer(_ name: String, referent: String, restriction: Restriction?) throws(AnonCredsError) -> (index: Int, value: AttributeValue?) {
        for (index, credential) in credentials.enumerated() {
            guard let (key, subjectValue) = credential.attribute(name), let raw = subjectValue.raw else { continue }
            let value = AttributeValue(raw: raw)
            guard let proven = subProofs[index].equality.revealedAttributes[AttributeName.canonical(key)],
                  BigInteger(decimal: value.encoded) == proven,
                  try conditionsHold(index, referent: referent, restriction: restriction)
            else { continue }
            return (index, value)
        }
        for index in credentials.indices {
            guard let schema = schemas[identifiers[index].schemaID] else {
                throw .presentationInvalid("no schema \(identifiers[index].schemaID)")
            }
            guard schema.attributeNames.contains(where: { AttributeName.canonical($0) == AttributeName.canonical(name) }),
                  try conditionsHold(index, referent: referent, restriction: restriction)
            else { continue }
            return (index, nil)
        }
        throw .presentationInvalid("no credential answers \(referent) (\(name))")
    }

    /// The restriction, seen with every value the credential reveals, and non-revocation.
    func conditionsHold(_ index: Int, referent: String, restriction: Restriction?) throws(AnonCredsError) -> Bool {
        let identifier = identifiers[index]
        if identifier.revocationRegistryID != nil, request.asksNonRevocation(referent) {
            throw .nonRevocationProofNotSupported(referent: referent)
        }
        guard let restriction else { return true }
        guard let schema = schemas[identifier.schemaID] else { throw .presentationInvalid("no schema \(identifier.schemaID)") }
        guard let definition = definitions[identifier.credentialDefinitionID] else {
            throw .presentationInvalid("no credential definition \(identifier.credentialDefinitionID)")
        }
        var shown: [String: String?] = [:]
        for (name, value) in credentials[index].subject { if let raw = value.raw { shown[name] = raw } }
        return restriction.isMet(by: RestrictionSubject(
            schemaID: identifier.schemaID, schema: schema, credentialDefinitionID: identifier.credentialDefinitionID,
            definition: definition, attributes: .presented(shown)))
    }
}

/// Checks a presentation against the request it answers (the verifier's side, for the sandbox
/// and the tests).
///
/// It checks what the proof says and what it is bound to: every requested attribute answered
/// exactly once; each revealed raw value encodes to its encoded value and is the value the
/// proof reveals; every sub-proof carries a response for the link secret and they are all equal
/// (one holder); the commitments hashed are the proofs' `a'`; and the recomputed challenge over
/// the request's nonce is the proof's; each requested predicate is proven by the sub-proof that
/// claims it, tied to that attribute's response; each referent's restrictions are met as
/// anoncreds-rs reads them (see ``Restriction``), which needs the schemas and credential
/// definitions the presentation names. Non-revocation proofs are not checked yet.
public enum AnonCredsVerifier {
    public static func verify(
        _ presentation: Presentation, request: PresentationRequest, schemas: [String: Schema] = [:],
        definitions: [String: CredentialDefinition]
    ) throws(AnonCredsError) {
        let proofs = presentation.proof.proofs
        guard presentation.identifiers.count == proofs.count else {
            throw .presentationInvalid("\(presentation.identifiers.count) identifiers for \(proofs.count) sub-proofs")
        }
        try checkReferents(presentation, request: request)
        try checkRestrictions(
            presentation.requestedProof, identifiers: presentation.identifiers, request: request, schemas: schemas,
            definitions: definitions)
        try checkProof(presentation, request: request, definitions: definitions)
    }

    /// The cryptographic checks: one link secret, the hashed commitments, the predicates asked
    /// of each sub-proof, and the challenge over the request's nonce.
    static func checkProof(
        _ presentation: Presentation, request: PresentationRequest, definitions: [String: CredentialDefinition]
    ) throws(AnonCredsError) {
        let proofs = presentation.proof.proofs
        let keys = try presentation.identifiers.map { (identifier) throws(AnonCredsError) -> CredentialPrimaryPublicKey in
            guard let definition = definitions[identifier.credentialDefinitionID] else {
                throw .presentationInvalid("no credential definition \(identifier.credentialDefinitionID)")
            }
            return definition.value.primary
        }
        let linkSecretResponses = Set(proofs.map { $0.equality.m[AttributeName.linkSecret] })
        guard linkSecretResponses.count == 1, linkSecretResponses.first! != nil else {
            throw .presentationInvalid("the sub-proofs do not prove one link secret")
        }
        let aggregated = presentation.proof.aggregated
        let committed = proofs.flatMap { proof in
            [proof.equality.aPrime.bigEndianBytes] + proof.predicates.flatMap { predicate in
                (PredicateProofBuilder.indices + [PredicateProofBuilder.deltaKey]).map { predicate.t[$0]?.bigEndianBytes ?? [] }
            }
        }
        guard aggregated.cList == committed else {
            throw .presentationInvalid("the hashed commitments are not the proofs' a' and T")
        }
        try checkPredicates(presentation, request: request)
        var tauList: [[UInt8]] = []
        for (proof, key) in zip(proofs, keys) {
            guard proof.nonRevocation == nil || proof.nonRevocation == .null else {
                throw .unsupported("non-revocation sub-proofs")
            }
            tauList.append(try EqualityProofBuilder.recomputedCommitment(proof.equality, key: key, c: aggregated.cHash).bigEndianBytes)
            for predicate in proof.predicates {
                guard predicate.mj == proof.equality.m[predicate.predicate.attributeName] else {
                    throw .presentationInvalid("a predicate proof is not tied to its attribute")
                }
                tauList += try PredicateProofBuilder.recomputed(predicate, key: key, c: aggregated.cHash).map(\.bigEndianBytes)
            }
        }
        let expected = EqualityProofBuilder.challenge(tauList: tauList, cList: aggregated.cList, nonce: request.nonce)
        guard expected == aggregated.cHash else { throw .presentationInvalid("the challenge does not match") }
    }

    /// Each requested predicate is answered by exactly one sub-proof that proves it, and no
    /// sub-proof proves a predicate nobody asked for.
    static func checkPredicates(_ presentation: Presentation, request: PresentationRequest) throws(AnonCredsError) {
        let proofs = presentation.proof.proofs
        var expected: [Int: [PredicateProof.Predicate]] = [:]
        for (referent, info) in request.requestedPredicates {
            guard let reference = presentation.requestedProof.predicates[referent], proofs.indices.contains(reference.subProofIndex) else {
                throw .presentationInvalid("predicate \(referent) is not answered")
            }
            guard let type = PredicateProof.PredicateType(requestSymbol: info.predicateType) else {
                throw .presentationInvalid("predicate \(referent) has an unknown p_type \(info.predicateType)")
            }
            expected[reference.subProofIndex, default: []].append(
                .init(attributeName: AttributeName.canonical(info.name), type: type, value: info.value))
        }
        for referent in presentation.requestedProof.predicates.keys where request.requestedPredicates[referent] == nil {
            throw .presentationInvalid("predicate \(referent) was not requested")
        }
        for (index, proof) in proofs.enumerated() {
            let proven = proof.predicates.map(\.predicate)
            guard proven.count == expected[index, default: []].count,
                  Set(proven) == Set(expected[index, default: []]) else {
                throw .presentationInvalid("sub-proof \(index) does not prove the predicates asked of it")
            }
        }
    }

    /// Each requested attribute is answered once, by an existing sub-proof, and revealed values
    /// are the ones the sub-proof reveals.
    static func checkReferents(_ presentation: Presentation, request: PresentationRequest) throws(AnonCredsError) {
        let requested = presentation.requestedProof
        let proofs = presentation.proof.proofs
        var answered: [String: Int] = [:]
        func revealedValue(_ name: String, _ value: AttributeValue, index: Int, referent: String) throws(AnonCredsError) {
            guard proofs.indices.contains(index) else { throw .presentationInvalid("\(referent) names no sub-proof") }
            guard AttributeEncoding.matches(value) else { throw .encodedValueMismatch(attribute: name) }
            guard let proven = proofs[index].equality.revealedAttributes[AttributeName.canonical(name)],
                  BigInteger(decimal: value.encoded) == proven
            else { throw .presentationInvalid("\(referent): the revealed value is not the proven one") }
        }
        for (referent, info) in requested.revealedAttributes {
            guard let name = request.requestedAttributes[referent]?.name else {
                throw .presentationInvalid("\(referent) is not a requested single attribute")
            }
            try revealedValue(name, AttributeValue(raw: info.raw, encoded: info.encoded), index: info.subProofIndex, referent: referent)
            answered[referent, default: 0] += 1
        }
        for (referent, group) in requested.revealedAttributeGroups {
            guard let names = request.requestedAttributes[referent]?.names, Set(names) == Set(group.values.keys) else {
                throw .presentationInvalid("\(referent) does not reveal the requested group")
            }
            for (name, value) in group.values {
                try revealedValue(name, value, index: group.subProofIndex, referent: referent)
            }
            answered[referent, default: 0] += 1
        }
        for (referent, reference) in requested.unrevealedAttributes {
            guard proofs.indices.contains(reference.subProofIndex) else { throw .presentationInvalid("\(referent) names no sub-proof") }
            answered[referent, default: 0] += 1
        }
        for referent in requested.selfAttestedAttributes.keys { answered[referent, default: 0] += 1 }
        for referent in request.requestedAttributes.keys where answered[referent] != 1 {
            throw .presentationInvalid("\(referent) is answered \(answered[referent] ?? 0) times")
        }
        for referent in answered.keys where request.requestedAttributes[referent] == nil {
            throw .presentationInvalid("\(referent) was not requested")
        }
    }
}

import Foundation
import JSONModel

/// An AnonCreds presentation in anoncreds-rs 0.2's W3C form: one derived credential per
/// sub-proof (its `credentialSubject` the revealed values, `true` where a predicate is proven;
/// its proof the sub-proof), and the presentation's proof the aggregated challenge, with the
/// request's nonce as `challenge`. There is no `requested_proof`: the verifier finds, for each
/// referent, the credential that answers it (``AnonCredsVerifier/verify(_:request:schemas:definitions:)-(W3CAnonCredsPresentation,_,_,_)``).
public struct W3CAnonCredsPresentation: Sendable, Hashable {
    public var version: W3CAnonCredsCredential.Version
    public var contexts: [JSONValue]
    public var types: [String]
    public var credentials: [W3CAnonCredsCredential]
    public var proof: W3CAnonCredsProof

    static func malformed(_ reason: String) -> AnonCredsError {
        .malformedObject(type: "W3C AnonCreds presentation", path: "", reason: reason)
    }

    /// The W3C form of `presentation`, whose sub-proofs are over `sources` in order (as
    /// anoncreds-rs' `create_w3c_presentation` derives each credential). Self-attested values
    /// have no place in it.
    public init(
        _ presentation: Presentation, request: PresentationRequest, sources: [W3CAnonCredsCredential],
        version: W3CAnonCredsCredential.Version = .v1_1
    ) throws(AnonCredsError) {
        let proofs = presentation.proof.proofs
        guard sources.count == proofs.count, presentation.identifiers.count == proofs.count else {
            throw .presentationNotPossible("\(sources.count) W3C credentials for \(proofs.count) sub-proofs")
        }
        guard presentation.requestedProof.selfAttestedAttributes.isEmpty else {
            throw .unsupported("self-attested attributes in the W3C form")
        }
        let requested = presentation.requestedProof
        var derived: [W3CAnonCredsCredential] = []
        for (index, (source, identifier)) in zip(sources, presentation.identifiers).enumerated() {
            var subject: [String: W3CAnonCredsCredential.SubjectValue] = [:]
            func reveal(_ name: String) throws(AnonCredsError) {
                guard let (key, value) = source.attribute(name), value != .predicate else {
                    throw .presentationNotPossible("the W3C credential has no attribute \(name)")
                }
                subject[key] = value
            }
            for (referent, value) in requested.revealedAttributes where value.subProofIndex == index {
                if let name = request.requestedAttributes[referent]?.name { try reveal(name) }
            }
            for group in requested.revealedAttributeGroups.values where group.subProofIndex == index {
                for name in group.values.keys { try reveal(name) }
            }
            for (referent, reference) in requested.predicates where reference.subProofIndex == index {
                guard let name = request.requestedPredicates[referent]?.name, let (key, _) = source.attribute(name),
                      subject[key] == nil || subject[key] == .predicate
                else { throw .presentationNotPossible("a predicate cannot be proven on a revealed attribute (\(referent))") }
                subject[key] = .predicate
            }
            var value: JSONObject = [
                "schema_id": .string(identifier.schemaID), "cred_def_id": .string(identifier.credentialDefinitionID),
                "sub_proof": try W3CAnonCredsCredential.json(of: proofs[index]),
            ]
            if let registry = identifier.revocationRegistryID { value["rev_reg_id"] = .string(registry) }
            if let timestamp = identifier.timestamp { value["timestamp"] = .number(JSONNumber(timestamp)) }
            var credential = source
            credential.subject = subject
            credential.otherProofs = []
            credential.proof = W3CAnonCredsProof(
                purpose: .assertionMethod, verificationMethod: identifier.credentialDefinitionID,
                value: W3CProofValue(kind: .credentialPresentation, value: .object(value)))
            derived.append(credential)
        }
        self.version = version
        contexts = version.contexts
        types = ["VerifiablePresentation"]
        credentials = derived
        proof = W3CAnonCredsProof(
            purpose: .authentication, verificationMethod: presentation.identifiers.last?.credentialDefinitionID ?? "",
            value: W3CProofValue(kind: .presentation, value: ["aggregated": try W3CAnonCredsCredential.json(of: presentation.proof.aggregated)]),
            challenge: request.nonce.description)
    }

    /// Reads a presentation from JSON bytes.
    public init(jsonData data: Data) throws(AnonCredsError) {
        guard case .object(let object) = try W3CAnonCredsCredential.parse(data) else { throw Self.malformed("a presentation is a JSON object") }
        let known: Set<String> = ["@context", "type", "@type", "verifiableCredential", "proof"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) { throw Self.malformed("unknown member \(unknown)") }
        (version, contexts) = try W3CAnonCredsCredential.contexts(object["@context"])
        types = try W3CAnonCredsCredential.types(object["type"] ?? object["@type"], required: "VerifiablePresentation")
        guard let elements = object["verifiableCredential"]?.arrayValue, !elements.isEmpty else {
            throw Self.malformed("verifiableCredential is a non-empty array")
        }
        var credentials: [W3CAnonCredsCredential] = []
        for element in elements { credentials.append(try W3CAnonCredsCredential(json: element)) }
        self.credentials = credentials
        guard let proof = object["proof"] else { throw Self.malformed("no proof") }
        self.proof = try W3CAnonCredsProof(json: proof)
    }

    /// The presentation's JSON.
    public func json() throws(AnonCredsError) -> JSONValue {
        var elements: [JSONValue] = []
        for credential in credentials {
            // A derived credential carries its one proof as an object, as anoncreds-rs writes it.
            guard case .object(var object) = try credential.json() else { continue }
            object["proof"] = try credential.proof.json()
            elements.append(.object(object))
        }
        return [
            "@context": .array(contexts), "type": .array(types.map(JSONValue.string)),
            "verifiableCredential": .array(elements), "proof": try proof.json(),
        ]
    }

    /// The JSON bytes.
    public func jsonData() throws(AnonCredsError) -> Data { try json().serialized() }
}

extension W3CAnonCredsCredential {
    /// The subject's attribute named `name` in any case and spacing (anoncreds' common view),
    /// with its name as the credential spells it.
    func attribute(_ name: String) -> (String, SubjectValue)? {
        let wanted = AttributeName.canonical(name)
        return subject.first { AttributeName.canonical($0.key) == wanted }.map { ($0.key, $0.value) }
    }
}

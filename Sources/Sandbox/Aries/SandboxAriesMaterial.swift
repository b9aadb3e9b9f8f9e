import AnonCreds
import Foundation
import JSONModel
import Multiformats

/// The sandbox Aries issuer's public and private AnonCreds objects: one schema, `person`, and
/// one credential definition for it, under Indy-style identifiers of an unqualified DID (there
/// is no ledger: the sandbox serves both by the `~ledger` convention).
///
/// Made once — two safe primes take seconds — and kept in the state file beside the other
/// sandbox keys, so a credential issued at one start still proves at the next.
struct SandboxAriesMaterial: Sendable {
    /// The schema's name and version.
    static let schemaName = "person"
    static let schemaVersion = "1.0"
    /// The schema's attributes: a name to reveal, and an age (with the birth date it comes
    /// from, as an integer `YYYYMMDD`) to prove a predicate over without revealing it.
    static let attributeNames = ["name", "birthdate_dateint", "age"]
    /// What the sandbox issues unless an invitation says otherwise.
    static let defaultValues = ["name": "Alice Example", "birthdate_dateint": "19980312", "age": "28"]

    /// The issuer's unqualified DID (16 random bytes in base58, as Indy DIDs are).
    let issuerDID: String
    let schema: Schema
    let schemaID: String
    /// The credential definition with its private key and key correctness proof.
    let issuer: AnonCredsIssuer

    var credentialDefinitionID: String { issuer.credentialDefinitionID }

    /// New objects: a fresh DID and a key of `safePrimeBits`-bit safe primes.
    static func make(safePrimeBits: Int) throws(SandboxError) -> SandboxAriesMaterial {
        var generator = SystemRandomNumberGenerator()
        let did = Base58BTC.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let schemaID = "\(did):2:\(schemaName):\(schemaVersion)"
        do {
            let schema = try Schema(name: schemaName, version: schemaVersion, attributeNames: attributeNames, issuerID: did)
            let issuer = try AnonCredsIssuer.create(
                schema: schema, schemaID: schemaID, credentialDefinitionID: "\(did):3:CL:\(schemaID):default",
                safePrimeBits: safePrimeBits, using: &generator)
            return SandboxAriesMaterial(issuerDID: did, schema: schema, schemaID: schemaID, issuer: issuer)
        } catch {
            throw .cryptography("making the Aries credential definition: \(error)")
        }
    }

    /// The state file's `aries` member. The private key's factors are as secret as the other
    /// keys there (the file is mode 0600).
    func jsonValue() throws(SandboxError) -> JSONValue {
        func json(_ object: some Encodable) throws(SandboxError) -> JSONValue {
            do { return try JSONValue(parsing: JSONEncoder().encode(object)) } catch {
                throw .invalidState("encoding \(type(of: object)): \(error)")
            }
        }
        return [
            "issuerDID": .string(issuerDID), "schemaID": .string(schemaID), "schema": try json(schema),
            "credentialDefinitionID": .string(credentialDefinitionID), "credentialDefinition": try json(issuer.definition),
            "privateKey": try json(issuer.privateKey), "keyCorrectnessProof": try json(issuer.keyCorrectnessProof),
        ]
    }

    /// Reads the state file's `aries` member, every object checked as AnonCreds reads it.
    init(json: JSONValue) throws(SandboxError) {
        func string(_ name: String) throws(SandboxError) -> String {
            guard let text = json[name]?.stringValue else { throw .invalidState("aries.\(name) is missing") }
            return text
        }
        func object<Object: Decodable>(_ type: Object.Type, _ name: String) throws(SandboxError) -> Object {
            guard let value = json[name] else { throw .invalidState("aries.\(name) is missing") }
            do { return try JSONDecoder().decode(Object.self, from: value.serialized()) } catch {
                throw .invalidState("aries.\(name): \(error)")
            }
        }
        issuerDID = try string("issuerDID")
        schemaID = try string("schemaID")
        schema = try object(Schema.self, "schema")
        let definition = try object(CredentialDefinition.self, "credentialDefinition")
        let definitionID = try string("credentialDefinitionID")
        let privateKey = try object(CredentialDefinitionPrivate.self, "privateKey")
        let proof = try object(KeyCorrectnessProof.self, "keyCorrectnessProof")
        do {
            issuer = try AnonCredsIssuer(
                definition: definition, credentialDefinitionID: definitionID, privateKey: privateKey, keyCorrectnessProof: proof)
        } catch {
            throw .invalidState("aries.credentialDefinitionID: \(error)")
        }
        guard issuer.definition.schemaID == schemaID else { throw .invalidState("aries: the definition is not for the schema") }
    }

    private init(issuerDID: String, schema: Schema, schemaID: String, issuer: AnonCredsIssuer) {
        self.issuerDID = issuerDID
        self.schema = schema
        self.schemaID = schemaID
        self.issuer = issuer
    }

    /// The proof request the sandbox verifier sends: the name revealed, `age >= 18` proven,
    /// both from this credential definition; a fresh nonce.
    func proofRequest() -> PresentationRequest {
        let restriction: JSONValue = [["cred_def_id": .string(credentialDefinitionID)]]
        return PresentationRequest(
            nonce: .random(), name: "Proof of age", version: "1.0",
            requestedAttributes: ["name": .init(name: "name", restrictions: restriction)],
            requestedPredicates: ["age": .init(name: "age", predicateType: ">=", value: 18, restrictions: restriction)])
    }
}

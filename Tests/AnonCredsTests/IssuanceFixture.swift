import AnonCreds
import Foundation
import VellumTestSupport

/// One whole issuance by anoncreds-rs 0.2.3 (its Python package), committed as
/// `Fixtures/anoncreds-rs-issuance.json`: schema, credential definition with its private key and
/// key correctness proof, offer, link secret, request and metadata, and the credential as issued
/// and as processed. Remade by `echo '{"op":"fixture"}' | .build/peers-venv/bin/python
/// Tests/Peers/anoncreds_peer.py`; a 2 050-bit key takes anoncreds-rs half a minute to make, so
/// the tests reuse this one.
// The parsed JSON is never changed after loading, so sharing it across tests is safe.
struct IssuanceFixture: @unchecked Sendable {
    let members: [String: Any]

    static let shared = load("anoncreds-rs-issuance.json")

    /// A revocable credential definition by anoncreds-rs with a revocation registry of 10 and its
    /// status list, no credential (`Fixtures/anoncreds-rs-revocable.json`, remade by the peer's
    /// `revocable-fixture` op).
    static let revocable = load("anoncreds-rs-revocable.json")

    static func load(_ name: String) -> IssuanceFixture {
        let url = PackageRoot.url.appendingPathComponent("Tests/AnonCredsTests/Fixtures/\(name)")
        let data = (try? Data(contentsOf: url)) ?? Data("{}".utf8)
        return IssuanceFixture(members: (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    /// A member's JSON bytes.
    func json(_ name: String) -> Data {
        guard let member = members[name] else { return Data() }
        return (try? JSONSerialization.data(withJSONObject: member)) ?? Data()
    }

    /// A member as a JSON object, to alter in a test.
    func object(_ name: String) -> [String: Any] { members[name] as? [String: Any] ?? [:] }

    func string(_ name: String) -> String { members[name] as? String ?? "" }

    var schema: Schema { get throws { try Schema(jsonData: json("schema")) } }
    var definition: CredentialDefinition { get throws { try CredentialDefinition(jsonData: json("cred_def")) } }
    var privateKey: CredentialDefinitionPrivate { get throws { try CredentialDefinitionPrivate(jsonData: json("cred_def_private")) } }
    var offer: CredentialOffer { get throws { try CredentialOffer(jsonData: json("offer")) } }
    var request: CredentialRequest { get throws { try CredentialRequest(jsonData: json("request")) } }
    var metadata: CredentialRequestMetadata { get throws { try CredentialRequestMetadata(jsonData: json("metadata")) } }
    var issued: Credential { get throws { try Credential(jsonData: json("issued")) } }
    var processed: Credential { get throws { try Credential(jsonData: json("processed")) } }
    var linkSecret: LinkSecret? { LinkSecret(storedDecimal: string("link_secret")) }
    var credentialDefinitionID: String { string("cred_def_id") }
    /// The fixture's schema and credential definition by identifier, as a verifier looks them up.
    var schemas: [String: Schema] { get throws { [string("schema_id"): try schema] } }
    var definitions: [String: CredentialDefinition] { get throws { [credentialDefinitionID: try definition] } }

    /// The issuer of the fixture's credential definition, on the Swift side.
    var issuer: AnonCredsIssuer {
        get throws {
            try AnonCredsIssuer(
                definition: definition, credentialDefinitionID: credentialDefinitionID, privateKey: privateKey,
                keyCorrectnessProof: offer.keyCorrectnessProof)
        }
    }

    /// A fresh holder and, for each name, a credential the Swift issuer signed for it under the
    /// fixture's key (age 30, degree BSc), processed.
    func credentialsOfOneHolder(named names: [String]) throws -> (AnonCredsHolder, [Credential]) {
        var generator = SystemRandomNumberGenerator()
        let issuer = try issuer
        let holder = AnonCredsHolder(linkSecret: .random())
        var credentials: [Credential] = []
        for name in names {
            let offer = issuer.offer(using: &generator)
            let pending = try holder.request(for: offer, definition: issuer.definition)
            let issued = try issuer.issue(["name": name, "age": "30", "Degree Name": "BSc"], for: pending.request, offer: offer, using: &generator)
            credentials.append(try holder.process(issued, metadata: pending.metadata, offer: offer, definition: issuer.definition))
        }
        return (holder, credentials)
    }

    /// `object` with `value` set at `path` (object keys), as JSON bytes.
    static func altered(_ object: [String: Any], at path: [String], to value: Any?) -> Data {
        func set(_ object: [String: Any], _ path: ArraySlice<String>) -> [String: Any] {
            var copy = object
            guard let key = path.first else { return copy }
            if path.count == 1 {
                copy[key] = value
            } else {
                copy[key] = set(object[key] as? [String: Any] ?? [:], path.dropFirst())
            }
            return copy
        }
        return (try? JSONSerialization.data(withJSONObject: set(object, path[...]))) ?? Data()
    }
}

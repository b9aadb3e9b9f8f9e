import AnonCreds
import Foundation
import JSONModel
import VellumTestSupport

/// The schema and credential definition anoncreds-rs 0.2.3 made for the AnonCreds tests
/// (`Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json`), under their identifiers, and
/// the same objects re-filed under legacy Indy identifiers.
enum PublicEntityFixture {
    static let fixture: JSONValue = {
        let url = PackageRoot.url.appendingPathComponent("Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json")
        return (try? JSONValue(parsing: Data(contentsOf: url))) ?? [:]
    }()

    static func json(_ name: String) -> Data { fixture[name]?.serialized() ?? Data() }

    static var schemaID: String { fixture["schema_id"]?.stringValue ?? "" }
    static var definitionID: String { fixture["cred_def_id"]?.stringValue ?? "" }
    static var schema: Schema { get throws { try Schema(jsonData: json("schema")) } }
    static var definition: CredentialDefinition { get throws { try CredentialDefinition(jsonData: json("cred_def")) } }

    /// An Indy DID (unqualified, 22 base58 characters).
    static let legacyDID = "WgWxqztrNooG92RXvxSTWv"
    static var legacySchemaID: String { "\(legacyDID):2:vellum-test:1.0" }
    static var legacyDefinitionID: String { "\(legacyDID):3:CL:\(legacySchemaID):default" }

    /// The fixture's schema as the legacy issuer's.
    static var legacySchema: Schema {
        get throws {
            var schema = try schema
            schema.issuerID = legacyDID
            return schema
        }
    }

    /// The fixture's key as the legacy issuer's definition for the legacy schema.
    static var legacyDefinition: CredentialDefinition {
        get throws {
            var definition = try definition
            definition.issuerID = legacyDID
            definition.schemaID = legacySchemaID
            return definition
        }
    }
}

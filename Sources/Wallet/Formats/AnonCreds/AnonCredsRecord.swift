import AnonCreds
import Foundation
import JSONModel

/// What the wallet keeps of an AnonCreds credential: the processed credential with the schema
/// and credential definition it was issued under, so it can be shown and checked again
/// without a ledger or registry, and a proof made from it later needs no network.
///
/// Stored as JSON `{"credential", "schema", "credentialDefinition"}`, each member as
/// anoncreds-rs writes the object, and `attachments` when the credential came with files
/// (``CredentialAttachment``; a record without the member, as earlier versions wrote, has none).
struct AnonCredsRecord: Sendable {
    var credential: Credential
    var schema: Schema
    var definition: CredentialDefinition
    var attachments: [CredentialAttachment] = []

    /// The largest record read, in bytes (a 125-attribute definition is about 60 kB).
    static let maximumBytes = 1 << 20

    init(credential: Credential, schema: Schema, definition: CredentialDefinition, attachments: [CredentialAttachment] = []) {
        self.credential = credential
        self.schema = schema
        self.definition = definition
        self.attachments = attachments
    }

    /// Reads a stored record.
    init(payload: Data) throws(AnonCredsError) {
        guard payload.count <= Self.maximumBytes else { throw .malformedJSON("the record is over \(Self.maximumBytes) bytes") }
        guard let object = try? JSONValue(parsing: payload).objectValue,
              let credential = object["credential"], let schema = object["schema"], let definition = object["credentialDefinition"]
        else { throw .malformedJSON("not a stored AnonCreds record") }
        self.credential = try Credential(jsonData: credential.serialized())
        self.schema = try Schema(jsonData: schema.serialized())
        self.definition = try CredentialDefinition(jsonData: definition.serialized())
        switch object["attachments"] {
        case nil: attachments = []
        case .array(let values)? where values.count <= CredentialAttachment.maximumCount:
            attachments = try values.map { value throws(AnonCredsError) in
                guard let attachment = CredentialAttachment(json: value) else { throw .malformedJSON("a stored attachment does not read") }
                return attachment
            }
        default: throw .malformedJSON("the record's attachments are not a list of at most \(CredentialAttachment.maximumCount)")
        }
    }

    /// The bytes to store.
    var payload: Data {
        var object = JSONObject()
        for (name, data) in [("credential", credential.jsonData()), ("schema", schema.jsonData()), ("credentialDefinition", definition.jsonData())] {
            object[name] = (try? JSONValue(parsing: data)) ?? .null
        }
        if !attachments.isEmpty { object["attachments"] = .array(attachments.map(\.json)) }
        return JSONValue.object(object).serialized()
    }

    /// The attributes by name, raw values as issued.
    var attributes: JSONObject {
        JSONObject(credential.values.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value.raw)) })
    }
}

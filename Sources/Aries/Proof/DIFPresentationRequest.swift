import DCQL
import JSONModel
import W3CCredentials

/// The attachment of `dif/presentation-exchange/definitions@v1.0` (RFC 0510): the verifier's
/// `options` (`challenge`, `domain`) and its DIF Presentation Exchange `presentation_definition`.
///
/// Read is the subset ACA-Py 1.7 sends: each input descriptor's `schema` (a list of `{uri,
/// required}`, or `{"oneof_filter": [[…]]}`) and `constraints.fields` with the definite JSONPath
/// subset and the JSON Schema filter keywords of DCQL's ``PresentationDefinition`` (which reads
/// the rest); submission requirements `all` and `pick` over groups. Anything this holder does
/// not evaluate — `limit_disclosure: required` (BBS+ derivation), `is_holder`,
/// `subject_is_issuer: required`, status constraints, a field `predicate`, nested requirements,
/// other filter keywords, recursive JSONPath — is refused as
/// ``AriesError/unsupportedDefinition(reason:)``, never answered as if it held.
public struct DIFPresentationRequest: Sendable, Hashable {
    /// One `schema` entry of a descriptor.
    public struct SchemaURI: Sendable, Hashable {
        /// `uri`: a credential type's IRI or a `credentialSchema` id.
        public var uri: String
        /// `required`.
        public var required: Bool
    }

    /// `options.challenge`: the presentation proof must carry it.
    public let challenge: String?
    /// `options.domain`.
    public let domain: String?
    /// The presentation definition.
    public let definition: PresentationDefinition
    /// Each descriptor's `schema` groups, by descriptor id (absent: no schema constraint).
    public let schemas: [String: [[SchemaURI]]]

    /// At most this many `schema` URIs are read per descriptor.
    public static let maximumSchemaURIs = 64

    /// Reads the attachment.
    public init(_ object: JSONObject) throws(AriesError) {
        let options = object["options"]?.objectValue ?? [:]
        challenge = options["challenge"]?.stringValue
        domain = options["domain"]?.stringValue
        guard let json = object["presentation_definition"], let descriptors = json["input_descriptors"]?.arrayValue else {
            throw .malformedMessage(reason: "the request has no presentation_definition with input_descriptors")
        }
        var schemas: [String: [[SchemaURI]]] = [:]
        for descriptor in descriptors {
            let id = descriptor["id"]?.stringValue ?? ""
            try Self.refuseUnsupported(descriptor, id: id)
            if let schema = descriptor["schema"] { schemas[id] = try Self.schemaGroups(schema, id: id) }
        }
        do { definition = try PresentationDefinition(json: json) } catch {
            throw .unsupportedDefinition(reason: error.description)
        }
        self.schemas = schemas
    }

    private static func refuseUnsupported(_ descriptor: JSONValue, id: String) throws(AriesError) {
        let constraints = descriptor["constraints"]
        if constraints?["limit_disclosure"]?.stringValue == "required" {
            throw .unsupportedDefinition(reason: "\(id): limit_disclosure required (BBS+ derived credentials)")
        }
        if constraints?["is_holder"] != nil { throw .unsupportedDefinition(reason: "\(id): is_holder") }
        if constraints?["subject_is_issuer"]?.stringValue == "required" {
            throw .unsupportedDefinition(reason: "\(id): subject_is_issuer required")
        }
        for name in ["status_active", "status_suspended", "status_revoked"] where constraints?[name] != nil {
            throw .unsupportedDefinition(reason: "\(id): \(name)")
        }
        for field in constraints?["fields"]?.arrayValue ?? [] where field["predicate"] != nil {
            throw .unsupportedDefinition(reason: "\(id): a field predicate (derived predicates)")
        }
    }

    private static func schemaGroups(_ value: JSONValue, id: String) throws(AriesError) -> [[SchemaURI]] {
        func entries(_ array: [JSONValue]) throws(AriesError) -> [SchemaURI] {
            try array.map { entry throws(AriesError) in
                guard let uri = entry["uri"]?.stringValue else { throw .malformedMessage(reason: "\(id): a schema entry has no uri") }
                return SchemaURI(uri: uri, required: entry["required"]?.boolValue ?? false)
            }
        }
        let groups: [[SchemaURI]]
        if let array = value.arrayValue {
            groups = [try entries(array)]
        } else if let oneOf = value["oneof_filter"]?.arrayValue {
            groups = try oneOf.map { group throws(AriesError) in
                guard let array = group.arrayValue else { throw .malformedMessage(reason: "\(id): oneof_filter holds a non-array") }
                return try entries(array)
            }
        } else {
            throw .malformedMessage(reason: "\(id): schema is neither a list nor a oneof_filter")
        }
        guard groups.reduce(0, { $0 + $1.count }) <= maximumSchemaURIs else {
            throw .malformedMessage(reason: "\(id): more than \(maximumSchemaURIs) schema URIs")
        }
        return groups
    }

    /// The expanded type of every VC Data Model 1.1 credential, which ACA-Py lets a schema
    /// group look past to a more specific entry.
    static let verifiableCredentialType = "https://www.w3.org/2018/credentials#VerifiableCredential"

    /// Whether a credential with these expanded types and schema ids meets a descriptor's
    /// `schema` groups, as ACA-Py decides it: within a group, entries in order; a required
    /// entry that does not match ends the group unmet, any other match ends it met, except the
    /// generic VerifiableCredential type, after which the next entries are still read.
    /// For each input descriptor id, the indices of the `credentials` that answer it: they
    /// meet its `schema` (types as IRIs, or `credentialSchema` ids) and every required field (a
    /// path that selects a value the filter accepts). What a holder is shown before it
    /// presents; a descriptor nothing answers has an empty list.
    public func candidates(among credentials: [JSONValue]) async -> [String: [Int]] {
        var identifiers: [Set<String>] = []
        for document in credentials {
            guard let credential = try? VerifiableCredential(json: document) else { identifiers.append([]); continue }
            var ids = Set((try? await credential.expandedTypes()) ?? [])
            let schemas = document["credentialSchema"].map { $0.arrayValue ?? [$0] } ?? []
            ids.formUnion(schemas.compactMap { $0["id"]?.stringValue })
            identifiers.append(ids)
        }
        var candidates: [String: [Int]] = [:]
        for descriptor in definition.inputDescriptors {
            candidates[descriptor.id] = credentials.indices.filter { index in
                if let groups = schemas[descriptor.id], !Self.schemasMet(groups, identifiers: identifiers[index]) { return false }
                return descriptor.fields.filter { !$0.isOptional }.allSatisfy { field in
                    field.paths.contains { path in
                        guard let selected = try? path.select(in: credentials[index]) else { return false }
                        return selected.contains { field.filter?.accepts($0.value) ?? true }
                    }
                }
            }
        }
        return candidates
    }

    static func schemasMet(_ groups: [[SchemaURI]], identifiers: Set<String>) -> Bool {
        var applicable = false
        for group in groups {
            if applicable { return true }
            for entry in group {
                applicable = identifiers.contains(entry.uri)
                if entry.required && !applicable { break }
                if applicable && entry.uri != verifiableCredentialType { break }
            }
        }
        return applicable
    }
}

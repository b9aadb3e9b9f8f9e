import Foundation
import JSONModel

extension DIDDocument {
    /// Reads a DID document from its JSON representation.
    ///
    /// Checks the types of every member this model knows (DID Core §5), that `id`,
    /// `controller` and verification method controllers are DIDs, that ids are DID URLs
    /// (absolute or relative), that no two verification methods share an id, and the
    /// ``maximumEntries`` limit. Unknown members are kept, not judged.
    public init(json: JSONValue) throws(DIDError) {
        guard case .object(var object) = json else { throw .invalidDocument(reason: "not a JSON object") }
        guard let idValue = object["id"] else { throw .invalidDocument(reason: "missing id") }
        let id = try DIDIdentifier(DIDJSON.string(idValue, member: "id"))
        object["id"] = nil

        var context: [JSONValue] = []
        if let value = object["@context"] {
            switch value {
            case .array(let elements): context = elements
            case .string, .object: context = [value]
            default: throw .invalidDocument(reason: "@context must be a string, an object or an array")
            }
            object["@context"] = nil
        }

        var controller: [DIDIdentifier] = []
        if let value = object["controller"] {
            for string in try DIDJSON.strings(value, member: "controller") { controller.append(try DIDIdentifier(string)) }
            object["controller"] = nil
        }

        var alsoKnownAs: [String] = []
        if let value = object["alsoKnownAs"] {
            guard case .array = value else { throw .invalidDocument(reason: "alsoKnownAs must be an array") }
            alsoKnownAs = try DIDJSON.strings(value, member: "alsoKnownAs")
            object["alsoKnownAs"] = nil
        }

        var methods: [VerificationMethod] = []
        if let value = object["verificationMethod"] {
            let elements = try DIDJSON.array(value, member: "verificationMethod")
            for element in elements { methods.append(try VerificationMethod(json: element, documentID: id)) }
            object["verificationMethod"] = nil
        }

        var relationships: [VerificationRelationship: [VerificationMethodReference]] = [:]
        for relationship in VerificationRelationship.allCases {
            guard let value = object[relationship.rawValue] else { continue }
            var entries: [VerificationMethodReference] = []
            for element in try DIDJSON.array(value, member: relationship.rawValue) {
                switch element {
                case .string(let reference):
                    _ = try DIDURL(reference, relativeTo: id)
                    entries.append(.reference(reference))
                case .object:
                    entries.append(.embedded(try VerificationMethod(json: element, documentID: id)))
                default:
                    throw .invalidDocument(reason: "\(relationship.rawValue) entries must be strings or objects")
                }
            }
            relationships[relationship] = entries
            object[relationship.rawValue] = nil
        }

        var services: [DIDService] = []
        if let value = object["service"] {
            for element in try DIDJSON.array(value, member: "service") {
                services.append(try DIDService(json: element, documentID: id))
            }
            object["service"] = nil
        }

        self.init(
            context: context, id: id, controller: controller, alsoKnownAs: alsoKnownAs,
            verificationMethod: methods, authentication: relationships[.authentication] ?? [],
            assertionMethod: relationships[.assertionMethod] ?? [], keyAgreement: relationships[.keyAgreement] ?? [],
            capabilityInvocation: relationships[.capabilityInvocation] ?? [],
            capabilityDelegation: relationships[.capabilityDelegation] ?? [], service: services,
            additionalMembers: object
        )
        try checkUniqueMethodIDs()
    }

    /// Parses a DID document from JSON bytes, with the JSON parser's limits.
    public init(jsonData: some DataProtocol) throws(DIDError) {
        let value: JSONValue
        do {
            value = try JSONParser().parse(jsonData)
        } catch {
            throw .invalidDocument(reason: "not JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// The JSON representation: members in the order DID Core lists them, empty ones omitted,
    /// a single controller or service type written as a string.
    public var json: JSONValue {
        var object = JSONObject()
        if !context.isEmpty { object["@context"] = .array(context) }
        object["id"] = .string(id.description)
        if controller.count == 1 {
            object["controller"] = .string(controller[0].description)
        } else if !controller.isEmpty {
            object["controller"] = .array(controller.map { .string($0.description) })
        }
        if !alsoKnownAs.isEmpty { object["alsoKnownAs"] = .array(alsoKnownAs.map(JSONValue.string)) }
        if !verificationMethod.isEmpty { object["verificationMethod"] = .array(verificationMethod.map(\.json)) }
        for relationship in VerificationRelationship.allCases where !self[relationship].isEmpty {
            object[relationship.rawValue] = .array(
                self[relationship].map { entry in
                    switch entry {
                    case .reference(let reference): return .string(reference)
                    case .embedded(let method): return method.json
                    }
                })
        }
        if !service.isEmpty { object["service"] = .array(service.map(\.json)) }
        for (name, value) in additionalMembers where !object.contains(name) { object[name] = value }
        return .object(object)
    }

    private func checkUniqueMethodIDs() throws(DIDError) {
        var embedded: [VerificationMethod] = []
        for relationship in VerificationRelationship.allCases {
            for case .embedded(let method) in self[relationship] { embedded.append(method) }
        }
        let all = verificationMethod + embedded
        guard all.count + authentication.count + assertionMethod.count + keyAgreement.count
            + capabilityInvocation.count + capabilityDelegation.count + service.count
            <= 6 * DIDDocument.maximumEntries,
            verificationMethod.count <= DIDDocument.maximumEntries, service.count <= DIDDocument.maximumEntries
        else { throw .invalidDocument(reason: "more than \(DIDDocument.maximumEntries) entries") }
        var seen = Set<DIDURL>()
        for method in all {
            let absolute = try method.absoluteID(relativeTo: id)
            guard seen.insert(absolute).inserted else {
                throw .invalidDocument(reason: "duplicate verification method id \(absolute)")
            }
        }
    }
}

extension VerificationMethod {
    init(json: JSONValue, documentID: DIDIdentifier) throws(DIDError) {
        guard case .object(var object) = json else {
            throw .invalidDocument(reason: "verification method must be an object")
        }
        guard let idValue = object["id"], let typeValue = object["type"] else {
            throw .invalidDocument(reason: "verification method needs id and type")
        }
        let id = try DIDJSON.string(idValue, member: "verificationMethod.id")
        _ = try DIDURL(id, relativeTo: documentID)
        let type = try DIDJSON.string(typeValue, member: "verificationMethod.type")
        var controller: DIDIdentifier?
        if let value = object["controller"] {
            controller = try DIDIdentifier(DIDJSON.string(value, member: "verificationMethod.controller"))
        }
        var jwk: JSONObject?
        if let value = object["publicKeyJwk"] {
            guard case .object(let members) = value else {
                throw .invalidDocument(reason: "publicKeyJwk must be an object")
            }
            guard !members.contains("d") else {
                throw .invalidDocument(reason: "publicKeyJwk contains a private key")
            }
            jwk = members
        }
        let multibase = try object["publicKeyMultibase"].map { (value) throws(DIDError) in
            try DIDJSON.string(value, member: "publicKeyMultibase")
        }
        let base58 = try object["publicKeyBase58"].map { (value) throws(DIDError) in
            try DIDJSON.string(value, member: "publicKeyBase58")
        }
        for name in ["id", "type", "controller", "publicKeyJwk", "publicKeyMultibase", "publicKeyBase58"] {
            object[name] = nil
        }
        self.init(
            id: id, type: type, controller: controller, publicKeyJwk: jwk, publicKeyMultibase: multibase,
            publicKeyBase58: base58, additionalMembers: object)
    }

    /// The JSON representation of this method.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["type"] = .string(type)
        if let controller { object["controller"] = .string(controller.description) }
        if let publicKeyJwk { object["publicKeyJwk"] = .object(publicKeyJwk) }
        if let publicKeyMultibase { object["publicKeyMultibase"] = .string(publicKeyMultibase) }
        if let publicKeyBase58 { object["publicKeyBase58"] = .string(publicKeyBase58) }
        for (name, value) in additionalMembers where !object.contains(name) { object[name] = value }
        return .object(object)
    }
}

extension DIDService {
    init(json: JSONValue, documentID: DIDIdentifier) throws(DIDError) {
        guard case .object(var object) = json else { throw .invalidDocument(reason: "service must be an object") }
        guard let idValue = object["id"], let typeValue = object["type"], let endpoint = object["serviceEndpoint"] else {
            throw .invalidDocument(reason: "service needs id, type and serviceEndpoint")
        }
        let id = try DIDJSON.string(idValue, member: "service.id")
        guard !id.isEmpty else { throw .invalidDocument(reason: "service id is empty") }
        let types = try DIDJSON.strings(typeValue, member: "service.type")
        guard !types.isEmpty else { throw .invalidDocument(reason: "service type is empty") }
        switch endpoint {
        case .string, .object: break
        case .array(let elements):
            for element in elements {
                switch element {
                case .string, .object: continue
                default: throw .invalidDocument(reason: "serviceEndpoint entries must be strings or maps")
                }
            }
        default: throw .invalidDocument(reason: "serviceEndpoint must be a string, a map or an array")
        }
        for name in ["id", "type", "serviceEndpoint"] { object[name] = nil }
        self.init(id: id, types: types, serviceEndpoint: endpoint, additionalMembers: object)
    }

    /// The JSON representation of this service.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["type"] = types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string))
        object["serviceEndpoint"] = serviceEndpoint
        for (name, value) in additionalMembers where !object.contains(name) { object[name] = value }
        return .object(object)
    }
}

/// Type checks shared by the document readers.
enum DIDJSON {
    static func string(_ value: JSONValue, member: String) throws(DIDError) -> String {
        guard case .string(let string) = value else { throw .invalidDocument(reason: "\(member) must be a string") }
        return string
    }

    static func array(_ value: JSONValue, member: String) throws(DIDError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw .invalidDocument(reason: "\(member) must be an array") }
        guard elements.count <= DIDDocument.maximumEntries else {
            throw .invalidDocument(reason: "\(member) has more than \(DIDDocument.maximumEntries) entries")
        }
        return elements
    }

    /// A string or an array of strings.
    static func strings(_ value: JSONValue, member: String) throws(DIDError) -> [String] {
        switch value {
        case .string(let string): return [string]
        case .array(let elements):
            guard elements.count <= DIDDocument.maximumEntries else {
                throw .invalidDocument(reason: "\(member) has more than \(DIDDocument.maximumEntries) entries")
            }
            var strings: [String] = []
            for element in elements { strings.append(try string(element, member: member)) }
            return strings
        default: throw .invalidDocument(reason: "\(member) must be a string or an array of strings")
        }
    }
}

import Foundation
import JSONModel

/// The `~ledger` decorator: where the sender of an out-of-band invitation, a credential offer
/// or a proof request publishes the schemas and credential definitions it names, for agents
/// that share no Indy ledger.
///
/// `{"schema": "https://issuer.example/ledger/schema/{id}", "cred_def":
/// "https://issuer.example/ledger/cred_def/{id}"}`: `{id}` is replaced by the percent-encoded
/// `schema_id` or `cred_def_id` (every byte but the RFC 3986 unreserved characters, so an id's
/// `/` or `:` cannot change the path), and a `GET` of the result returns the object's JSON
/// (``HTTPAnonCredsRegistry``). Both templates are checked when read: text within
/// ``maximumTemplateBytes``, one `{id}`, an absolute `http`/`https` URL once filled in. Which
/// hosts may then be reached is the HTTP client's policy (https, or http to loopback only).
///
/// The Aries protocols read it from a message with ``init(decorating:)`` and hand it over.
public struct LedgerDecorator: Sendable, Hashable {
    /// The decorator's member name in a DIDComm message.
    public static let decoratorName = "~ledger"
    /// What a template's identifier is written as.
    public static let placeholder = "{id}"
    /// The longest template read, in UTF-8 bytes.
    public static let maximumTemplateBytes = 2048

    /// The schema URL template (member `schema`).
    public let schemaTemplate: String
    /// The credential definition URL template (member `cred_def`).
    public let credentialDefinitionTemplate: String

    /// A decorator from its two templates, each checked.
    public init(schemaTemplate: String, credentialDefinitionTemplate: String) throws(AnonCredsRegistryError) {
        try Self.check(schemaTemplate, member: PublicEntityKind.schema.pathSegment)
        try Self.check(credentialDefinitionTemplate, member: PublicEntityKind.credentialDefinition.pathSegment)
        self.schemaTemplate = schemaTemplate
        self.credentialDefinitionTemplate = credentialDefinitionTemplate
    }

    /// The convention's layout under `baseURL`: `BASE/ledger/schema/{id}` and
    /// `BASE/ledger/cred_def/{id}` (what the sandbox serves).
    public init(baseURL: URL) throws(AnonCredsRegistryError) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        try self.init(
            schemaTemplate: "\(base)/ledger/\(PublicEntityKind.schema.pathSegment)/\(Self.placeholder)",
            credentialDefinitionTemplate: "\(base)/ledger/\(PublicEntityKind.credentialDefinition.pathSegment)/\(Self.placeholder)")
    }

    /// The decorator's value: an object with string members `schema` and `cred_def` (other
    /// members are ignored, as DIDComm readers ignore what they do not know).
    public init(json: JSONValue) throws(AnonCredsRegistryError) {
        guard let object = json.objectValue else { throw .invalidLedger("the decorator is not an object") }
        func template(_ kind: PublicEntityKind) throws(AnonCredsRegistryError) -> String {
            guard let text = object[kind.pathSegment]?.stringValue else {
                throw .invalidLedger("member \(kind.pathSegment) is missing or not a string")
            }
            return text
        }
        try self.init(schemaTemplate: try template(.schema), credentialDefinitionTemplate: try template(.credentialDefinition))
    }

    /// The `~ledger` decorator of `message` (a DIDComm message's members), or `nil` when it
    /// has none; one that is there but unusable is an error, not ignored.
    public init?(decorating message: JSONObject) throws(AnonCredsRegistryError) {
        guard let value = message[Self.decoratorName] else { return nil }
        try self.init(json: value)
    }

    /// The decorator's value, as a message carries it.
    public var json: JSONValue {
        [PublicEntityKind.schema.pathSegment: .string(schemaTemplate),
         PublicEntityKind.credentialDefinition.pathSegment: .string(credentialDefinitionTemplate)]
    }

    /// The template for `kind`.
    public func template(for kind: PublicEntityKind) -> String {
        switch kind {
        case .schema: schemaTemplate
        case .credentialDefinition: credentialDefinitionTemplate
        }
    }

    /// The URL of the object of `kind` named `id`.
    public func url(for kind: PublicEntityKind, id: String) throws(AnonCredsRegistryError) -> URL {
        let filled = template(for: kind).replacingOccurrences(of: Self.placeholder, with: IdentifierPathSegment.encode(id))
        guard let url = Self.httpURL(filled) else { throw .invalidLedger("\(kind.pathSegment) URL for \(id) is not a URL") }
        return url
    }

    private static func check(_ template: String, member: String) throws(AnonCredsRegistryError) {
        guard template.utf8.count <= maximumTemplateBytes else {
            throw .invalidLedger("\(member) is longer than \(maximumTemplateBytes) bytes")
        }
        guard template.components(separatedBy: placeholder).count == 2 else {
            throw .invalidLedger("\(member) must contain \(placeholder) exactly once")
        }
        guard httpURL(template.replacingOccurrences(of: placeholder, with: "x")) != nil else {
            throw .invalidLedger("\(member) is not an absolute http or https URL")
        }
    }

    /// `text` as an absolute `http`/`https` URL with a host, else `nil`.
    private static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

/// What a ``Restriction`` is checked against: the identifiers of a credential's schema and
/// credential definition (anoncreds-rs' filter) and the attribute values whoever checks can see.
///
/// The holder and the verifier see different things, and anoncreds-rs' tags mean different
/// things to each: the holder knows every value of its credential, so `attr::NAME::value` is
/// that value and `attr::NAME::marker` says the credential has the attribute (a wallet's tags);
/// the verifier knows only what was revealed, so anoncreds-rs checks `attr::NAME::value` only
/// against a revealed value of a requested name. The holder checks both views before proving, so
/// it never sends a proof anoncreds-rs would refuse.
public struct RestrictionSubject: Sendable, Hashable {
    public var schemaID: String
    /// The schema's name, version and issuer, when the schema is known.
    public var schemaName: String?
    public var schemaVersion: String?
    public var schemaIssuerID: String?
    /// The credential definition's issuer.
    public var issuerID: String
    public var credentialDefinitionID: String
    public var attributes: Attributes

    /// The attribute values visible to whoever checks.
    public enum Attributes: Sendable, Hashable {
        /// The holder's view: every attribute of the credential, by canonical name
        /// (``AttributeName/canonical(_:)``), with its raw value.
        case credential([String: String])
        /// The verifier's view, as anoncreds-rs builds it: each requested name (as the request
        /// spells it) with its revealed raw value, or `nil` when it is proven hidden.
        case presented([String: String?])
    }

    public init(
        schemaID: String, schema: Schema?, credentialDefinitionID: String, definition: CredentialDefinition,
        attributes: Attributes
    ) {
        self.schemaID = schemaID
        schemaName = schema?.name
        schemaVersion = schema?.version
        schemaIssuerID = schema?.issuerID
        issuerID = definition.issuerID
        self.credentialDefinitionID = credentialDefinitionID
        self.attributes = attributes
    }

    /// The holder's view of a credential.
    public init(credential: Credential, schema: Schema?, definition: CredentialDefinition) {
        var values: [String: String] = [:]
        for (name, value) in credential.values { values[AttributeName.canonical(name)] = value.raw }
        self.init(
            schemaID: credential.schemaID, schema: schema, credentialDefinitionID: credential.credentialDefinitionID,
            definition: definition, attributes: .credential(values))
    }

    /// Whether the tag has the value. The legacy `issuer_did` and `schema_issuer_did` tags match
    /// only a legacy (unqualified Indy) issuer, as in anoncreds-rs; an unknown tag never matches.
    func tag(_ tag: String, is value: String) -> Bool {
        switch tag {
        case "schema_id": return schemaID == value
        case "schema_name": return schemaName == value
        case "schema_version": return schemaVersion == value
        case "cred_def_id": return credentialDefinitionID == value
        case "issuer_id": return issuerID == value
        case "schema_issuer_id": return schemaIssuerID == value
        case "issuer_did": return AnonCredsIdentifier.isLegacy(issuerID, as: .issuer) && issuerID == value
        case "schema_issuer_did":
            guard let schemaIssuerID else { return false }
            return AnonCredsIdentifier.isLegacy(schemaIssuerID, as: .issuer) && schemaIssuerID == value
        default: return attributeTag(tag, is: value)
        }
    }

    /// `attr::NAME::value` and `attr::NAME::marker`, in the view of whoever checks.
    private func attributeTag(_ tag: String, is value: String) -> Bool {
        let parsed = Self.attributeTag(tag)
        switch attributes {
        case .credential(let values):
            guard let (name, kind) = parsed, let raw = values[AttributeName.canonical(name)] else { return false }
            return kind == .value ? raw == value : value == "1"
        case .presented(let values):
            // anoncreds-rs: a tag on a requested name compares a revealed value with the tag's
            // value (the marker too) and lets a hidden one pass; a marker on any other name
            // passes; anything else is an unknown filter.
            if let (name, _) = parsed, let shown = values[name] {
                return shown.map { $0 == value } ?? true
            }
            return tag.hasPrefix("attr::") && tag.hasSuffix("::marker")
        }
    }

    enum AttributeTagKind { case value, marker }

    /// `attr::NAME::value` or `attr::NAME::marker` with a NAME free of colons.
    static func attributeTag(_ tag: String) -> (name: String, kind: AttributeTagKind)? {
        let parts = tag.split(separator: "::", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "attr", !parts[1].isEmpty, !parts[1].contains(":") else { return nil }
        switch parts[2] {
        case "value": return (String(parts[1]), .value)
        case "marker": return (String(parts[1]), .marker)
        default: return nil
        }
    }
}

extension Restriction {
    /// Whether the subject meets the restriction, as anoncreds-rs evaluates it (an operator its
    /// verifier does not support is never met).
    public func isMet(by subject: RestrictionSubject) -> Bool {
        switch self {
        case .all(let conditions): conditions.allSatisfy { $0.isMet(by: subject) }
        case .any(let conditions): conditions.contains { $0.isMet(by: subject) }
        case .not(let condition): !condition.isMet(by: subject)
        case .equals(let tag, let value): subject.tag(tag, is: value)
        case .notEquals(let tag, let value): !subject.tag(tag, is: value)
        case .oneOf(let tag, let values): values.contains { subject.tag(tag, is: $0) }
        case .unsupported: false
        }
    }
}

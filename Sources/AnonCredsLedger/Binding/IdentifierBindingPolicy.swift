import AnonCreds

/// The decision whether a resolved schema or credential definition is the one its identifier
/// names: each member the identifier states (``IdentifierClaims``) must be the object's.
///
/// Every registry applies it before handing an object back, so whichever served the bytes —
/// a URL from a `~ledger` decorator the issuer chose, a file — cannot substitute another
/// issuer's key or schema under a known identifier. Compose a looser policy on purpose only:
/// ``allowsUnboundIdentifiers`` accepts identifiers that name no issuer (plain URLs), whose
/// objects nothing ties to anyone.
public struct IdentifierBindingPolicy: Sendable, Hashable {
    /// Whether an identifier naming no issuer (``IdentifierClaims/Form/opaque``) is accepted
    /// with nothing checked. Default `false`: refused with
    /// ``AnonCredsRegistryError/unboundIdentifier(id:)``.
    public var allowsUnboundIdentifiers: Bool

    /// A policy; by default every identifier must name the issuer it is checked against.
    public init(allowsUnboundIdentifiers: Bool = false) {
        self.allowsUnboundIdentifiers = allowsUnboundIdentifiers
    }

    /// The default: the identifier must name an issuer, and everything it names must match.
    public static let standard = IdentifierBindingPolicy()

    /// Checks `schema` against the identifier `id` it was resolved for.
    public func check(_ schema: Schema, id: String) throws(AnonCredsRegistryError) {
        let claims = IdentifierClaims(schemaID: id)
        try checkIssuer(schema.issuerID, claims: claims, id: id)
        try Self.match("name", claims.name, schema.name, id: id)
        try Self.match("version", claims.version, schema.version, id: id)
    }

    /// Checks `definition` against the identifier `id` it was resolved for.
    public func check(_ definition: CredentialDefinition, id: String) throws(AnonCredsRegistryError) {
        let claims = IdentifierClaims(credentialDefinitionID: id)
        try checkIssuer(definition.issuerID, claims: claims, id: id)
        try Self.match("tag", claims.tag, definition.tag, id: id)
        // A legacy identifier may name its schema by the ledger's sequence number (`…:3:CL:20:tag`),
        // which the definition's JSON writes as the schema's id instead: no member states the
        // number to compare, so only a reference that is not a bare number is matched.
        let reference = claims.schemaReference.flatMap { $0.allSatisfy(\.isASCIIDigit) && $0 != definition.schemaID ? nil : $0 }
        try Self.match("schemaId", reference, definition.schemaID, id: id)
    }

    private func checkIssuer(_ issuerID: String, claims: IdentifierClaims, id: String) throws(AnonCredsRegistryError) {
        guard let expected = claims.issuerID else {
            if allowsUnboundIdentifiers { return }
            throw .unboundIdentifier(id: id)
        }
        // A legacy identifier's DID is unqualified; `did:sov:` is its qualified spelling.
        let same = issuerID == expected || (claims.form == .legacy && issuerID == "did:sov:" + expected)
        guard same else { throw .identifierMismatch(id: id, member: "issuerId", expected: expected, found: issuerID) }
    }

    private static func match(_ member: String, _ expected: String?, _ found: String, id: String) throws(AnonCredsRegistryError) {
        guard let expected, expected != found else { return }
        throw .identifierMismatch(id: id, member: member, expected: expected, found: found)
    }
}

extension Character {
    /// `0`–`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

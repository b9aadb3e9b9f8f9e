import AnonCreds

/// What an identifier says about the object it names — the evidence a resolved object is
/// checked against (``IdentifierBindingPolicy`` judges it).
///
/// AnonCreds identifiers are not opaque where it matters: a legacy Indy schema id
/// `DID:2:NAME:VERSION` names its issuer, name and version, a legacy credential definition id
/// `DID:3:CL:SCHEMA:TAG` its issuer, schema (the schema's ledger sequence number or its id)
/// and tag; `did:indy` identifiers (`did:indy:NS:DID/anoncreds/v0/SCHEMA/NAME/VERSION`,
/// `…/CLAIM_DEF/SEQNO/TAG`) the same in a path; any other DID URL (cheqd's resources,
/// `did:web` paths) at least its issuer, the DID before the path. Only an identifier that is
/// no DID URL at all (an `https` URL, say) names nothing.
public struct IdentifierClaims: Sendable, Hashable {
    /// How the identifier was read.
    public enum Form: String, Sendable, Hashable {
        /// `DID:2:…` or `DID:3:CL:…`, as Indy ledgers wrote them before `did:indy`.
        case legacy
        /// `did:indy:NAMESPACE:DID/anoncreds/v0/…`.
        case didIndy
        /// A DID with a path, query or fragment: only the DID (the issuer) is read.
        case didURL
        /// Anything else: the identifier names nothing that can be checked.
        case opaque
    }

    /// How the identifier was read.
    public var form: Form
    /// The issuer the identifier names.
    public var issuerID: String?
    /// The schema name (schemas).
    public var name: String?
    /// The schema version (schemas).
    public var version: String?
    /// The tag (credential definitions).
    public var tag: String?
    /// The schema a legacy credential definition id names: the schema's sequence number on its
    /// ledger, or its identifier.
    public var schemaReference: String?

    /// What the schema identifier `id` names.
    public init(schemaID id: String) {
        self.init(form: .opaque)
        if AnonCredsIdentifier.isLegacy(id, as: .schema) {
            // DID:2:NAME:VERSION
            let parts = id.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            form = .legacy
            issuerID = parts[0]
            name = parts[2]
            version = parts[3]
        } else if let indy = Self.didIndy(id), indy.path.count == 3, indy.path[0] == "SCHEMA" {
            form = .didIndy
            issuerID = indy.issuer
            name = indy.path[1]
            version = indy.path[2]
        } else {
            readDIDURL(id)
        }
    }

    /// What the credential definition identifier `id` names.
    public init(credentialDefinitionID id: String) {
        self.init(form: .opaque)
        if AnonCredsIdentifier.isLegacy(id, as: .credentialDefinition) {
            // DID:3:CL:SEQNO:TAG (5 parts) or DID:3:CL:DID:2:NAME:VERSION:TAG (8 parts).
            let parts = id.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            form = .legacy
            issuerID = parts[0]
            tag = parts[parts.count - 1]
            schemaReference = parts[3..<(parts.count - 1)].joined(separator: ":")
        } else if let indy = Self.didIndy(id), indy.path.count == 3, indy.path[0] == "CLAIM_DEF" {
            form = .didIndy
            issuerID = indy.issuer
            tag = indy.path[2]
        } else {
            readDIDURL(id)
        }
    }

    private init(form: Form) { self.form = form }

    /// A `did:indy` object identifier's issuer DID and the path after `/anoncreds/v0/`.
    private static func didIndy(_ id: String) -> (issuer: String, path: [String])? {
        guard id.hasPrefix("did:indy:"), let range = id.range(of: "/anoncreds/v0/") else { return nil }
        let path = id[range.upperBound...].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard path.allSatisfy({ !$0.isEmpty }) else { return nil }
        return (String(id[..<range.lowerBound]), path)
    }

    /// The DID of a DID URL with a path, query or fragment.
    private mutating func readDIDURL(_ id: String) {
        guard id.hasPrefix("did:"), let end = id.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return }
        let did = id[..<end]
        guard did.split(separator: ":", omittingEmptySubsequences: false).count >= 3, !did.hasSuffix(":") else { return }
        form = .didURL
        issuerID = String(did)
    }
}

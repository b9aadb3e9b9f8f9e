import JSONModel

/// A W3C verifiable presentation (VC Data Model 1.1 or 2.0): `@context` with the base
/// context first, `type` including `VerifiablePresentation`, an optional `holder`, and the
/// credentials it carries, each read as a ``VerifiableCredential`` (a JWT-secured one, a
/// string, is kept apart for the JOSE path).
public struct VerifiablePresentation: Sendable, Hashable {
    /// The document as received.
    public let json: JSONValue
    /// The data model version.
    public let version: VCDataModelVersion
    /// The `id`, if any.
    public let id: String?
    /// The types, `VerifiablePresentation` among them.
    public let types: [String]
    /// The holder's URL (`holder` or `holder.id`), if given.
    public let holder: String?
    /// The embedded credentials with LD proofs (JSON objects).
    public let credentials: [VerifiableCredential]
    /// Credentials given as strings (VC-JWT / enveloped forms), unread here.
    public let securedCredentialStrings: [String]
    /// The `id`s (`data:` URLs) of `EnvelopedVerifiableCredential` entries (VCDM 2.0), unread
    /// here: ``JOSECredentialVerifier`` opens them.
    public let envelopedCredentials: [String]
    /// The embedded proofs.
    public let proofs: [JSONObject]

    /// Reads and checks a presentation and each credential in it.
    public init(json: JSONValue) throws(CredentialError) {
        let document = try VCDocument(json, requiredType: "VerifiablePresentation")
        self.json = json
        version = document.version
        types = document.types
        id = try document.optionalString("id")
        holder = try document.identifier("holder")
        let entries: [JSONValue]
        switch document.object["verifiableCredential"] {
        case nil: entries = []
        case let .array(values)?: entries = values
        case let value?: entries = [value]
        }
        var credentials: [VerifiableCredential] = []
        var strings: [String] = []
        var enveloped: [String] = []
        for entry in entries {
            if let string = entry.stringValue {
                strings.append(string)
            } else if let object = entry.objectValue, object["type"]?.stringValue == EnvelopedCredential.type {
                guard let id = object["id"]?.stringValue else {
                    throw .invalidMember("verifiableCredential", expected: "an enveloped credential with an id")
                }
                enveloped.append(id)
            } else {
                credentials.append(try VerifiableCredential(json: entry))
            }
        }
        self.credentials = credentials
        securedCredentialStrings = strings
        envelopedCredentials = enveloped
        proofs = try document.proofs()
    }
}

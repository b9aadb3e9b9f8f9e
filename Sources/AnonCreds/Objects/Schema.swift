import Foundation

/// A schema: the names of a credential's attributes, under a name and version of its issuer's.
///
/// JSON as anoncreds-rs 0.2 writes it: `{"name", "version", "attrNames", "issuerId"}`.
public struct Schema: AnonCredsObject, Hashable {
    public static let objectName = "schema"

    /// The most attributes a schema may name (anoncreds' `MAX_ATTRIBUTES_COUNT`).
    public static let maximumAttributeCount = 125

    public var name: String
    public var version: String
    /// The attribute names, in the issuer's order.
    public var attributeNames: [String]
    public var issuerID: String

    enum CodingKeys: String, CodingKey {
        case name, version, attributeNames = "attrNames", issuerID = "issuerId"
    }

    /// A schema, checked as anoncreds-rs checks it: an issuer identifier that is a URI or a
    /// legacy DID, and attribute names that are unique, at least one and at most 125.
    public init(name: String, version: String, attributeNames: [String], issuerID: String) throws(AnonCredsError) {
        self.name = name
        self.version = version
        self.attributeNames = attributeNames
        self.issuerID = issuerID
        try validate()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        attributeNames = try container.decode([String].self, forKey: .attributeNames)
        issuerID = try container.decode(String.self, forKey: .issuerID)
        try validate()
    }

    func validate() throws(AnonCredsError) {
        try AnonCredsIdentifier.validate(issuerID, as: .issuer)
        guard !attributeNames.isEmpty else { throw .invalidAttributeNames("a schema names at least one attribute") }
        guard attributeNames.count <= Self.maximumAttributeCount else {
            throw .invalidAttributeNames("more than \(Self.maximumAttributeCount) attributes")
        }
        var seen = Set<String>()
        for name in attributeNames where !seen.insert(AttributeName.canonical(name)).inserted {
            throw .invalidAttributeNames("\(name) is named twice")
        }
    }
}

/// Attribute names as the CL layer sees them.
public enum AttributeName {
    /// The name the credential definition's key and the signature use: anoncreds-rs removes
    /// spaces and lower-cases (`First Name` → `firstname`), so two spellings are one attribute.
    public static func canonical(_ name: String) -> String {
        name.replacingOccurrences(of: " ", with: "").lowercased()
    }

    /// The hidden attribute that carries the holder's link secret. The name is historical
    /// (anoncreds' predecessor called the link secret the master secret) and is what every
    /// published credential definition has.
    public static let linkSecret = "master_secret"
}

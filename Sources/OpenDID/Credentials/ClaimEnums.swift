import Foundation

/// What a claim's value is.
public enum ClaimType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case text
    case image
    case document

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The format of a claim's value, grouped by ``ClaimType``.
public enum ClaimFormat: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    // text
    case plain
    case html
    case xml
    case csv
    // image
    case png
    case jpg
    case gif
    // document
    case txt
    case pdf
    case word

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Where a claim's value lives. Absent means ``inline``.
public enum Location: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case inline
    case remote
    case attach

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// How an evidence's subject or document was present at verification.
public enum Presence: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case physical = "Physical"
    case digital = "Digital"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The kind of an evidence entry.
public enum EvidenceType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case documentVerification = "DocumentVerification"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The format of a credential schema.
public enum CredentialSchemaType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case osdSchemaCredential = "OsdSchemaCredential"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

import Foundation
import JSONModel

/// Fast path of ``CredentialMetadata/init(storedJSON:)``: the stored form read member by
/// member instead of built as a `JSONValue` tree and then looked up by name.
///
/// Listing a wallet decodes one metadata blob per credential, and the plain reader spends
/// much of its time on what it throws away: the top-level object's member list, its names
/// as strings, a linear search per field. Here the reader's steps (`JSONReader+Stepwise`)
/// walk the top-level object and its `extensions`, and only the values the result keeps
/// (`display`, each extension) are read as `JSONValue`s, by the same reader, so grammar,
/// limits and errors are the parser's.
///
/// It answers only for what it reads exactly as the plain reader would: anything else — an
/// unknown or escaped member name, a repeated one, a value of an unexpected kind, bytes that
/// are not JSON — gives `nil`, and ``decodeStored(_:)`` then runs the plain path, which has
/// the last word. The differential tests compare both readers.
extension CredentialMetadata {
    /// `data` decoded through the shipped path (this one, then the plain one) and through the
    /// plain path alone, for the differential tests and the `diff-json` fuzz harness (issue #29),
    /// which hold the two equal.
    package static func decodingStored(_ data: Data) -> (shipped: CredentialMetadata?, plain: CredentialMetadata?) {
        (decodeStored(data), decodeStoredPlainPath(data))
    }

    init?(storedJSONFastPath data: Data) {
        let limits = JSONParser.Limits.default
        guard data.count <= limits.maximumSize else { return nil }
        let decoded: CredentialMetadata?? = data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), limits: limits, duplicateMembers: .reject)
            return try? Self.read(&reader)
        }
        guard case .some(.some(let metadata)) = decoded else { return nil }
        self = metadata
    }

    /// The members JSONEncoder writes for the synthesized `Codable` conformance.
    private enum Member: Int, CaseIterable {
        case issuer, issuerDisplayName, credentialType, display, validFrom, validUntil
        case issuerCertificateFingerprint, issuedAt, expectedUpdate, issuerCommonName, issuerDisplay
        case lastStatus, lastVerified, lastCheckedAt, extensions

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            // Compare bytes, no String made; the length leaves one or two candidates.
            guard name.count < Self.byLength.count else { return nil }
            for member in Self.byLength[name.count]
            where Self.names[member.rawValue].withUnsafeBufferPointer({ $0.elementsEqual(name) }) {
                self = member
                return
            }
            return nil
        }

        /// The names, by raw value.
        static let names: [[UInt8]] = allCases.map { Array("\($0)".utf8) }

        /// The members by the length of their name.
        static let byLength: [[Member]] = {
            var table = [[Member]](repeating: [], count: (names.map(\.count).max() ?? 0) + 1)
            for member in allCases { table[names[member.rawValue].count].append(member) }
            return table
        }()
    }

    /// The metadata, `nil` for a document this path leaves to the plain one; throws what
    /// the reader finds wrong with the JSON itself.
    private static func read(_ reader: inout JSONReader) throws(JSONError) -> CredentialMetadata? {
        var metadata = CredentialMetadata()
        try reader.expect(UInt8(ascii: "{"))
        if reader.consume(UInt8(ascii: "}")) {
            try reader.expectEnd()
            return metadata
        }
        var seen: UInt16 = 0
        repeat {
            guard let member = reader.withPlainString({ Member($0) }) ?? nil else { return nil }
            guard seen & (1 << member.rawValue) == 0 else { return nil }
            seen |= 1 << member.rawValue
            try reader.expect(UInt8(ascii: ":"))
            switch member {
            case .issuer: guard let value = try readString(&reader) else { return nil }; metadata.issuer = value
            case .issuerDisplayName: guard let value = try readString(&reader) else { return nil }; metadata.issuerDisplayName = value
            case .credentialType: guard let value = try readString(&reader) else { return nil }; metadata.credentialType = value
            case .issuerCertificateFingerprint:
                guard let value = try readString(&reader) else { return nil }
                metadata.issuerCertificateFingerprint = value
            case .validFrom: guard let value = try readDate(&reader) else { return nil }; metadata.validFrom = value
            case .validUntil: guard let value = try readDate(&reader) else { return nil }; metadata.validUntil = value
            case .issuedAt: guard let value = try readDate(&reader) else { return nil }; metadata.issuedAt = value
            case .expectedUpdate: guard let value = try readDate(&reader) else { return nil }; metadata.expectedUpdate = value
            case .lastCheckedAt: guard let value = try readDate(&reader) else { return nil }; metadata.lastCheckedAt = value
            case .issuerCommonName: guard let value = try readString(&reader) else { return nil }; metadata.issuerCommonName = value
            case .lastStatus: guard let value = try readString(&reader) else { return nil }; metadata.lastStatus = value
            case .lastVerified:
                switch try reader.readValue(inside: 1) {
                case .null: metadata.lastVerified = nil
                case .bool(let value): metadata.lastVerified = value
                default: return nil
                }
            case .issuerDisplay:
                // Rare (credentials retrieved over OpenID4VCI) and nested: read as a value and
                // taken apart as the plain path does.
                guard let value = issuerDisplay(try reader.readValue(inside: 1)) else { return nil }
                metadata.issuerDisplay = value
            case .display:
                let value = try reader.readValue(inside: 1)
                metadata.display = value.isNull ? nil : value
            case .extensions:
                guard let value = try readExtensions(&reader) else { return nil }
                metadata.extensions = value
            }
        } while try !reader.readSeparator(closing: UInt8(ascii: "}"))
        try reader.expectEnd()
        return metadata
    }

    /// A string or `null` (`.some(nil)`); `nil` for any other value.
    private static func readString(_ reader: inout JSONReader) throws(JSONError) -> String?? {
        reader.skipWhitespace()
        switch reader.peek() {
        case UInt8(ascii: "\"")?: return .some(try reader.readString())
        case UInt8(ascii: "n")?: return try reader.readValue(inside: 1).isNull ? .some(nil) : nil
        default: return nil
        }
    }

    /// A number as seconds since 2001 (JSONEncoder's default date form) or `null`; `nil`
    /// for any other value.
    private static func readDate(_ reader: inout JSONReader) throws(JSONError) -> Date?? {
        switch try reader.readValue(inside: 1) {
        case .null: return .some(nil)
        case .number(let number): return .some(Date(timeIntervalSinceReferenceDate: number.doubleValue))
        default: return nil
        }
    }

    /// The `extensions` object (`null`: none); `nil` for any other value and for names
    /// a Swift dictionary would merge (the plain path keeps the last of those).
    private static func readExtensions(_ reader: inout JSONReader) throws(JSONError) -> [String: JSONValue]? {
        reader.skipWhitespace()
        guard reader.peek() == UInt8(ascii: "{") else {
            return try reader.readValue(inside: 1).isNull ? [:] : nil
        }
        try reader.checkDepth(openContainers: 1)
        try reader.expect(UInt8(ascii: "{"))
        var extensions: [String: JSONValue] = [:]
        if reader.consume(UInt8(ascii: "}")) { return extensions }
        repeat {
            reader.skipWhitespace()
            try reader.checkCount(extensions.count, offset: reader.index)
            let (name, _) = try reader.readMemberName()
            let value = try reader.readValue(inside: 2)
            guard extensions.updateValue(value, forKey: name) == nil else { return nil }
        } while try !reader.readSeparator(closing: UInt8(ascii: "}"))
        return extensions
    }
}

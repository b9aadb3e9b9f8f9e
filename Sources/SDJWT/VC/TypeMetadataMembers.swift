import Foundation
import JSONModel

/// Reads the members of one object of a Type Metadata document with the draft's types,
/// naming the object in every error so a broken document says where it is broken.
struct TypeMetadataMembers {
    /// The object read.
    let object: JSONObject
    /// Where it sits, for messages (`claims[2].display[0]`).
    let location: String

    /// The longest human-readable text accepted (names, labels, descriptions, alt text).
    static let maximumTextLength = 4_096

    init(_ object: JSONObject, at location: String) {
        self.object = object
        self.location = location
    }

    /// Reads `value` as an object.
    init(_ value: JSONValue, at location: String) throws(SDJWTVCError) {
        guard case .object(let object) = value else { throw .typeMetadata("\(location) is not an object") }
        self.init(object, at: location)
    }

    func contains(_ name: String) -> Bool { object[name] != nil }

    func string(_ name: String) throws(SDJWTVCError) -> String? {
        guard let value = object[name] else { return nil }
        guard case .string(let text) = value else { throw .typeMetadata("\(location).\(name) is not a string") }
        return text
    }

    func requiredString(_ name: String) throws(SDJWTVCError) -> String {
        guard let text = try string(name) else { throw .typeMetadata("\(location).\(name) is missing") }
        return text
    }

    /// A string meant for people: bounded, and free of control characters (which could
    /// reorder or hide what a wallet shows).
    func text(_ name: String, required: Bool = false) throws(SDJWTVCError) -> String? {
        guard let text = required ? try requiredString(name) : try string(name) else { return nil }
        guard text.count <= Self.maximumTextLength else {
            throw .typeMetadata("\(location).\(name) is longer than \(Self.maximumTextLength) characters")
        }
        let forbidden = text.unicodeScalars.contains { scalar in
            (scalar.properties.generalCategory == .control && scalar != "\n")
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        guard !forbidden else { throw .typeMetadata("\(location).\(name) holds control characters") }
        return text
    }

    func bool(_ name: String) throws(SDJWTVCError) -> Bool? {
        guard let value = object[name] else { return nil }
        guard case .bool(let flag) = value else { throw .typeMetadata("\(location).\(name) is not a boolean") }
        return flag
    }

    /// An array member, each element given with its location.
    func array(_ name: String) throws(SDJWTVCError) -> [(JSONValue, String)]? {
        guard let value = object[name] else { return nil }
        guard case .array(let items) = value else { throw .typeMetadata("\(location).\(name) is not an array") }
        return items.enumerated().map { ($0.element, "\(location).\(name)[\($0.offset)]") }
    }

    func member(_ name: String) throws(SDJWTVCError) -> TypeMetadataMembers? {
        guard let value = object[name] else { return nil }
        return try TypeMetadataMembers(value, at: "\(location).\(name)")
    }

    /// A language tag (RFC 5646 syntax, loosely: alphanumeric subtags of 1–8 characters).
    func locale() throws(SDJWTVCError) -> String {
        let tag = try requiredString("locale")
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed = !subtags.isEmpty && subtags.allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        } && subtags[0].unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
        guard wellFormed else { throw .typeMetadata("\(location).locale \(tag) is not a language tag") }
        return tag
    }

    /// A rendering resource URI: `https`, or a `data:` URI (the draft allows nothing else, so
    /// a wallet never loads `file:`, `javascript:` or plain `http` resources from metadata).
    func resourceURI(_ name: String) throws(SDJWTVCError) -> String {
        let uri = try requiredString(name)
        let lowercased = uri.lowercased()
        if lowercased.hasPrefix("data:") { return uri }
        guard lowercased.hasPrefix("https://"), let url = URL(string: uri), url.host?.isEmpty == false else {
            throw .typeMetadata("\(location).\(name) must be an https URL or a data: URI")
        }
        return uri
    }
}

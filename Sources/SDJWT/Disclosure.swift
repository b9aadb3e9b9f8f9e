import Foundation
import JSONModel
import Multiformats

/// One Disclosure (RFC 9901 §4.2): the salted plaintext of a selectively disclosable object
/// property `[salt, name, value]` or array element `[salt, value]`, base64url-encoded.
///
/// The encoded text is kept exactly as received because the digest is computed over it, not
/// over a re-serialization: two encodings of the same JSON are two different Disclosures.
public struct Disclosure: Sendable, Hashable {
    /// The base64url text, as issued: kept as a slice of the text it arrived in (an SD-JWT
    /// holds a dozen or more Disclosures, and a `String` of each would be one more copy).
    let text: Substring
    /// The claim name for an object property, `nil` for an array element.
    public let claimName: String?
    /// The claim value or array element.
    public let value: JSONValue

    /// The base64url text, as issued; what is hashed and what is presented.
    public var encoded: String { String(text) }

    /// The salt: read from the encoded text when asked for, as only issuance and tests
    /// need it (parsing has already checked that it is a string).
    public var salt: String {
        var salt = ""
        // Whatever limits admitted the Disclosure, its own length bounds its size and depth.
        let bound = text.utf8.count
        let limits = SDJWTLimits(maximumDisclosureSize: bound, maximumDepth: bound)
        _ = try? Self.parseElements(of: text, limits: limits, keepingSalt: true) { index, element in
            if index == 0, let text = element.stringValue { salt = text }
        }
        return salt
    }

    /// Whether this discloses an array element rather than an object property.
    public var isArrayElement: Bool { claimName == nil }

    /// Reads a Disclosure: strict base64url of a JSON array `[salt, name, value]` or
    /// `[salt, value]` with a string salt and name. Duplicate member names anywhere in the
    /// value are refused, as for every other signed JSON.
    public init(encoded: String, limits: SDJWTLimits = .default) throws(SDJWTError) {
        try self.init(text: Substring(encoded), limits: limits)
    }

    /// ``init(encoded:limits:)`` of a slice of a longer text (a compact SD-JWT's part).
    init(text encoded: Substring, limits: SDJWTLimits) throws(SDJWTError) {
        guard !encoded.isEmpty else { throw .malformedDisclosure("empty") }
        guard encoded.utf8.count <= limits.maximumDisclosureSize else {
            throw .limitExceeded("a disclosure is longer than \(limits.maximumDisclosureSize) characters")
        }
        var read: PlainElements?
        try? Base64URL.withDecoded(encoded) { bytes in read = Self.readPlainElements(bytes, limits: limits) }
        if let read {
            self.init(checkedText: encoded, claimName: read.claimName, value: read.value)
            return
        }
        try self.init(readingGenerally: encoded, limits: limits)
    }

    private init(checkedText text: Substring, claimName: String?, value: JSONValue) {
        self.text = text
        self.claimName = claimName
        self.value = value
    }

    /// The general reading of any Disclosure (its size already checked), which also says
    /// what is wrong with one.
    init(readingGenerally encoded: Substring, limits: SDJWTLimits) throws(SDJWTError) {
        // The first three elements (a fourth only needs counting).
        var first: JSONArrayElement?, second: JSONArrayElement?, third: JSONArrayElement?
        let count = try Self.parseElements(of: encoded, limits: limits, keepingSalt: false) { index, element in
            switch index {
            case 0: first = element
            case 1: second = element
            case 2: third = element
            default: break
            }
        }
        guard first?.isString == true else { throw .malformedDisclosure("the salt is not a string") }
        switch (count, second, third) {
        case (3, let second?, let third?):
            guard let name = second.stringValue else { throw .malformedDisclosure("the claim name is not a string") }
            self.claimName = name
            self.value = third.jsonValue
        case (2, let second?, _):
            self.claimName = nil
            self.value = second.jsonValue
        default:
            throw .malformedDisclosure("an array of \(count) elements, not 2 or 3")
        }
        self.text = encoded
    }

    /// A Disclosure's claim name (`nil` for an array element) and value.
    ///
    /// A struct rather than a tuple: an optional tuple holding a `JSONValue` is copied
    /// through the runtime's generic value operations, which cost more than reading the
    /// Disclosure's few bytes.
    private struct PlainElements {
        let claimName: String?
        let value: JSONValue
    }

    /// The claim name and value of a Disclosure as issuers write it, `[salt, name, value]`
    /// or `[salt, value]` with a salt (and name) free of escapes, read in one pass; `nil` for
    /// anything else, valid or not, which ``parseElements(of:limits:keepingSalt:_:)`` then
    /// reads. Whatever this accepts, that reading accepts with the same result.
    private static func readPlainElements(_ bytes: UnsafeBufferPointer<UInt8>, limits: SDJWTLimits) -> PlainElements? {
        let parserLimits = limits.disclosureParserLimits
        guard bytes.count <= parserLimits.maximumSize, parserLimits.maximumDepth > 0, parserLimits.maximumMembers >= 3
        else { return nil }
        var reader = JSONReader(bytes: bytes, limits: parserLimits, duplicateMembers: .reject)
        guard reader.consume(UInt8(ascii: "[")), reader.withPlainString({ _ in true }) == true,
            reader.consume(UInt8(ascii: ","))
        else { return nil }
        do {
            // The elements are inside the array, one level deep, as for the general reading.
            let second = try reader.readValue(inside: 1)
            if try reader.readSeparator(closing: UInt8(ascii: "]")) {
                try reader.expectEnd()
                return PlainElements(claimName: nil, value: second)
            }
            guard case .string(let name) = second else { return nil }
            let value = try reader.readValue(inside: 1)
            guard try reader.readSeparator(closing: UInt8(ascii: "]")) else { return nil }
            try reader.expectEnd()
            return PlainElements(claimName: name, value: value)
        } catch {
            return nil
        }
    }

    /// Decodes `encoded` and hands each element of its JSON array to `body` with its
    /// position; returns how many there are. The decoded bytes are only parsed, so they stay
    /// in a temporary buffer, and the array is taken apart as it is read rather than built.
    /// Unless `keepingSalt`, the salt is checked to be a string but not built.
    private static func parseElements(
        of encoded: Substring, limits: SDJWTLimits, keepingSalt: Bool, _ body: (Int, JSONArrayElement) -> Void
    ) throws(SDJWTError) -> Int {
        let parser = JSONParser(limits: limits.disclosureParserLimits, duplicateMembers: .reject)
        var count = 0
        var parsed = Result<Bool, JSONError>.success(false)
        do {
            try Base64URL.withDecoded(encoded) { bytes in
                parsed = Result { () throws(JSONError) in
                    let isArray = try parser.parseArrayElements(bytes, skippingStringsBefore: keepingSalt ? 0 : 1) { element in
                        body(count, element)
                        count += 1
                    }
                    // Anything else is parsed whole, to tell other JSON from none.
                    if !isArray { _ = try parser.parse(bytes) }
                    return isArray
                }
            }
        } catch {
            throw .malformedDisclosure("not strict base64url")
        }
        let isArray: Bool
        do {
            isArray = try parsed.get()
        } catch {
            throw .malformedDisclosure("not JSON (\(error))")
        }
        guard isArray else { throw .malformedDisclosure("not a JSON array") }
        return count
    }

    /// Makes a Disclosure for an object property (`name` non-nil) or array element.
    ///
    /// The JSON is written compactly; any encoding would do, since the Verifier hashes the
    /// text it receives.
    public init(salt: String, claimName: String?, value: JSONValue) {
        var elements: [JSONValue] = [.string(salt)]
        if let claimName { elements.append(.string(claimName)) }
        elements.append(value)
        self.text = Substring(Base64URL.encode(JSONValue.array(elements).serialized(.compact)))
        self.claimName = claimName
        self.value = value
    }

    /// The base64url digest of this Disclosure under `algorithm`, as the payload embeds it.
    public func digest(using algorithm: SDHashAlgorithm) -> String {
        algorithm.digest(of: text)
    }
}

import Foundation

/// A strict RFC 8259 JSON parser for untrusted input.
///
/// Strict means: exactly one value (any type) with optional surrounding whitespace; no
/// byte order mark, comments, trailing commas, single quotes, `NaN`, leading zeros or
/// unescaped control characters; well-formed UTF-8 only; `\u` surrogate escapes must pair.
/// Every rejection is a ``JSONError`` with the byte offset. Limits (``Limits``) bound size,
/// depth, string length and member count, and nesting uses a heap stack, so even
/// `[[[[…` a hundred thousand deep is a ``JSONError/tooDeep(offset:limit:)``, not a crash.
public struct JSONParser: Sendable {
    /// The bounds this parser enforces.
    public var limits: Limits
    /// How repeated member names are handled.
    public var duplicateMembers: DuplicateMemberPolicy

    /// A parser with the given limits and duplicate-member policy.
    public init(limits: Limits = .default, duplicateMembers: DuplicateMemberPolicy = .reject) {
        self.limits = limits
        self.duplicateMembers = duplicateMembers
    }

    /// Parses one JSON text.
    public func parse<Bytes: DataProtocol>(_ input: Bytes) throws(JSONError) -> JSONValue {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        var reader = JSONReader(bytes: Self.contiguousBytes(input), limits: limits, duplicateMembers: duplicateMembers)
        return try reader.readDocument()
    }
}

extension JSONParser {
    /// The input as an array, copied in one block where it is contiguous (`Data`, arrays),
    /// rather than byte by byte through the generic sequence path.
    static func contiguousBytes<Bytes: DataProtocol>(_ input: Bytes) -> [UInt8] {
        if let data = input as? Data { return data.withUnsafeBytes { [UInt8]($0) } }
        return input.withContiguousStorageIfAvailable { [UInt8]($0) } ?? Array(input)
    }
}

extension JSONValue {
    /// Parses a JSON text strictly (see ``JSONParser``).
    public init<Bytes: DataProtocol>(
        parsing input: Bytes, limits: JSONParser.Limits = .default,
        duplicateMembers: JSONParser.DuplicateMemberPolicy = .reject
    ) throws(JSONError) {
        self = try JSONParser(limits: limits, duplicateMembers: duplicateMembers).parse(input)
    }

    /// Parses the UTF-8 of a JSON text strictly (see ``JSONParser``).
    public init(
        parsing text: String, limits: JSONParser.Limits = .default,
        duplicateMembers: JSONParser.DuplicateMemberPolicy = .reject
    ) throws(JSONError) {
        try self.init(parsing: Data(text.utf8), limits: limits, duplicateMembers: duplicateMembers)
    }
}

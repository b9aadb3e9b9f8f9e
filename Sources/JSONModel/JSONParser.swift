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
        if let parsed = input.withContiguousStorageIfAvailable({ parse(contiguous: $0) }) { return try parsed.get() }
        return try Array(input).withUnsafeBufferPointer { parse(contiguous: $0) }.get()
    }

    /// Parses one JSON text: `Data`'s own overload, read in place.
    public func parse(_ input: Data) throws(JSONError) -> JSONValue {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        return try input.withUnsafeBytes { parse(contiguous: $0.bindMemory(to: UInt8.self)) }.get()
    }

    /// Parses one JSON text: `[UInt8]`'s own overload, read in place.
    public func parse(_ input: [UInt8]) throws(JSONError) -> JSONValue {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        return try input.withUnsafeBufferPointer { parse(contiguous: $0) }.get()
    }

    /// Parses one JSON text from bytes the caller lends for the call (a buffer it decoded
    /// base64url into, say), so they need not be copied into `Data` first.
    package func parse(_ input: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        return try parse(contiguous: input).get()
    }

    /// The reader runs over the caller's bytes where they lie, so a parse copies nothing
    /// but the strings and numbers it returns.
    fileprivate func parse(contiguous bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONError> {
        var reader = JSONReader(bytes: bytes, limits: limits, duplicateMembers: duplicateMembers)
        return Result { () throws(JSONError) in try reader.readDocument() }
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
        var text = text
        let parser = JSONParser(limits: limits, duplicateMembers: duplicateMembers)
        guard text.utf8.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        self = try text.withUTF8 { parser.parse(contiguous: $0) }.get()
    }
}

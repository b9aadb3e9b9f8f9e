/// A decentralized identifier (W3C DID Core 1.0 §3.1): `did:<method>:<method-specific-id>`.
///
/// Parsing is strict to the ABNF so that two parties comparing DIDs compare the same thing:
/// the method name is lower-case ASCII letters and digits, the method-specific identifier is
/// `idchar`s (letters, digits, `.`, `-`, `_`, percent-encoding) in `:`-separated segments that do
/// not end with `:`. A DID has no path, query or fragment; see ``DIDURL`` for those.
///
/// Comparison is by exact string, as DID Core requires; percent-encodings are kept as written.
///
/// Named `DIDIdentifier` rather than `DID` so that `DID.DIDDocument` still names this module's
/// document type in files that also import a module with its own `DIDDocument` (OpenDID).
public struct DIDIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The longest DID this library parses, in UTF-8 bytes. Long enough for `did:peer:4` long
    /// forms with a few services, short enough to bound the work on untrusted input.
    public static let maximumLength = 32 * 1024

    /// The method name, such as `key`, `web` or `peer`.
    public let method: String

    /// Everything after `did:<method>:`, percent-encodings as written.
    public let methodSpecificID: String

    /// Parses a DID; throws when the string is not exactly one DID (a DID URL with a path,
    /// query or fragment is rejected too, so use ``DIDURL`` where those may appear).
    public init(_ string: String) throws(DIDError) {
        let bytes = Array(string.utf8)
        let end = try DIDIdentifier.scan(bytes)
        guard end == bytes.count else {
            throw .invalidCharacter(DIDGrammar.character(at: end, in: bytes), position: end)
        }
        self = try DIDIdentifier.make(bytes, end: end)
    }

    /// Creates a DID from a method and a method-specific identifier, validating both.
    public init(method: String, methodSpecificID: String) throws(DIDError) {
        try self.init("did:\(method):\(methodSpecificID)")
    }

    /// The DID as a string.
    public var description: String { "did:\(method):\(methodSpecificID)" }

    /// Scans the DID at the start of `bytes` and returns where it ends (the first byte that
    /// cannot belong to it); the caller decides what may follow.
    static func scan(_ bytes: [UInt8]) throws(DIDError) -> Int {
        guard bytes.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        guard bytes.starts(with: Array("did:".utf8)) else { throw .missingScheme }
        var index = 4
        while index < bytes.count, DIDGrammar.isMethodChar(bytes[index]) { index += 1 }
        let methodEnd = index
        guard methodEnd > 4, index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            if methodEnd > 4, index == bytes.count { throw .invalidMethodSpecificID("") }
            let nameEnd = bytes[4...].firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            throw .invalidMethodName(String(decoding: bytes[4..<nameEnd], as: UTF8.self))
        }
        index += 1
        let idStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, DIDGrammar.isHexDigit(bytes[index + 1]),
                    DIDGrammar.isHexDigit(bytes[index + 2])
                else { throw .invalidPercentEncoding(position: index) }
                index += 3
            } else if DIDGrammar.isIDChar(byte) || byte == UInt8(ascii: ":") {
                index += 1
            } else {
                break
            }
        }
        let id = String(decoding: bytes[idStart..<index], as: UTF8.self)
        guard index > idStart, bytes[index - 1] != UInt8(ascii: ":") else {
            throw .invalidMethodSpecificID(id)
        }
        return index
    }

    /// Builds the value once ``scan(_:)`` accepted `bytes[..<end]`.
    static func make(_ bytes: [UInt8], end: Int) throws(DIDError) -> DIDIdentifier {
        guard let colon = bytes[4...].firstIndex(of: UInt8(ascii: ":")) else { throw .missingScheme }
        return DIDIdentifier(
            uncheckedMethod: String(decoding: bytes[4..<colon], as: UTF8.self),
            methodSpecificID: String(decoding: bytes[(colon + 1)..<end], as: UTF8.self)
        )
    }

    private init(uncheckedMethod method: String, methodSpecificID: String) {
        self.method = method
        self.methodSpecificID = methodSpecificID
    }
}

extension DIDIdentifier: Codable, DIDSyntaxCodable {}

/// A DID URL (W3C DID Core 1.0 §3.2): a DID followed by an optional path, query and fragment,
/// such as `did:example:123/path?versionId=1#key-1`.
///
/// Verification method ids, service ids and the references in verification relationships are
/// DID URLs, often written relative to the document (`#key-1`); ``init(_:relativeTo:)``
/// resolves those so that every id can be compared as an absolute string.
public struct DIDURL: Hashable, Sendable, CustomStringConvertible {
    /// The DID the URL is rooted at.
    public let did: DIDIdentifier
    /// The path, empty or starting with `/` (`path-abempty`), percent-encodings as written.
    public let path: String
    /// The query without the `?`, or `nil` when there is no `?`.
    public let query: String?
    /// The fragment without the `#`, or `nil` when there is no `#`.
    public let fragment: String?

    /// Parses an absolute DID URL.
    public init(_ string: String) throws(DIDError) {
        let bytes = Array(string.utf8)
        let didEnd = try DIDIdentifier.scan(bytes)
        let did = try DIDIdentifier.make(bytes, end: didEnd)
        let (path, query, fragment) = try DIDURL.parseTail(bytes, from: didEnd)
        self.init(did: did, path: path, query: query, fragment: fragment)
    }

    /// Parses a DID URL that may be relative (`#key-1`, `?service=x`, `/path`) to `base`, as
    /// DID documents allow for ids and references (DID Core §3.2.2). An absolute DID URL is
    /// returned as is.
    public init(_ string: String, relativeTo base: DIDIdentifier) throws(DIDError) {
        if string.hasPrefix("did:") {
            try self.init(string)
            return
        }
        let bytes = Array(string.utf8)
        guard bytes.count <= DIDIdentifier.maximumLength else { throw .tooLong(limit: DIDIdentifier.maximumLength) }
        guard let first = bytes.first,
            first == UInt8(ascii: "#") || first == UInt8(ascii: "?") || first == UInt8(ascii: "/")
        else { throw .relativeReferenceWithoutBase(string) }
        let (path, query, fragment) = try DIDURL.parseTail(bytes, from: 0)
        self.init(did: base, path: path, query: query, fragment: fragment)
    }

    /// Builds a DID URL from its parts; the parts are not re-validated, so use it with parts
    /// that came from a parsed DID URL or that you wrote yourself.
    public init(did: DIDIdentifier, path: String = "", query: String? = nil, fragment: String? = nil) {
        self.did = did
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The DID URL as an absolute string.
    public var description: String {
        var text = did.description + path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// Whether this is a bare DID (no path, query or fragment).
    public var isDID: Bool { path.isEmpty && query == nil && fragment == nil }

    /// Splits and validates `path-abempty [ "?" query ] [ "#" fragment ]` starting at `start`.
    private static func parseTail(
        _ bytes: [UInt8], from start: Int
    ) throws(DIDError) -> (path: String, query: String?, fragment: String?) {
        let hash = bytes[start...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let question = bytes[start..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
        if start < question, bytes[start] != UInt8(ascii: "/") {
            throw .invalidCharacter(DIDGrammar.character(at: start, in: bytes), position: start)
        }
        try DIDGrammar.validate(bytes, in: start..<question) { byte in
            DIDGrammar.isPChar(byte) || byte == UInt8(ascii: "/")
        }
        let path = String(decoding: bytes[start..<question], as: UTF8.self)
        var query: String?
        if question < hash {
            try DIDGrammar.validate(bytes, in: (question + 1)..<hash, allowing: DIDGrammar.isQueryOrFragmentChar)
            query = String(decoding: bytes[(question + 1)..<hash], as: UTF8.self)
        }
        var fragment: String?
        if hash < bytes.count {
            try DIDGrammar.validate(bytes, in: (hash + 1)..<bytes.count, allowing: DIDGrammar.isQueryOrFragmentChar)
            fragment = String(decoding: bytes[(hash + 1)...], as: UTF8.self)
        }
        return (path, query, fragment)
    }
}

extension DIDURL: Codable, DIDSyntaxCodable {}

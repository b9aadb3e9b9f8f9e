import JSONModel

/// Bounds on untrusted JOSE input, checked before any base64url or JSON work so that a
/// hostile token costs little to refuse.
///
/// The defaults fit credentials and protocol messages (SD-JWTs with many disclosures, JWEs
/// carrying a presentation) with a wide margin.
public struct JOSELimits: Sendable, Hashable {
    /// The longest serialized token or JSON serialization accepted, in bytes; default 4 MiB.
    public var maximumTokenSize: Int
    /// The longest decoded header (protected or unprotected), in bytes; default 64 KiB.
    public var maximumHeaderSize: Int
    /// The most signatures (JWS) or recipients (JWE) in a general JSON serialization;
    /// default 16.
    public var maximumSignatures: Int
    /// The most bytes a `zip: DEF` plaintext may inflate to; default 4 MiB. A DEFLATE
    /// stream expands up to ~1000×, so without this a small JWE is a memory bomb.
    public var maximumDecompressedSize: Int
    /// The deepest nesting accepted in a header or claims set; default 32.
    public var maximumJSONDepth: Int

    /// Limits with the given bounds.
    public init(
        maximumTokenSize: Int = 4 << 20, maximumHeaderSize: Int = 64 << 10,
        maximumSignatures: Int = 16, maximumDecompressedSize: Int = 4 << 20,
        maximumJSONDepth: Int = 32
    ) {
        self.maximumTokenSize = maximumTokenSize
        self.maximumHeaderSize = maximumHeaderSize
        self.maximumSignatures = maximumSignatures
        self.maximumDecompressedSize = maximumDecompressedSize
        self.maximumJSONDepth = maximumJSONDepth
    }

    /// The default limits.
    public static let `default` = JOSELimits()

    /// The JSON parser limits for a header of at most ``maximumHeaderSize`` bytes.
    var headerParserLimits: JSONParser.Limits {
        JSONParser.Limits(maximumSize: maximumHeaderSize, maximumDepth: maximumJSONDepth)
    }

    /// The JSON parser limits for a whole JSON serialization or a claims set.
    var documentParserLimits: JSONParser.Limits {
        JSONParser.Limits(maximumSize: maximumTokenSize, maximumDepth: maximumJSONDepth)
    }
}

import JOSE
import JSONModel

/// Bounds on an untrusted SD-JWT, checked before the work they bound so that a hostile
/// token costs little to refuse.
///
/// The defaults fit real credentials (the EU PID has a few dozen Disclosures, nested three
/// or four levels) with a wide margin.
public struct SDJWTLimits: Sendable, Hashable {
    /// The longest serialization accepted, in bytes (compact or JSON); default 1 MiB.
    public var maximumSize: Int
    /// The most Disclosures accepted; default 1 024.
    public var maximumDisclosures: Int
    /// The longest single Disclosure accepted, in base64url characters; default 64 KiB.
    public var maximumDisclosureSize: Int
    /// The deepest nesting of the processed payload, counting the levels Disclosures add;
    /// default 32.
    public var maximumDepth: Int
    /// The most digests (real and decoy) in the payload and Disclosures together;
    /// default 16 384.
    public var maximumDigests: Int

    /// Limits with the given bounds.
    public init(
        maximumSize: Int = 1 << 20, maximumDisclosures: Int = 1_024, maximumDisclosureSize: Int = 64 << 10,
        maximumDepth: Int = 32, maximumDigests: Int = 16_384
    ) {
        self.maximumSize = maximumSize
        self.maximumDisclosures = maximumDisclosures
        self.maximumDisclosureSize = maximumDisclosureSize
        self.maximumDepth = maximumDepth
        self.maximumDigests = maximumDigests
    }

    /// The default limits.
    public static let `default` = SDJWTLimits()

    /// The JOSE limits for the Issuer-signed JWT and the KB-JWT.
    var joseLimits: JOSELimits {
        // The JSON serialization carries the Disclosures in the unprotected header, so a
        // header may be as large as the whole SD-JWT.
        JOSELimits(maximumTokenSize: maximumSize, maximumHeaderSize: maximumSize, maximumJSONDepth: maximumDepth)
    }

    /// The JSON parser limits for a payload or a JSON serialization.
    var documentParserLimits: JSONParser.Limits {
        JSONParser.Limits(maximumSize: maximumSize, maximumDepth: maximumDepth)
    }

    /// The JSON parser limits for one Disclosure.
    var disclosureParserLimits: JSONParser.Limits {
        JSONParser.Limits(maximumSize: maximumDisclosureSize, maximumDepth: maximumDepth)
    }
}

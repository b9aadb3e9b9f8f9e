import CryptoKeys

/// A JWS `alg` value this module can verify (RFC 7518 §3.1, RFC 8037, RFC 8812).
///
/// The asymmetric algorithms *are* CryptoKeys' ``SignatureAlgorithm``, whose raw values are
/// already the JOSE names: JOSE adds only what a private key cannot do, HMAC with a shared
/// secret (`HS256`, `HS384`, `HS512`, named after their ``DigestAlgorithm``). One list of
/// algorithms, so a new one added to CryptoKeys is a JWS algorithm at once, and the two can
/// never disagree on a name.
///
/// `none` is deliberately absent: an unsecured JWS is never accepted, so there is no value
/// a policy could allow by mistake.
public enum JWSAlgorithm: Sendable, Hashable {
    /// An asymmetric signature: the key layer's algorithm itself.
    case signature(SignatureAlgorithm)
    /// HMAC over this hash, keyed with a shared secret (RFC 7518 §3.2).
    case hmac(DigestAlgorithm)

    /// The asymmetric algorithm, or `nil` for the HMAC ones.
    public var signatureAlgorithm: SignatureAlgorithm? {
        guard case .signature(let algorithm) = self else { return nil }
        return algorithm
    }

    /// The HMAC hash, or `nil` for the asymmetric algorithms.
    public var hmacDigest: DigestAlgorithm? {
        guard case .hmac(let digest) = self else { return nil }
        return digest
    }

    /// The algorithm of a ``SignatureAlgorithm`` (every one has a JWS name).
    public init(_ algorithm: SignatureAlgorithm) { self = .signature(algorithm) }

    /// Every algorithm: the asymmetric ones in ``SignatureAlgorithm``'s order, then HMAC.
    public static let allCases: [JWSAlgorithm] =
        SignatureAlgorithm.allCases.map(JWSAlgorithm.signature) + DigestAlgorithm.allCases.map(JWSAlgorithm.hmac)

    /// The asymmetric algorithms: what a verifier of credentials accepts by default.
    /// HMAC is left out because a shared secret cannot prove who signed.
    public static let asymmetric: Set<JWSAlgorithm> = Set(SignatureAlgorithm.allCases.map(JWSAlgorithm.signature))
}

extension JWSAlgorithm: RawRepresentable {
    /// The `alg` name: ``SignatureAlgorithm``'s raw value, or `HS` and the hash's bit length.
    public var rawValue: String {
        switch self {
        case .signature(let algorithm): return algorithm.rawValue
        case .hmac(.sha256): return "HS256"
        case .hmac(.sha384): return "HS384"
        case .hmac(.sha512): return "HS512"
        }
    }

    /// Reads an `alg` name, exactly (case-sensitive, no aliases), as a header carries it.
    public init?(rawValue: String) {
        if let algorithm = SignatureAlgorithm(rawValue: rawValue) {
            self = .signature(algorithm)
            return
        }
        switch rawValue {
        case "HS256": self = .hmac(.sha256)
        case "HS384": self = .hmac(.sha384)
        case "HS512": self = .hmac(.sha512)
        default: return nil
        }
    }
}

extension JWSAlgorithm: CaseIterable {}

extension JWSAlgorithm: Codable {
    /// Decodes the `alg` name; an unknown name is data corruption, as for any raw-value enum.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let algorithm = JWSAlgorithm(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Cannot initialize JWSAlgorithm from invalid String value \(name)")
        }
        self = algorithm
    }

    /// Encodes the `alg` name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The names callers write (`.es256`, `[.edDSA]`, `.hs256`), kept from when each `alg` was
/// a case of its own.
extension JWSAlgorithm {
    /// `ES256`.
    public static let es256 = JWSAlgorithm.signature(.es256)
    /// `ES384`.
    public static let es384 = JWSAlgorithm.signature(.es384)
    /// `ES512`.
    public static let es512 = JWSAlgorithm.signature(.es512)
    /// `ES256K` (RFC 8812).
    public static let es256k = JWSAlgorithm.signature(.es256k)
    /// `EdDSA` (RFC 8037).
    public static let edDSA = JWSAlgorithm.signature(.edDSA)
    /// `RS256`.
    public static let rs256 = JWSAlgorithm.signature(.rs256)
    /// `RS384`.
    public static let rs384 = JWSAlgorithm.signature(.rs384)
    /// `RS512`.
    public static let rs512 = JWSAlgorithm.signature(.rs512)
    /// `PS256`.
    public static let ps256 = JWSAlgorithm.signature(.ps256)
    /// `PS384`.
    public static let ps384 = JWSAlgorithm.signature(.ps384)
    /// `PS512`.
    public static let ps512 = JWSAlgorithm.signature(.ps512)
    /// `HS256`.
    public static let hs256 = JWSAlgorithm.hmac(.sha256)
    /// `HS384`.
    public static let hs384 = JWSAlgorithm.hmac(.sha384)
    /// `HS512`.
    public static let hs512 = JWSAlgorithm.hmac(.sha512)
}

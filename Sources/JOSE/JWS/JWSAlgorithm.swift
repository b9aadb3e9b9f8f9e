import CryptoKeys

/// A JWS `alg` value this module can verify (RFC 7518 §3.1, RFC 8037, RFC 8812).
///
/// `none` is deliberately absent: an unsecured JWS is never accepted, so there is no case
/// a policy could allow by mistake.
public enum JWSAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// ECDSA P-256 SHA-256.
    case es256 = "ES256"
    /// ECDSA P-384 SHA-384.
    case es384 = "ES384"
    /// ECDSA P-521 SHA-512.
    case es512 = "ES512"
    /// ECDSA secp256k1 SHA-256 (RFC 8812).
    case es256k = "ES256K"
    /// Ed25519 (RFC 8037).
    case edDSA = "EdDSA"
    /// RSASSA-PKCS1-v1_5 SHA-256.
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 SHA-384.
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 SHA-512.
    case rs512 = "RS512"
    /// RSASSA-PSS SHA-256.
    case ps256 = "PS256"
    /// RSASSA-PSS SHA-384.
    case ps384 = "PS384"
    /// RSASSA-PSS SHA-512.
    case ps512 = "PS512"
    /// HMAC SHA-256.
    case hs256 = "HS256"
    /// HMAC SHA-384.
    case hs384 = "HS384"
    /// HMAC SHA-512.
    case hs512 = "HS512"

    /// The asymmetric algorithm, or `nil` for the HMAC ones.
    public var signatureAlgorithm: SignatureAlgorithm? { SignatureAlgorithm(rawValue: rawValue) }

    /// The HMAC hash, or `nil` for the asymmetric algorithms.
    public var hmacDigest: DigestAlgorithm? {
        switch self {
        case .hs256: return .sha256
        case .hs384: return .sha384
        case .hs512: return .sha512
        default: return nil
        }
    }

    /// The algorithm of a ``SignatureAlgorithm`` (every one has a JWS name).
    public init(_ algorithm: SignatureAlgorithm) {
        switch algorithm {
        case .es256: self = .es256
        case .es384: self = .es384
        case .es512: self = .es512
        case .es256k: self = .es256k
        case .edDSA: self = .edDSA
        case .rs256: self = .rs256
        case .rs384: self = .rs384
        case .rs512: self = .rs512
        case .ps256: self = .ps256
        case .ps384: self = .ps384
        case .ps512: self = .ps512
        }
    }

    /// The asymmetric algorithms: what a verifier of credentials accepts by default.
    /// HMAC is left out because a shared secret cannot prove who signed.
    public static let asymmetric: Set<JWSAlgorithm> = Set(allCases.filter { $0.signatureAlgorithm != nil })
}

/// A signature algorithm, named by its JOSE `alg` value (RFC 7518 §3.1, RFC 8037, RFC 8812).
///
/// The raw value is the JWS name so a header's `alg` maps straight to the algorithm: this is
/// the one list of asymmetric algorithms, which JOSE's `JWSAlgorithm` wraps (adding only
/// HMAC) rather than repeats. COSE and Data Integrity callers map their own identifiers
/// (COSE's registry integers) onto these cases.
public enum SignatureAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// ECDSA on P-256 with SHA-256.
    case es256 = "ES256"
    /// ECDSA on P-384 with SHA-384.
    case es384 = "ES384"
    /// ECDSA on P-521 with SHA-512.
    case es512 = "ES512"
    /// ECDSA on secp256k1 with SHA-256 (RFC 8812).
    case es256k = "ES256K"
    /// EdDSA; in this module always Ed25519 (RFC 8037). Ed448 is not supported.
    case edDSA = "EdDSA"
    /// RSASSA-PKCS1-v1_5 with SHA-256 (verification only).
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-384 (verification only).
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 with SHA-512 (verification only).
    case rs512 = "RS512"
    /// RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt (verification only).
    case ps256 = "PS256"
    /// RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt (verification only).
    case ps384 = "PS384"
    /// RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt (verification only).
    case ps512 = "PS512"

    /// Reads an algorithm name, also accepting `Ed25519` (the fully specified name from
    /// draft-ietf-jose-fully-specified-algorithms) as ``edDSA``.
    public init?(name: String) {
        if name == "Ed25519" {
            self = .edDSA
        } else {
            self.init(rawValue: name)
        }
    }

    /// The curve the key must be on, or `nil` for the RSA algorithms.
    public var curve: KeyCurve? {
        switch self {
        case .es256: return .p256
        case .es384: return .p384
        case .es512: return .p521
        case .es256k: return .secp256k1
        case .edDSA: return .ed25519
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: return nil
        }
    }

    /// The key type the algorithm needs.
    public var keyType: KeyType {
        switch self {
        case .es256, .es384, .es512, .es256k: return .ec
        case .edDSA: return .okp
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: return .rsa
        }
    }

    /// The hash applied to the message, or `nil` for EdDSA, which hashes internally.
    public var digest: DigestAlgorithm? {
        switch self {
        case .es256, .es256k, .rs256, .ps256: return .sha256
        case .es384, .rs384, .ps384: return .sha384
        case .es512, .rs512, .ps512: return .sha512
        case .edDSA: return nil
        }
    }

    /// Whether this is an ECDSA algorithm (raw `r || s` signatures).
    public var isECDSA: Bool { keyType == .ec }

    /// The fixed signature length for the EC algorithms (`2 × coordinate` for ECDSA, 64 for
    /// Ed25519); `nil` for RSA, whose length follows the modulus.
    public var signatureByteCount: Int? {
        guard let curve else { return nil }
        return curve == .ed25519 ? 64 : 2 * curve.coordinateByteCount
    }
}

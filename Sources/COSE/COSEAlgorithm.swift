import CryptoKeys

/// A COSE algorithm identifier from the IANA "COSE Algorithms" registry (RFC 9053).
///
/// A struct rather than an enum because a message may name any registered (or private)
/// algorithm: parsing must keep the number so the error can say which one was refused. The
/// static members are the ones this library can sign, verify or MAC with.
public struct COSEAlgorithm: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The registry value.
    public let rawValue: Int64

    /// Wraps a registry value, known to this library or not.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// ECDSA with SHA-256 (RFC 9053 §2.1); this library requires a P-256 key.
    public static let es256 = COSEAlgorithm(rawValue: -7)
    /// ECDSA with SHA-384; this library requires a P-384 key.
    public static let es384 = COSEAlgorithm(rawValue: -35)
    /// ECDSA with SHA-512; this library requires a P-521 key.
    public static let es512 = COSEAlgorithm(rawValue: -36)
    /// ECDSA on secp256k1 with SHA-256 (RFC 8812).
    public static let es256K = COSEAlgorithm(rawValue: -47)
    /// EdDSA (RFC 9053 §2.2); Ed25519 keys only here.
    public static let edDSA = COSEAlgorithm(rawValue: -8)
    /// ECDSA on P-256 with SHA-256, fully specified (RFC 9864 `ESP256`).
    public static let esp256 = COSEAlgorithm(rawValue: -9)
    /// ECDSA on P-384 with SHA-384, fully specified (RFC 9864 `ESP384`).
    public static let esp384 = COSEAlgorithm(rawValue: -51)
    /// ECDSA on P-521 with SHA-512, fully specified (RFC 9864 `ESP512`).
    public static let esp512 = COSEAlgorithm(rawValue: -52)
    /// EdDSA on Ed25519, fully specified (RFC 9864 `Ed25519`).
    public static let ed25519 = COSEAlgorithm(rawValue: -19)

    /// HMAC with SHA-256, tag truncated to 64 bits (RFC 9053 §3.1, "HMAC 256/64").
    public static let hmac256Truncated64 = COSEAlgorithm(rawValue: 4)
    /// HMAC with SHA-256, full 256-bit tag ("HMAC 256/256"); the ISO 18013-5 device MAC.
    public static let hmac256 = COSEAlgorithm(rawValue: 5)
    /// HMAC with SHA-384 ("HMAC 384/384").
    public static let hmac384 = COSEAlgorithm(rawValue: 6)
    /// HMAC with SHA-512 ("HMAC 512/512").
    public static let hmac512 = COSEAlgorithm(rawValue: 7)

    /// The signature algorithm of the key layer this identifier means, or `nil` when it is
    /// not a signature algorithm this library implements.
    public var signatureAlgorithm: SignatureAlgorithm? {
        switch self {
        case .es256, .esp256: return .es256
        case .es384, .esp384: return .es384
        case .es512, .esp512: return .es512
        case .es256K: return .es256k
        case .edDSA, .ed25519: return .edDSA
        default: return nil
        }
    }

    /// The COSE identifier for a key-layer signature algorithm (the polymorphic one, as
    /// ISO 18013-5 and most deployed verifiers expect), or `nil` for algorithms COSE
    /// signing here does not offer (RSA).
    public init?(_ algorithm: SignatureAlgorithm) {
        switch algorithm {
        case .es256: self = .es256
        case .es384: self = .es384
        case .es512: self = .es512
        case .es256k: self = .es256K
        case .edDSA: self = .edDSA
        default: return nil
        }
    }

    /// The hash and tag length of an HMAC algorithm, or `nil` for anything else.
    var hmacParameters: (digest: DigestAlgorithm, tagLength: Int)? {
        switch self {
        case .hmac256Truncated64: return (.sha256, 8)
        case .hmac256: return (.sha256, 32)
        case .hmac384: return (.sha384, 48)
        case .hmac512: return (.sha512, 64)
        default: return nil
        }
    }

    /// Whether this is an HMAC algorithm this library implements.
    public var isMAC: Bool { hmacParameters != nil }

    /// The registry name (for logs and errors), or the number when this library does not know it.
    ///
    /// A polymorphic identifier (`-7`, `-35`, `-36`, `-47`, `-8`) is named as its
    /// ``SignatureAlgorithm``, whose raw value is the same JOSE name.
    public var description: String {
        if let algorithm = signatureAlgorithm, COSEAlgorithm(algorithm) == self { return algorithm.rawValue }
        switch self {
        case .esp256: return "ESP256"
        case .esp384: return "ESP384"
        case .esp512: return "ESP512"
        case .ed25519: return "Ed25519"
        case .hmac256Truncated64: return "HMAC 256/64"
        case .hmac256: return "HMAC 256/256"
        case .hmac384: return "HMAC 384/384"
        case .hmac512: return "HMAC 512/512"
        default: return "COSE algorithm \(rawValue)"
        }
    }
}

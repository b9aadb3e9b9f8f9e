/// The elliptic curves CryptoKeys handles, named as JOSE names them (`crv`).
///
/// The raw value is the JWK `crv` name (RFC 7518 §6.2.1.1, RFC 8037, RFC 8812), so a key's
/// curve round-trips through JSON without a lookup table.
public enum KeyCurve: String, Sendable, Hashable, CaseIterable, Codable {
    /// NIST P-256 (secp256r1).
    case p256 = "P-256"
    /// NIST P-384 (secp384r1).
    case p384 = "P-384"
    /// NIST P-521 (secp521r1).
    case p521 = "P-521"
    /// Ed25519 signatures (RFC 8032).
    case ed25519 = "Ed25519"
    /// X25519 key agreement (RFC 7748).
    case x25519 = "X25519"
    /// secp256k1, the Bitcoin curve (RFC 8812 `ES256K`).
    case secp256k1 = "secp256k1"

    /// The JWK key type a key on this curve has: `EC` for Weierstrass curves, `OKP` for the
    /// Edwards/Montgomery ones.
    public var keyType: KeyType {
        switch self {
        case .p256, .p384, .p521, .secp256k1: return .ec
        case .ed25519, .x25519: return .okp
        }
    }

    /// The length of one coordinate (EC) or of the whole public key (OKP), in bytes; also the
    /// width of `r` and `s` in a raw ECDSA signature.
    public var coordinateByteCount: Int {
        switch self {
        case .p256, .secp256k1, .ed25519, .x25519: return 32
        case .p384: return 48
        case .p521: return 66
        }
    }

    /// Whether the curve is a short Weierstrass curve with SEC1 point encodings.
    public var isWeierstrass: Bool { keyType == .ec }
}

/// The JWK key type (`kty`, RFC 7518 §6.1 and RFC 8037).
public enum KeyType: String, Sendable, Hashable, CaseIterable, Codable {
    /// Elliptic curve keys on Weierstrass curves.
    case ec = "EC"
    /// Octet key pairs: Ed25519 and X25519.
    case okp = "OKP"
    /// RSA keys (verification only in this module).
    case rsa = "RSA"
    /// Symmetric keys.
    case oct = "oct"
}

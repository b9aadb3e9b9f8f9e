import CryptoKeys

/// A COSE elliptic curve (`crv`) from the IANA "COSE Elliptic Curves" registry (RFC 9053 §7.1).
public struct COSECurve: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The registry value.
    public let rawValue: Int64

    /// Wraps a registry value.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// NIST P-256 (1), EC2.
    public static let p256 = COSECurve(rawValue: 1)
    /// NIST P-384 (2), EC2.
    public static let p384 = COSECurve(rawValue: 2)
    /// NIST P-521 (3), EC2.
    public static let p521 = COSECurve(rawValue: 3)
    /// X25519 (4), OKP, key agreement only.
    public static let x25519 = COSECurve(rawValue: 4)
    /// X448 (5), OKP; not supported by this library.
    public static let x448 = COSECurve(rawValue: 5)
    /// Ed25519 (6), OKP, signatures only.
    public static let ed25519 = COSECurve(rawValue: 6)
    /// Ed448 (7), OKP; not supported by this library.
    public static let ed448 = COSECurve(rawValue: 7)
    /// secp256k1 (8, RFC 8812), EC2.
    public static let secp256k1 = COSECurve(rawValue: 8)

    /// The key-layer curve, or `nil` for curves this library does not implement.
    public var keyCurve: KeyCurve? {
        switch self {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case .x25519: return .x25519
        case .ed25519: return .ed25519
        case .secp256k1: return .secp256k1
        default: return nil
        }
    }

    /// The COSE identifier of a key-layer curve.
    public init(_ curve: KeyCurve) {
        switch curve {
        case .p256: self = .p256
        case .p384: self = .p384
        case .p521: self = .p521
        case .x25519: self = .x25519
        case .ed25519: self = .ed25519
        case .secp256k1: self = .secp256k1
        }
    }

    /// The key type a curve belongs to: EC2 for the Weierstrass curves, OKP for the others.
    public var keyType: COSEKeyType? {
        switch self {
        case .p256, .p384, .p521, .secp256k1: return .ec2
        case .x25519, .x448, .ed25519, .ed448: return .okp
        default: return nil
        }
    }

    /// The registry name, or the number for curves this library does not know.
    ///
    /// A curve the key layer implements is named as its ``KeyCurve``, whose raw value is the
    /// same name (JOSE's `crv`).
    public var description: String {
        if let curve = keyCurve { return curve.rawValue }
        switch self {
        case .x448: return "X448"
        case .ed448: return "Ed448"
        default: return "crv \(rawValue)"
        }
    }
}

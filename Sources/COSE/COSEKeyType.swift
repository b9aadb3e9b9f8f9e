/// A COSE key type (`kty`) from the IANA "COSE Key Types" registry (RFC 9053 §7).
///
/// A struct so an unsupported registered type can still be named in an error.
public struct COSEKeyType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The registry value.
    public let rawValue: Int64

    /// Wraps a registry value.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Octet key pair (1): Ed25519, X25519.
    public static let okp = COSEKeyType(rawValue: 1)
    /// Elliptic curve keys with x and y coordinates (2): P-256, P-384, P-521, secp256k1.
    public static let ec2 = COSEKeyType(rawValue: 2)
    /// Symmetric keys (4): HMAC keys such as the ISO 18013-5 device MAC key.
    public static let symmetric = COSEKeyType(rawValue: 4)

    /// The registry name, or the number for key types this library does not know.
    public var description: String {
        switch self {
        case .okp: return "OKP"
        case .ec2: return "EC2"
        case .symmetric: return "Symmetric"
        default: return "kty \(rawValue)"
        }
    }
}

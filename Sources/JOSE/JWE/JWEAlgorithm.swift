/// A JWE key-management algorithm (`alg`, RFC 7518 §4) this module implements.
///
/// RSA key transport is not implemented; `RSA1_5` in particular is refused by design
/// (RFC 8725 §3.2 notes its padding-oracle history).
public enum JWEKeyManagementAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// ECDH-ES direct key agreement: the agreed key is the content key.
    case ecdhES = "ECDH-ES"
    /// ECDH-ES, then AES-128 key wrap of a random content key.
    case ecdhESA128KW = "ECDH-ES+A128KW"
    /// ECDH-ES, then AES-192 key wrap.
    case ecdhESA192KW = "ECDH-ES+A192KW"
    /// ECDH-ES, then AES-256 key wrap.
    case ecdhESA256KW = "ECDH-ES+A256KW"
    /// A shared symmetric key used directly as the content key.
    case direct = "dir"
    /// AES-128 key wrap with a shared key.
    case a128KW = "A128KW"
    /// AES-192 key wrap with a shared key.
    case a192KW = "A192KW"
    /// AES-256 key wrap with a shared key.
    case a256KW = "A256KW"
    /// AES-128-GCM key wrap with a shared key (`iv` and `tag` header members).
    case a128GCMKW = "A128GCMKW"
    /// AES-192-GCM key wrap.
    case a192GCMKW = "A192GCMKW"
    /// AES-256-GCM key wrap.
    case a256GCMKW = "A256GCMKW"

    /// Whether this is one of the ECDH-ES family (needs `epk`).
    public var isKeyAgreement: Bool {
        switch self {
        case .ecdhES, .ecdhESA128KW, .ecdhESA192KW, .ecdhESA256KW: return true
        default: return false
        }
    }

    /// The key-encryption key length for the wrapping algorithms; `nil` for `ECDH-ES` and `dir`.
    var wrappingKeyByteCount: Int? {
        switch self {
        case .ecdhESA128KW, .a128KW, .a128GCMKW: return 16
        case .ecdhESA192KW, .a192KW, .a192GCMKW: return 24
        case .ecdhESA256KW, .a256KW, .a256GCMKW: return 32
        case .ecdhES, .direct: return nil
        }
    }

    /// Whether the content key is wrapped with AES-GCM rather than RFC 3394 key wrap.
    var wrapsWithGCM: Bool { self == .a128GCMKW || self == .a192GCMKW || self == .a256GCMKW }
}

/// A JWE content-encryption algorithm (`enc`, RFC 7518 §5).
public enum JWEContentEncryptionAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// AES-128-GCM.
    case a128GCM = "A128GCM"
    /// AES-192-GCM.
    case a192GCM = "A192GCM"
    /// AES-256-GCM.
    case a256GCM = "A256GCM"
    /// AES-128-CBC with HMAC-SHA-256.
    case a128CBCHS256 = "A128CBC-HS256"
    /// AES-192-CBC with HMAC-SHA-384.
    case a192CBCHS384 = "A192CBC-HS384"
    /// AES-256-CBC with HMAC-SHA-512.
    case a256CBCHS512 = "A256CBC-HS512"

    /// The content-encryption key length in bytes.
    public var keyByteCount: Int {
        switch self {
        case .a128GCM: return 16
        case .a192GCM: return 24
        case .a256GCM, .a128CBCHS256: return 32
        case .a192CBCHS384: return 48
        case .a256CBCHS512: return 64
        }
    }

    /// The initialization vector length in bytes.
    var ivByteCount: Int { isGCM ? 12 : 16 }

    /// The authentication tag length in bytes.
    var tagByteCount: Int {
        switch self {
        case .a128GCM, .a192GCM, .a256GCM: return 16
        case .a128CBCHS256: return 16
        case .a192CBCHS384: return 24
        case .a256CBCHS512: return 32
        }
    }

    var isGCM: Bool { self == .a128GCM || self == .a192GCM || self == .a256GCM }
}

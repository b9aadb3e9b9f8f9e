import Foundation

/// Whether a profile describes issuance or verification.
public enum ProfileType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case IssueProfile
    case VerifyProfile

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The image format of a logo.
public enum LogoImageType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case jpg
    case png

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The block padding of end-to-end encryption. `PKCS5` means PKCS #7 padding to AES's
/// 16-byte block (the Java name for it).
public enum SymmetricPaddingType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case noPad = "NOPAD"
    case pkcs5 = "PKCS5"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The symmetric cipher of end-to-end encryption.
public enum SymmetricCipherType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case aes128CBC = "AES-128-CBC"
    case aes128ECB = "AES-128-ECB"
    case aes256CBC = "AES-256-CBC"
    case aes256ECB = "AES-256-ECB"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }

    /// The AES key size in bytes (16 or 32): how much of the SHA-256 session key is used.
    public var keySize: Int {
        switch self {
        case .aes128CBC, .aes128ECB: 16
        case .aes256CBC, .aes256ECB: 32
        }
    }

    /// Whether the mode chains blocks with an IV (CBC) or encrypts them independently (ECB).
    public var usesInitializationVector: Bool {
        switch self {
        case .aes128CBC, .aes256CBC: true
        case .aes128ECB, .aes256ECB: false
        }
    }
}

import Foundation

/// The type of a key in a DID document's `verificationMethod`.
public enum DIDKeyType: String, Codable, Sendable, CaseIterable, AlgorithmTypeConvertible, StrictRawValueDecodable {
    public static var commonString: String { "VerificationKey2018" }

    case rsaVerificationKey2018 = "RsaVerificationKey2018"
    case secp256k1VerificationKey2018 = "Secp256k1VerificationKey2018"
    case secp256r1VerificationKey2018 = "Secp256r1VerificationKey2018"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }

    public func convertTo() -> AlgorithmType {
        switch self {
        case .rsaVerificationKey2018: .rsa
        case .secp256k1VerificationKey2018: .secp256k1
        case .secp256r1VerificationKey2018: .secp256r1
        }
    }

    public static func convertFrom(algorithmType: AlgorithmType) -> DIDKeyType {
        switch algorithmType {
        case .rsa: .rsaVerificationKey2018
        case .secp256k1: .secp256k1VerificationKey2018
        case .secp256r1: .secp256r1VerificationKey2018
        }
    }
}

/// The signature suite of a proof.
public enum ProofType: String, Codable, Sendable, CaseIterable, AlgorithmTypeConvertible, StrictRawValueDecodable {
    public static var commonString: String { "Signature2018" }

    case rsaSignature2018 = "RsaSignature2018"
    case secp256k1Signature2018 = "Secp256k1Signature2018"
    case secp256r1Signature2018 = "Secp256r1Signature2018"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }

    public func convertTo() -> AlgorithmType {
        switch self {
        case .rsaSignature2018: .rsa
        case .secp256k1Signature2018: .secp256k1
        case .secp256r1Signature2018: .secp256r1
        }
    }

    public static func convertFrom(algorithmType: AlgorithmType) -> ProofType {
        switch algorithmType {
        case .rsa: .rsaSignature2018
        case .secp256k1: .secp256k1Signature2018
        case .secp256r1: .secp256r1Signature2018
        }
    }
}

/// The elliptic curve of an end-to-end encryption key (``ReqE2e/curve``).
public enum EllipticCurveType: String, Codable, Sendable, CaseIterable, ConvertibleToAlgorithmType, StrictRawValueDecodable {
    public static var commonString: String { emptyString }

    case secp256k1 = "Secp256k1"
    case secp256r1 = "Secp256r1"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }

    public func convertTo() -> AlgorithmType {
        switch self {
        case .secp256k1: .secp256k1
        case .secp256r1: .secp256r1
        }
    }
}

/// What a proof is for; it must match the DID document relationship listing the key.
public enum ProofPurpose: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case assertionMethod
    case authentication
    case keyAgreement
    case capabilityInvocation
    case capabilityDelegation

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// How the holder must authenticate to use a key (a bare integer in JSON).
public enum AuthType: Int, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case free = 1
    case pin = 2
    case bio = 4

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The type of a DID document service.
public enum DIDServiceType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case linkedDomains = "LinkedDomains"
    case credentialRegistry = "CredentialRegistry"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

import Crypto
import Foundation

extension PrivateKey {
    /// Signs `message` with `algorithm`, returning the JOSE form of the signature: raw
    /// fixed-width `r || s` for ECDSA (low-S for ES256K), 64 bytes for Ed25519.
    ///
    /// Throws ``CryptoKeysError/algorithmMismatch(algorithm:key:)`` when the algorithm's
    /// curve is not this key's curve (RSA signing is not offered).
    public func sign(_ message: Data, algorithm: SignatureAlgorithm) throws(CryptoKeysError) -> Data {
        guard algorithm.curve == curve else {
            throw .algorithmMismatch(algorithm: algorithm.rawValue, key: curve.rawValue)
        }
        do {
            switch backing {
            case .p256(let key): return try key.signature(for: message).rawRepresentation
            case .p384(let key): return try key.signature(for: message).rawRepresentation
            case .p521(let key): return try key.signature(for: message).rawRepresentation
            case .ed25519(let key): return try key.signature(for: message)
            case .secp256k1(let key):
                return try key.signature(forDigest: DigestAlgorithm.sha256.hash(message))
            case .x25519:
                throw CryptoKeysError.algorithmMismatch(algorithm: algorithm.rawValue, key: curve.rawValue)
            }
        } catch let error as CryptoKeysError {
            throw error
        } catch {
            throw .backend("signing failed: \(error)")
        }
    }

    /// Signs `message` with the algorithm that goes with this key's curve (ES256 for P-256,
    /// ES256K for secp256k1, EdDSA for Ed25519 …).
    public func sign(_ message: Data) throws(CryptoKeysError) -> Data {
        guard let algorithm = SignatureAlgorithm.defaultAlgorithm(for: curve) else {
            throw .unsupported("signing with \(curve.rawValue) keys")
        }
        return try sign(message, algorithm: algorithm)
    }
}

extension SignatureAlgorithm {
    /// The signature algorithm that goes with a curve, or `nil` for X25519.
    public static func defaultAlgorithm(for curve: KeyCurve) -> SignatureAlgorithm? {
        switch curve {
        case .p256: return .es256
        case .p384: return .es384
        case .p521: return .es512
        case .secp256k1: return .es256k
        case .ed25519: return .edDSA
        case .x25519: return nil
        }
    }
}

import Crypto
import Foundation

extension PrivateKey {
    /// Elliptic-curve Diffie–Hellman with `publicKey`, returning the raw shared secret `Z`:
    /// the x-coordinate for P-256/384/521 and secp256k1 (not hashed), the 32-byte X25519
    /// output. Feed it to ``KeyDerivation`` (HKDF or the JOSE Concat KDF), never use it as a
    /// key directly.
    ///
    /// Both keys must be on the same curve; Ed25519 keys cannot agree (convert to X25519
    /// keys instead). An X25519 peer key of small order, which would give an all-zero
    /// secret, is rejected with ``CryptoKeysError/keyAgreementFailure(reason:)``.
    public func sharedSecret(with publicKey: PublicKey) throws(CryptoKeysError) -> Data {
        guard publicKey.curve == curve else {
            throw .keyAgreementFailure(reason: "keys are on different curves (\(curve.rawValue), \(publicKey.kindName))")
        }
        do {
            switch (backing, publicKey.backing) {
            case (.p256(let mine), .p256(let theirs)):
                let secret = try P256.KeyAgreement.PrivateKey(rawRepresentation: mine.rawRepresentation)
                    .sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(rawRepresentation: theirs.rawRepresentation))
                return secret.withUnsafeBytes { Data($0) }
            case (.p384(let mine), .p384(let theirs)):
                let secret = try P384.KeyAgreement.PrivateKey(rawRepresentation: mine.rawRepresentation)
                    .sharedSecretFromKeyAgreement(with: P384.KeyAgreement.PublicKey(rawRepresentation: theirs.rawRepresentation))
                return secret.withUnsafeBytes { Data($0) }
            case (.p521(let mine), .p521(let theirs)):
                let secret = try P521.KeyAgreement.PrivateKey(rawRepresentation: mine.rawRepresentation)
                    .sharedSecretFromKeyAgreement(with: P521.KeyAgreement.PublicKey(rawRepresentation: theirs.rawRepresentation))
                return secret.withUnsafeBytes { Data($0) }
            case (.x25519(let mine), .x25519(let theirs)):
                let secret = try mine.sharedSecretFromKeyAgreement(with: theirs)
                let bytes = secret.withUnsafeBytes { Data($0) }
                guard bytes.contains(where: { $0 != 0 }) else {
                    throw CryptoKeysError.keyAgreementFailure(reason: "X25519 peer key has small order")
                }
                return bytes
            case (.secp256k1(let mine), .secp256k1(let theirs)):
                return try mine.sharedSecret(with: theirs)
            default:
                throw CryptoKeysError.keyAgreementFailure(reason: "\(curve.rawValue) keys do not support key agreement")
            }
        } catch let error as CryptoKeysError {
            throw error
        } catch {
            throw .keyAgreementFailure(reason: "\(error)")
        }
    }
}

import Crypto
import Foundation

extension PrivateKey {
    /// Signs a 32-byte digest as it is (no further hashing) and returns the low-S signature
    /// with its recovery id, the form Open DID proofs carry.
    ///
    /// P-256 signs in libcrypto with a nonce point it can read the recovery id from (one
    /// signature's work, see `LibcryptoCurve.signRecoverable`); secp256k1 gets the id from
    /// libsecp256k1's recoverable signing. Other curves throw ``CryptoKeysError/unsupported(_:)``.
    public func signRecoverable(digest: Data) throws(CryptoKeysError) -> RecoverableECDSASignature {
        switch backing {
        case .p256(let key):
            let (r, s, recoveryID) = try LibcryptoCurve.p256.signRecoverable(
                privateKey: key.rawRepresentation, digest: digest)
            return try RecoverableECDSASignature(
                signature: ECDSASignature(rawRepresentation: r + s, curve: .p256), recoveryID: recoveryID)
        case .secp256k1(let key):
            let (raw, recoveryID) = try key.recoverableSignature(forDigest: digest)
            return try RecoverableECDSASignature(
                signature: ECDSASignature(rawRepresentation: raw, curve: .secp256k1), recoveryID: recoveryID)
        case .p384, .p521, .ed25519, .x25519:
            throw .unsupported("recoverable signatures with \(curve.rawValue) keys")
        }
    }

    /// Hashes `message` with SHA-256 and signs the digest with ``signRecoverable(digest:)``:
    /// Open DID's "SHA-256 of the signing input, then a compact signature".
    public func signRecoverable(message: Data) throws(CryptoKeysError) -> RecoverableECDSASignature {
        try signRecoverable(digest: DigestAlgorithm.sha256.hash(message))
    }
}

import Crypto
import Foundation

extension PrivateKey {
    /// Signs a 32-byte digest as it is (no further hashing) and returns the low-S signature
    /// with its recovery id, the form Open DID proofs carry.
    ///
    /// P-256 signs through swift-crypto and then finds the recovery id with one extra
    /// double-scalar multiplication in libcrypto; secp256k1 gets the id from libsecp256k1's
    /// recoverable signing. Other curves throw ``CryptoKeysError/unsupported(_:)``.
    public func signRecoverable(digest: Data) throws(CryptoKeysError) -> RecoverableECDSASignature {
        switch backing {
        case .p256(let key):
            let prehashed = try PrehashedDigest(digest)
            let raw: Data
            do {
                raw = try key.signature(for: prehashed).rawRepresentation
            } catch {
                throw .backend("P-256 signing failed: \(error)")
            }
            let signature = try ECDSASignature(rawRepresentation: raw, curve: .p256)
            return try RecoverableECDSASignature(signature: signature, digest: digest, publicKey: publicKey)
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

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

    /// Signs several 32-byte digests, each with its own nonce; for P-256 the nonces share
    /// one modular inversion, which makes a batch markedly cheaper than one call per digest
    /// (an Open DID credential carries one signature per claim plus one over the whole).
    public func signRecoverable(digests: [Data]) throws(CryptoKeysError) -> [RecoverableECDSASignature] {
        switch backing {
        case .p256(let key):
            let made = try LibcryptoCurve.p256.signRecoverable(privateKey: key.rawRepresentation, digests: digests)
            return try made.map { r, s, recoveryID throws(CryptoKeysError) in
                try RecoverableECDSASignature(
                    signature: ECDSASignature(rawRepresentation: r + s, curve: .p256), recoveryID: recoveryID)
            }
        default:
            return try digests.map { digest throws(CryptoKeysError) in try signRecoverable(digest: digest) }
        }
    }

    /// Hashes `message` with SHA-256 and signs the digest with ``signRecoverable(digest:)``:
    /// Open DID's "SHA-256 of the signing input, then a compact signature".
    public func signRecoverable(message: Data) throws(CryptoKeysError) -> RecoverableECDSASignature {
        try signRecoverable(digest: DigestAlgorithm.sha256.hash(message))
    }
}

import Foundation

/// Checks many recoverable signatures against one known public key.
///
/// ``RecoverableECDSASignature/isValidSignature(forDigest:recoveringTo:)`` has to export
/// the key to SEC 1 bytes for libcrypto on every call, which costs about a third of the
/// check; a verifier does that once. An Open DID credential carries eleven signatures by
/// one issuer key.
public struct RecoveringVerifier: Sendable {
    /// The key every signature must recover to.
    public let publicKey: PublicKey
    private let uncompressedPoint: Data?

    public init(publicKey: PublicKey) {
        self.publicKey = publicKey
        uncompressedPoint = publicKey.curve == .p256 ? publicKey.sec1UncompressedRepresentation : nil
    }

    /// Whether `signature` verifies over the 32-byte `digest` and its recovery id names
    /// ``publicKey``.
    public func isValid(_ signature: RecoverableECDSASignature, forDigest digest: Data) -> Bool {
        guard publicKey.curve == signature.curve, digest.count == PrehashedDigest.byteCount else { return false }
        switch signature.curve {
        case .p256:
            // The verification point R' = (e/s)·G + (r/s)·Q is the signer's R when the
            // signature is valid, so its parity (and x ≥ n bit) is the recovery id.
            guard let uncompressedPoint,
                  let found = try? LibcryptoCurve.p256.recoveryID(
                    r: signature.signature.r, s: signature.signature.s, digest: digest, publicKey: uncompressedPoint)
            else { return false }
            return found == signature.recoveryID
        case .secp256k1:
            return (try? signature.recoverPublicKey(digest: digest)) == publicKey
        case .p384, .p521, .ed25519, .x25519:
            return false
        }
    }

    /// Whether every signature is ``isValid(_:forDigest:)``, decided for P-256 by one
    /// batch check rather than one verification each.
    ///
    /// The batch (random linear combination of the verification equations, see
    /// `LibcryptoCurve.allValid`) accepts a set containing a forgery with probability at
    /// most 2⁻¹²⁷, and costs about a third of checking eleven signatures one by one. A
    /// `false` does not say which signature failed: ask ``isValid(_:forDigest:)`` of each.
    public func areAllValid(_ signatures: [(signature: RecoverableECDSASignature, digest: Data)]) -> Bool {
        guard signatures.count > 1, publicKey.curve == .p256, let uncompressedPoint else {
            return signatures.allSatisfy { isValid($0.signature, forDigest: $0.digest) }
        }
        var entries: [LibcryptoCurve.RecoverableEntry] = []
        entries.reserveCapacity(signatures.count)
        for (signature, digest) in signatures {
            guard signature.curve == .p256 else { return false }
            entries.append(LibcryptoCurve.RecoverableEntry(
                r: signature.signature.r, s: signature.signature.s, recoveryID: signature.recoveryID, digest: digest))
        }
        return LibcryptoCurve.p256.allValid(entries, publicKey: uncompressedPoint)
    }
}

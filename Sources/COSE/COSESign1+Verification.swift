import CBOR
import CryptoKeys
import Foundation

extension COSESign1 {
    /// Checks the signature with `key`, throwing why it does not hold.
    ///
    /// In order: every `crit` label must be understood (this library's own labels plus
    /// `understoodCriticalLabels`); `alg` must be an algorithm implemented here and must fit
    /// the key's curve exactly (ES256 needs P-256, ES384 P-384, ES512 P-521, ES256K
    /// secp256k1, EdDSA Ed25519 — RFC 9053 only *suggests* the pairing, this library insists,
    /// so a downgrade to a weaker hash cannot be smuggled in); then the signature over the
    /// `Sig_structure` must verify. A detached payload is passed in `detachedPayload`.
    ///
    /// Passing this check says the holder of `key` signed these bytes; whether that key is
    /// trusted, and whether `kid` or `x5chain` point at it, is for the caller's policy.
    public func verify(
        with key: PublicKey,
        externalAAD: Data = Data(),
        detachedPayload: Data? = nil,
        understoodCriticalLabels: Set<COSEHeaderLabel> = []
    ) throws(COSEError) {
        try fields.checkCritical(understood: understoodCriticalLabels)
        let algorithm = try algorithm()
        guard let signatureAlgorithm = algorithm.signatureAlgorithm else {
            throw .unsupportedAlgorithm(algorithm.description)
        }
        guard let curve = key.curve, signatureAlgorithm.curve == curve else {
            throw .algorithmMismatch(
                algorithm: algorithm.description, key: key.curve?.rawValue ?? key.keyType.rawValue)
        }
        let message = try toBeSigned(externalAAD: externalAAD, detachedPayload: detachedPayload)
        let valid: Bool
        do throws(CryptoKeysError) {
            valid = try key.verify(signature, for: message, algorithm: signatureAlgorithm)
        } catch {
            throw .crypto(error)
        }
        guard valid else { throw .invalidSignature }
    }

    /// Checks the signature with a COSE_Key. When the key names an algorithm (`alg`), the
    /// message must use that one (RFC 9052 §7.1).
    public func verify(
        with key: COSEKey,
        externalAAD: Data = Data(),
        detachedPayload: Data? = nil,
        understoodCriticalLabels: Set<COSEHeaderLabel> = []
    ) throws(COSEError) {
        try fields.checkAlgorithm(allowedBy: key)
        try verify(
            with: key.publicKey(), externalAAD: externalAAD, detachedPayload: detachedPayload,
            understoodCriticalLabels: understoodCriticalLabels)
    }
}

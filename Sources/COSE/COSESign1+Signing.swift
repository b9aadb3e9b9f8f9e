import CBOR
import CryptoKeys
import Foundation

extension COSESign1 {
    /// Signs `payload` with `signer`, which may be a hardware or remote key.
    ///
    /// The signer's algorithm goes into the protected bucket as `alg` unless the caller put
    /// it there already (a different `alg` there is an error). With `detached`, the message
    /// carries `nil` and the payload must travel separately, as ISO 18013-5 does for
    /// `DeviceAuthentication`. `externalAAD` is bound into the signature but not carried.
    ///
    /// The signature is checked against the signer's public key before it is returned, so a
    /// faulty signer (for example one returning DER instead of raw `r || s`) is caught here
    /// rather than by every verifier.
    public static func sign(
        payload: Data,
        protected: COSEHeaders = COSEHeaders(),
        unprotected: COSEHeaders = COSEHeaders(),
        externalAAD: Data = Data(),
        detached: Bool = false,
        signer: some Signer
    ) async throws(COSEError) -> COSESign1 {
        guard let algorithm = COSEAlgorithm(signer.algorithm) else {
            throw .unsupportedAlgorithm(signer.algorithm.rawValue)
        }
        var protectedHeaders = protected
        if let raw = protectedHeaders.rawAlgorithm ?? unprotected.rawAlgorithm {
            guard raw.int64Value.map(COSEAlgorithm.init(rawValue:))?.signatureAlgorithm == signer.algorithm else {
                throw .algorithmMismatch(algorithm: "\(raw)", key: "signer using \(signer.algorithm.rawValue)")
            }
        } else {
            protectedHeaders.algorithm = algorithm
        }
        let unsigned = try COSESign1(
            protected: COSEProtectedHeaders(protectedHeaders), unprotected: unprotected,
            payload: detached ? nil : payload, signature: Data())
        let message = try unsigned.toBeSigned(externalAAD: externalAAD, detachedPayload: detached ? payload : nil)
        let signature: Data
        do {
            signature = try await signer.sign(message)
        } catch {
            throw .signingFailed("\(error)")
        }
        let signed = try COSESign1(
            protected: unsigned.protected, unprotected: unprotected,
            payload: unsigned.payload, signature: signature)
        let selfCheck: Bool
        do throws(CryptoKeysError) {
            selfCheck = try signer.publicKey.verify(signature, for: message, algorithm: signer.algorithm)
        } catch {
            throw .crypto(error)
        }
        guard selfCheck else {
            throw .signingFailed("the signature does not verify under the signer's own public key")
        }
        return signed
    }
}

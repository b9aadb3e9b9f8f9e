import CryptoKeys
import Foundation
import OpenID4VCI

/// Asks the wallet's secure area for a key attestation when a key proof is built, so the
/// attestation can carry the issuer's `c_nonce` (OpenID4VCI 1.0 Appendix D and F.1).
///
/// A secure area that cannot attest (the software one) answers nothing, and an issuer or a
/// profile that requires attestation then refuses before the request is sent.
struct SecureAreaKeyAttestation: KeyAttestationProviding {
    let area: any SecureArea
    let keyID: String

    func keyAttestation(for key: PublicKey, nonce: String?) async throws(OpenID4VCIError) -> String {
        let attestation: Data?
        do {
            attestation = try await area.keyAttestation(keyIDs: [keyID], nonce: nonce)
        } catch {
            throw .proofSigningFailed("the secure area could not attest key \(keyID): \(error)")
        }
        guard let attestation, !attestation.isEmpty else { throw .keyAttestationRequired }
        return String(decoding: attestation, as: UTF8.self)
    }
}

import Foundation
import OpenDID

extension CredentialWallet {
    /// The longest an Open DID presentation may be valid, in seconds (a day): it answers one
    /// verifier nonce, so a long life only widens the window for replaying it.
    public static let maximumOpenDIDPresentationValidity: TimeInterval = 24 * 60 * 60

    /// A selective-disclosure presentation of a stored Open DID credential, for a verifier
    /// that sent `verifierNonce`: the Open DID path, which a verifier checks with its own
    /// DID documents (OpenDID's `PresentationVerifier`).
    ///
    /// Only the claims with `claimCodes` are disclosed, each with the issuer's signature of
    /// that claim alone; the presentation is signed by the credential's holder key (in the
    /// secure area) as an `authentication` proof of the subject's DID, whose DID document the
    /// wallet must hold, and is valid from now for `validity` seconds. The credential is
    /// verified again first: one that no longer verifies (expired, issuer no longer trusted)
    /// or that was imported without its holder key is not presented. The presentation is
    /// written to the activity log with the claims disclosed.
    ///
    /// - Returns: the presentation's JSON, as Open DID writes it (sorted compact).
    /// - Throws: ``WalletError/Presentation/invalidSelection(_:)`` for no claim, a claim the
    ///   credential lacks, an empty nonce or a validity out of range;
    ///   ``WalletError/Presentation/credentialUnusable(id:reason:)`` for a credential of another
    ///   format, one that does not verify, a view-only one, or a holder key its subject's DID
    ///   document does not list; ``WalletError/Presentation/wallet(_:)`` for an unknown id.
    public func openDIDPresentation(
        of credentialID: String, disclosing claimCodes: [String], verifierNonce: String, validity: TimeInterval = 300
    ) async throws(WalletError) -> Data {
        guard !claimCodes.isEmpty else { throw .invalidSelection("choose at least one claim to disclose") }
        guard !verifierNonce.isEmpty, verifierNonce.utf8.count <= 1024 else {
            throw .invalidSelection("the verifier nonce must be 1 to 1024 bytes")
        }
        guard validity >= 1, validity <= Self.maximumOpenDIDPresentationValidity else {
            throw .invalidSelection("a presentation is valid for 1 to \(Int(Self.maximumOpenDIDPresentationValidity)) seconds")
        }
        let credential: VerifiedCredential
        do throws(WalletError) {
            credential = try await self.credential(id: credentialID)
        } catch {
            throw error
        }
        guard credential.format == .openDID else {
            throw .credentialUnusable(id: credentialID, reason: "it is a \(credential.format) credential; the Open DID path presents Open DID credentials")
        }
        guard credential.verificationResult.verified else {
            throw .credentialUnusable(
                id: credentialID, reason: "it does not verify: \(credential.verificationResult.failures.map(\.description).joined(separator: "; "))")
        }
        guard let keyID = credential.holderKeyID else {
            throw .credentialUnusable(id: credentialID, reason: "it is view-only: it was imported without its holder key")
        }
        let time = now
        let documents: [DIDDocument]
        let signer: SecureAreaSigner
        do throws(WalletError) {
            documents = try await store.trustedDIDDocuments().map(\.document)
            signer = try await holderKeySigner(keyID: keyID)
        } catch {
            throw error
        }
        let presentation = try await OpenDIDPresenter.presentation(
            id: credentialID, payload: credential.payload, disclosing: claimCodes, verifierNonce: verifierNonce,
            documents: documents, signer: signer, at: time, validity: validity)
        try? await recordPresentation(
            credentialIDs: [credentialID], verifier: nil, disclosedClaims: claimCodes, outcome: "created")
        return presentation
    }
}

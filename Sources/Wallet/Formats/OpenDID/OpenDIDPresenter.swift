import CryptoKeys
import Foundation
import OpenDID

/// Makes an Open DID presentation from a stored credential, as an Open DID wallet does: the
/// credential reduced to the chosen claims (each keeps the issuer's per-claim signature,
/// the whole-credential one is dropped), in a presentation for the verifier's nonce, signed
/// by the holder's key as an `authentication` proof of the subject's DID.
enum OpenDIDPresenter {
    /// The presentation's JSON (sorted compact, as Open DID signs it).
    ///
    /// `documents` must hold the subject's DID document, listing `signer`'s key for
    /// `authentication`: the verification method the proof names comes from it.
    static func presentation(
        id: String, payload: Data, disclosing codes: [String], verifierNonce: String, documents: [DIDDocument],
        signer: any Signer, at time: Date, validity: TimeInterval
    ) async throws(WalletError) -> Data {
        let credential: VerifiableCredential
        do {
            (credential, _) = try OpenDIDInspector.decode(payload)
        } catch {
            throw .credentialUnusable(id: id, reason: "the stored Open DID credential no longer decodes: \(error)")
        }
        let holder = credential.credentialSubject.id
        guard let document = OpenDIDHolderBinding.holderDocument(holder, in: documents) else {
            throw .credentialUnusable(id: id, reason: "the wallet holds no DID document of the holder \(holder) to name its key from")
        }
        guard let method = OpenDIDHolderBinding.authenticationMethod(for: signer.publicKey, in: document) else {
            throw .credentialUnusable(
                id: id, reason: "the holder key is not an authentication key of version \(document.versionId) of \(holder)'s DID document")
        }
        var presentation: VerifiablePresentation
        do throws(OpenDIDError) {
            presentation = try VerifiablePresentation(
                holder: holder, disclosing: [ClaimSelection(credential: credential, claimCodes: codes)],
                verifierNonce: verifierNonce, validFrom: time, validity: validity)
        } catch .claimNotFound(let code) {
            throw .invalidSelection("the credential has no claim \(code) (its claims: \(credential.credentialSubject.claims.map(\.code).joined(separator: ", ")))")
        } catch {
            throw .credentialUnusable(id: id, reason: "\(error)")
        }
        let key = ProofKey(signer: signer, did: holder, versionId: document.versionId, keyID: method.id, purpose: .authentication)
        do {
            try await presentation.sign(with: [key], created: time)
            return try presentation.toJsonData()
        } catch let error as OpenDIDError {
            throw .credentialUnusable(id: id, reason: "the presentation could not be signed: \(error)")
        } catch {
            throw .credentialUnusable(id: id, reason: "the presentation could not be written: \(error)")
        }
    }
}

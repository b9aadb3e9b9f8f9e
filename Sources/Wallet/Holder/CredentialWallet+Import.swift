import CryptoKeys
import Foundation

extension CredentialWallet {
    /// Stores a credential from a file: any bytes a format plug-in recognises (an SD-JWT VC,
    /// compact or JSON; an mdoc `IssuerSigned` as CBOR, hex or base64url; an Open DID VC's
    /// JSON), verified in full against the wallet's trusted roots (for Open DID, its trusted
    /// DID documents) first — one that does not verify stores nothing.
    ///
    /// A credential bound to a key (`cnf`, the MSO's device key) is stored with that key when
    /// `holderKey` is given: it must be the key the credential binds, and it is kept in the
    /// secure area like the keys the wallet makes. Without it the credential is stored
    /// view-only (``VerifiedCredential/isViewOnly``): it verifies, but cannot prove possession.
    /// An Open DID credential binds its subject's DID instead: the key must then be one the
    /// subject's DID document (held by the wallet, see ``addTrustedDIDDocument(_:)``) lists
    /// for `authentication`.
    /// The key and the credential are written as one claim: both or neither.
    ///
    /// - Throws: ``WalletError/credentialRejected(_:)``: ``WalletError/Rejection/unsupportedFormat(_:)``
    ///   when no plug-in recognises the bytes; ``WalletError/Rejection/failedValidation(_:)`` (with
    ///   ``VerificationFailure/Kind/holderKeyMismatch`` when `holderKey` is not the bound key).
    public func importCredential(_ data: Data, holderKey: PrivateKey? = nil) async throws(WalletError) -> VerifiedCredential {
        guard let (plugIn, payload) = formats.plugIns.lazy.compactMap({ plugIn in plugIn.recognise(data).map { (plugIn, $0) } }).first
        else {
            throw .credentialRejected(.unsupportedFormat("the file is not a credential of a format this wallet holds (\(formats.plugIns.map(\.format.rawValue).joined(separator: ", ")))"))
        }
        if let holderKey {
            guard plugIn.bindsHolder(payload) else {
                throw .credentialRejected(.failedValidation([VerificationFailure(.holderKeyMismatch, "the credential binds no holder key, so none is imported with it")]))
            }
            // A credential bound to a key names it; one bound otherwise (an Open DID subject
            // DID) has the key checked by its inspection, which the claim rolls back on.
            if let bound = plugIn.boundKey(of: payload), bound != holderKey.publicKey {
                throw .credentialRejected(.failedValidation([VerificationFailure(.holderKeyMismatch, "the key given is not the holder key the credential binds")]))
            }
        }
        let claim = try await store.beginClaim()
        let scope = WalletStore.ClaimScope(store: ObjectIdentifier(store), claimID: claim)
        let outcome: Result<VerifiedCredential, WalletError> = await WalletStore.$claimScope.withValue(scope) {
            do throws(WalletError) {
                var keyID: String?
                if let holderKey { keyID = try await secureArea.importKey(holderKey).id }
                return .success(try await addCredential(ReceivedCredential(format: plugIn.format, payload: payload, holderKeyID: keyID)))
            } catch {
                return .failure(error)
            }
        }
        guard case .success(let stored) = outcome, !Task.isCancelled else {
            try? await store.rollBackClaim(claim)
            if case .failure(let error) = outcome { throw error }
            throw .storage("the import was cancelled; nothing was stored")
        }
        do throws(WalletError) {
            try await store.commitClaim(claim, keepingCertificates: [])
        } catch {
            try? await store.rollBackClaim(claim)
            throw error
        }
        return stored
    }

    /// The credential with `id` in its own format, exactly as it was stored: the SD-JWT VC
    /// text as received, the mdoc's `IssuerSigned` CBOR.
    public func exportCredential(id: String) async throws(WalletError) -> (format: CredentialFormat, data: Data) {
        let stored = try await store.credential(id: id)
        return (stored.format, stored.payload)
    }
}

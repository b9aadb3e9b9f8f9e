import CryptoKeys
import Foundation
import JSONModel

extension CredentialWallet {
    /// The credential with `id`, verified again now: trust anchors, signatures, validity,
    /// holder key and status list (over the network, through the status list cache).
    ///
    /// Throws ``WalletError/notFound(kind:id:)`` for an unknown id; a credential that no
    /// longer verifies is returned with the reasons in
    /// ``VerifiedCredential/verificationResult``. The result is remembered in the metadata, so
    /// a list shows the latest status without verifying again.
    public func credential(id: String) async throws(WalletError) -> VerifiedCredential {
        let stored = try await store.credential(id: id)
        let time = now
        var holderKey: PublicKey?
        var keyProblem: VerificationFailure?
        if let keyID = stored.holderKeyID {
            do {
                holderKey = try await secureArea.publicKey(keyID: keyID)
            } catch {
                keyProblem = VerificationFailure(.holderKeyMismatch, "the holder key \(keyID) is unavailable: \(error)")
            }
        }
        let context = try await inspectionContext(holderKey: holderKey, at: time)
        var inspection = await inspect(stored.format, stored.payload, context: context)
        if let keyProblem { inspection.fail(keyProblem) }
        var metadata = stored.metadata
        metadata.record(inspection.result(at: time))
        try? await store.updateMetadata(metadata, forCredential: id)
        return await makeCredential(stored, inspection: inspection, at: time)
    }

    /// The files credential `id` came with (``CredentialAttachment``: attributes the issuer
    /// signed as files, then the offer's own attachments), as its format plug-in reads them
    /// from the stored record; none for a credential that came with none.
    ///
    /// - Throws: ``WalletError/notFound(kind:id:)`` for an unknown id.
    public func attachments(ofCredential id: String) async throws(WalletError) -> [CredentialAttachment] {
        let stored = try await store.credential(id: id)
        return formats.plugIn(for: stored.format).attachments(of: stored.payload)
    }

    /// Every credential, from the metadata only (no credential bytes are decrypted, nothing
    /// is fetched), oldest first.
    public func listCredentials() async throws(WalletError) -> [CredentialSummary] {
        try await searchCredentials(CredentialQuery())
    }

    /// The credentials matching `query` (format, type, issuer, text in the display name),
    /// oldest first, from the metadata only.
    public func searchCredentials(_ query: CredentialQuery) async throws(WalletError) -> [CredentialSummary] {
        let locales = configuration.locales
        return try await store.credentialSummaries(format: query.format)
            .map { $0.preferring(locales) }
            .filter(query.matches)
    }

    /// Deletes the credential and, in the same transaction, its holder key when no other
    /// credential or holder DID uses it; the deletion is logged in that transaction too, so a
    /// process killed at any moment leaves the credential with its key or neither.
    public func deleteCredential(id: String) async throws(WalletError) {
        let summary = try await store.credentialSummaries().first { $0.id == id }
        try await store.deleteCredential(id: id, releasingHolderKey: summary?.holderKeyID, ownedBy: secureArea.name)
    }

    /// The activity log (issuances, presentations, deletions), newest first.
    public func activityLog(limit: Int = 100) async throws(WalletError) -> [ActivityEvent] {
        try await store.activity(limit: limit)
    }

    /// Logs a presentation: which credentials, to whom, the claims disclosed (as paths) and
    /// how it ended (`accepted`, `declined`, …).
    public func recordPresentation(
        credentialIDs: [String], verifier: String?, verifierName: String? = nil, disclosedClaims: [String],
        outcome: String? = nil
    ) async throws(WalletError) {
        try await store.recordActivity(ActivityEvent(
            kind: .presentation, occurredAt: now, credentialIDs: credentialIDs, counterparty: verifier,
            counterpartyName: verifierName, disclosedClaims: disclosedClaims, outcome: outcome))
    }

    /// The value ``credential(id:)`` returns.
    func makeCredential(_ stored: StoredCredential, inspection: CredentialInspection, at time: Date) async -> VerifiedCredential {
        let metadata = stored.metadata
        let fingerprint = inspection.anchorFingerprint ?? metadata.issuerCertificateFingerprint
        let trusted = try? await store.trustedCertificates().first { $0.fingerprint == fingerprint }
        var trustedDocument: TrustedDIDDocument?
        if let anchor = inspection.anchorDIDDocument {
            trustedDocument = try? await store.trustedDIDDocuments().first { $0.id == anchor }
        }
        let issuerInfo = VerifiedCredential.Issuer(
            commonName: inspection.signer.flatMap(ChainJudgement.commonName)
                ?? metadata.issuerCommonName,
            identifier: inspection.issuer ?? metadata.issuer,
            displayName: metadata.issuerDisplayName,
            signerSubject: inspection.signer?.subject.description,
            trustedCertificate: trusted ?? nil,
            trustedCertificateFingerprint: fingerprint, trustedDIDDocument: trustedDocument)
        var validity = inspection.validity
        if validity == CredentialValidity() {
            validity = CredentialValidity(
                issuedAt: metadata.issuedAt, validFrom: metadata.validFrom,
                validUntil: metadata.validUntil)
        }
        return VerifiedCredential(
            id: stored.id, format: stored.format, credentialType: inspection.credentialType ?? metadata.credentialType,
            claims: inspection.claims, branding: CredentialBranding(display: metadata.display, preferring: configuration.locales),
            issuerInfo: issuerInfo, validity: validity, verificationResult: inspection.result(at: time),
            holderKeyID: stored.holderKeyID, storedAt: stored.createdAt, payload: stored.payload, issuerDisplay: metadata.issuerDisplay,
            isViewOnly: stored.holderKeyID == nil && formats.plugIn(for: stored.format).bindsHolder(stored.payload))
    }
}

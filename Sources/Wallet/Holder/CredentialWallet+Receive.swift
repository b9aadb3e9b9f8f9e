import CryptoKeys
import Foundation
import JSONModel

extension CredentialWallet {
    /// Validates a received credential in full and stores it; on any failure stores nothing
    /// and throws why: ``WalletError/credentialRejected(_:)`` for the credential, another
    /// ``WalletError`` when the wallet could not keep it.
    ///
    /// Validation is the formats' own: an SD-JWT VC through `SDJWTVCVerifier` (the `x5c`
    /// chain to an issuer root of this wallet, signature, Disclosures, times, the `cnf` key
    /// equal to `holderKeyID`'s), an mdoc through `IssuerSignedValidator` (document signer
    /// chain to a trusted IACA, issuerAuth, digests, validity, the device key equal to
    /// `holderKeyID`'s), then the status list. A revoked or suspended credential is refused;
    /// one whose status list cannot be reached is accepted (its status reads `unknown`) so
    /// issuance does not depend on the status service. `jwt_vc_json` is stored verbatim
    /// after its payload parses and its dates hold. The issuance is logged in the same
    /// transaction.
    @discardableResult
    public func addCredential(_ received: ReceivedCredential) async throws(WalletError) -> VerifiedCredential {
        let stored = try await addCredentials([received])
        guard let first = stored.first else { throw .storage("no credential was stored") }
        return first
    }

    /// Validates every credential, then stores all of them in one transaction (a batch is
    /// kept whole or not at all), logging one issuance event. Throws the first rejection.
    @discardableResult
    public func addCredentials(_ received: [ReceivedCredential]) async throws(WalletError) -> [VerifiedCredential] {
        guard !received.isEmpty else { return [] }
        guard received.count <= configuration.limits.maximumBatchCount else {
            throw .inputTooLarge(field: "credentials", limit: configuration.limits.maximumBatchCount)
        }
        let time = now
        var prepared: [(StoredCredential.Draft, CredentialInspection, ReceivedCredential)] = []
        for credential in received {
            let (new, inspection) = try await validate(credential, at: time)
            prepared.append((new, inspection, credential))
        }
        let issuer = prepared.first.flatMap { $0.0.metadata.issuer }
        let event = ActivityEvent(
            kind: .issuance, occurredAt: time, credentialIDs: prepared.compactMap { $0.0.id },
            counterparty: issuer, counterpartyName: prepared.first?.0.metadata.issuerDisplayName)
        let stored = try await store.addCredentials(prepared.map { $0.0 }, recording: event)
        var result: [VerifiedCredential] = []
        for (record, (_, inspection, _)) in zip(stored, prepared) {
            result.append(await makeCredential(record, inspection: inspection, at: time))
        }
        return result
    }

    /// Runs the validation and builds the record to store; throws when it must not be kept.
    func validate(_ received: ReceivedCredential, at time: Date) async throws(WalletError) -> (StoredCredential.Draft, CredentialInspection) {
        guard received.payload.count <= configuration.limits.maximumPayloadBytes else {
            throw .inputTooLarge(field: "payload", limit: configuration.limits.maximumPayloadBytes)
        }
        var holderKey: PublicKey?
        if let keyID = received.holderKeyID {
            do {
                holderKey = try await secureArea.publicKey(keyID: keyID)
            } catch {
                throw .credentialRejected(.holderKeyNotFound(keyID))
            }
        }
        let context = try await inspectionContext(holderKey: holderKey, at: time)
        var inspection = await inspect(received.format, received.payload, context: context)
        if let expected = received.expectedType, let actual = inspection.credentialType, actual != expected {
            inspection.fail(.unexpectedType, "the issuer sent a \(actual) where a \(expected) was requested")
        }
        var blocking = inspection.blockingFailures
        if formats.plugIn(for: received.format).storesUnverifiable { blocking.removeAll { $0.kind == .unverifiableFormat } }
        if let malformed = blocking.first(where: { $0.kind == .malformedCredential }), blocking.count == 1 {
            throw .credentialRejected(.malformed(malformed.message))
        }
        guard blocking.isEmpty else { throw .credentialRejected(.failedValidation(inspection.failures)) }

        var metadata = CredentialMetadata(
            issuer: inspection.issuer ?? received.issuer.credentialIssuer,
            issuerDisplayName: received.issuer.issuerName(preferring: configuration.locales)
                ?? inspection.signer.flatMap(ChainJudgement.commonName) ?? inspection.issuerName,
            credentialType: inspection.credentialType,
            display: received.issuer.credentialDisplay,
            validFrom: inspection.validity.validFrom, validUntil: inspection.validity.validUntil,
            issuerCertificateFingerprint: inspection.anchorFingerprint,
            issuedAt: inspection.validity.issuedAt, expectedUpdate: inspection.validity.expectedUpdate,
            issuerCommonName: inspection.signer.flatMap(ChainJudgement.commonName),
            issuerDisplay: received.issuer)
        metadata.record(inspection.result(at: time))
        let new = StoredCredential.Draft(
            id: UUID().uuidString, format: received.format, payload: received.payload, metadata: metadata,
            holderKeyID: received.holderKeyID)
        return (new, inspection)
    }
}

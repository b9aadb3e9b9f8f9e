import AnonCreds
import Foundation

extension CredentialWallet {
    /// The name of the link secret every AnonCreds credential of this wallet is bound to.
    static let linkSecretName = "default"

    /// The holder's AnonCreds identity: the link secret, made on first use from the system's
    /// random generator and sealed in the wallet like its other secrets; it never leaves the
    /// wallet except blinded (in a request) or inside a zero-knowledge proof.
    public func anonCredsHolder() async throws(WalletError) -> AnonCredsHolder {
        var stored = try await store.linkSecret(named: Self.linkSecretName)
        if stored == nil {
            stored = try await store.addLinkSecret(LinkSecret.random().storedDecimal, named: Self.linkSecretName)
        }
        guard let stored, let secret = LinkSecret(storedDecimal: stored) else {
            throw .corruptedRecord(table: "link_secret", id: Self.linkSecretName)
        }
        return AnonCredsHolder(linkSecret: secret, linkSecretName: Self.linkSecretName)
    }

    /// Answers an AnonCreds credential offer: checks the offer's key correctness proof against
    /// `definition` (the definition the offer names), then blinds the link secret into a
    /// request. Keep the returned metadata until the credential arrives.
    ///
    /// - Throws: ``WalletError/credentialRejected(_:)`` when the offer is not for `definition`
    ///   or its proof fails — nothing is sent then.
    public func requestAnonCredsCredential(
        offer: CredentialOffer, definition: CredentialDefinition, identity: AnonCredsHolder.RequesterIdentity = .randomEntropy()
    ) async throws(WalletError) -> AnonCredsHolder.PendingRequest {
        let holder = try await anonCredsHolder()
        do {
            return try holder.request(for: offer, definition: definition, identity: identity)
        } catch {
            throw Self.rejection(error)
        }
    }

    /// Checks the credential an issuer sent for `request` (the offered definition and schema,
    /// every encoding, the signature and its correctness proof), removes the blinding and
    /// stores it with `schema` and `definition`, so it can be shown, checked again and proven
    /// from without a registry.
    ///
    /// - Throws: ``WalletError/credentialRejected(_:)`` for a credential that does not pass;
    ///   nothing is stored then.
    @discardableResult
    public func storeAnonCredsCredential(
        _ credential: Credential, request: AnonCredsHolder.PendingRequest, offer: CredentialOffer, schema: Schema,
        definition: CredentialDefinition
    ) async throws(WalletError) -> VerifiedCredential {
        guard definition.schemaID == offer.schemaID else {
            throw .credentialRejected(.failedValidation([VerificationFailure(
                .malformedCredential, "the credential definition is for schema \(definition.schemaID), the offer for \(offer.schemaID)")]))
        }
        let holder = try await anonCredsHolder()
        let processed: Credential
        do {
            processed = try holder.process(credential, metadata: request.metadata, offer: offer, definition: definition)
        } catch {
            throw Self.rejection(error)
        }
        let record = AnonCredsRecord(credential: processed, schema: schema, definition: definition)
        return try await addCredential(ReceivedCredential(
            format: .anonCreds, payload: record.payload, holderKeyID: nil,
            issuer: ReceivedCredential.IssuerDisplay(credentialIssuer: definition.issuerID)))
    }

    /// An AnonCreds failure as the wallet's rejection of the credential.
    static func rejection(_ error: AnonCredsError) -> WalletError {
        .credentialRejected(.failedValidation([VerificationFailure(.invalidSignature, error.description)]))
    }
}

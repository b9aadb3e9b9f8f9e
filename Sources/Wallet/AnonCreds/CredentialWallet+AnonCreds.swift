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

extension CredentialWallet {
    /// For each referent of `request`, the ids of the stored AnonCreds credentials that can
    /// answer it (AnonCreds' `CredentialSearch` over each credential with the schema and
    /// definition kept beside it): what a wallet lists before the user chooses.
    public func anonCredsCandidates(for request: PresentationRequest) async throws(WalletError) -> CredentialSearch.Candidates {
        let records = try await anonCredsRecords()
        var schemas: [String: Schema] = [:], definitions: [String: CredentialDefinition] = [:]
        for (_, record) in records {
            schemas[record.credential.schemaID] = record.schema
            definitions[record.credential.credentialDefinitionID] = record.definition
        }
        do {
            return try CredentialSearch(schemas: schemas, definitions: definitions)
                .candidates(for: request, among: records.mapValues(\.credential))
        } catch {
            throw .invalidInput("the presentation request: \(error)")
        }
    }

    /// A proof answering `request` from stored AnonCreds credentials: `selection` names, per
    /// stored credential id, the referents it reveals, keeps hidden or proves a predicate
    /// for; the schemas and definitions come from the wallet, the link secret from its sealed
    /// table. A predicate that does not hold, or a credential that does not meet a referent's
    /// restrictions, gives no proof but ``WalletError/presentationFailed(_:)``.
    ///
    /// A request whose nonce this wallet has answered before is refused first
    /// (``WalletError/Presentation/replayedNonce(_:)``), before any credential is read; the
    /// nonce of a proof made is remembered (``recordAnswered(_:)``), so each nonce gets at
    /// most one proof.
    public func anonCredsPresentation(
        for request: PresentationRequest, selection: [String: AnonCredsReferents], selfAttested: [String: String] = [:]
    ) async throws(WalletError) -> Presentation {
        try await refuseReplayedProofRequest(request)
        let records = try await anonCredsRecords()
        var uses: [PresentationSelection.CredentialUse] = []
        var schemas: [String: Schema] = [:], definitions: [String: CredentialDefinition] = [:]
        for (id, referents) in selection.sorted(by: { $0.key < $1.key }) {
            guard let record = records[id] else { throw .notFound(kind: "AnonCreds credential", id: id) }
            uses.append(.init(credential: record.credential, revealed: referents.revealed, unrevealed: referents.unrevealed, predicates: referents.predicates))
            schemas[record.credential.schemaID] = record.schema
            definitions[record.credential.credentialDefinitionID] = record.definition
        }
        let holder = try await anonCredsHolder()
        let proof: Presentation
        do {
            proof = try holder.present(
                request, selection: PresentationSelection(credentials: uses, selfAttested: selfAttested), definitions: definitions, schemas: schemas)
        } catch {
            throw .presentationFailed(.credentialUnusable(id: selection.keys.sorted().joined(separator: ", "), reason: error.description))
        }
        try await recordAnswered(request)
        return proof
    }

    /// The stored AnonCreds records by credential id; one that no longer reads is skipped.
    func anonCredsRecords() async throws(WalletError) -> [String: AnonCredsRecord] {
        var records: [String: AnonCredsRecord] = [:]
        for summary in try await listCredentials() where summary.format == .anonCreds {
            let stored = try await store.credential(id: summary.id)
            if let record = try? AnonCredsRecord(payload: stored.payload) { records[summary.id] = record }
        }
        return records
    }
}

/// What one stored AnonCreds credential answers in a proof: the referents it reveals, those
/// it proves without revealing, and the predicates it proves.
public struct AnonCredsReferents: Sendable, Hashable {
    public var revealed: [String]
    public var unrevealed: [String]
    public var predicates: [String]

    /// The referents a credential answers.
    public init(revealed: [String] = [], unrevealed: [String] = [], predicates: [String] = []) {
        self.revealed = revealed
        self.unrevealed = unrevealed
        self.predicates = predicates
    }
}

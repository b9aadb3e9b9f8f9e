extension AnonCredsHolder {
    /// Proves `request` from credentials in the W3C form and answers in the W3C form: each use
    /// of `selection` is a W3C credential with the referents it answers, proven as
    /// ``present(_:selection:definitions:schemas:using:)`` proves the legacy forms, then written
    /// as anoncreds-rs' `create_w3c_presentation` writes it.
    public func presentW3C(
        _ request: PresentationRequest, selection: [W3CSelection], definitions: [String: CredentialDefinition],
        schemas: [String: Schema] = [:], version: W3CAnonCredsCredential.Version = .v1_1,
        using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> W3CAnonCredsPresentation {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        var legacy = PresentationSelection()
        for use in selection {
            legacy.credentials.append(.init(
                credential: try use.credential.credential(), revealed: use.revealed, unrevealed: use.unrevealed,
                predicates: use.predicates))
        }
        let presentation = try present(request, selection: legacy, definitions: definitions, schemas: schemas, using: &source)
        return try W3CAnonCredsPresentation(presentation, request: request, sources: selection.map(\.credential), version: version)
    }

    /// ``presentW3C(_:selection:definitions:schemas:version:using:)`` with the system's generator.
    public func presentW3C(
        _ request: PresentationRequest, selection: [W3CSelection], definitions: [String: CredentialDefinition],
        schemas: [String: Schema] = [:], version: W3CAnonCredsCredential.Version = .v1_1
    ) throws(AnonCredsError) -> W3CAnonCredsPresentation {
        var generator = SystemRandomNumberGenerator()
        return try presentW3C(request, selection: selection, definitions: definitions, schemas: schemas, version: version, using: &generator)
    }

    /// One W3C credential and the referents it answers (no self-attested values in this form).
    public struct W3CSelection: Sendable, Hashable {
        public var credential: W3CAnonCredsCredential
        public var revealed: [String]
        public var unrevealed: [String]
        public var predicates: [String]

        public init(credential: W3CAnonCredsCredential, revealed: [String] = [], unrevealed: [String] = [], predicates: [String] = []) {
            self.credential = credential
            self.revealed = revealed
            self.unrevealed = unrevealed
            self.predicates = predicates
        }
    }
}

extension AnonCredsHolder {
    /// Processes a credential issued in the W3C form (anoncreds-rs' `W3cCredential.create`):
    /// the same checks as ``process(_:metadata:offer:definition:)`` on its legacy form, and the
    /// unblinded signature put back in its proof.
    public func process(
        _ credential: W3CAnonCredsCredential, metadata: CredentialRequestMetadata, offer: CredentialOffer,
        definition: CredentialDefinition
    ) throws(AnonCredsError) -> W3CAnonCredsCredential {
        let processed = try process(try credential.credential(), metadata: metadata, offer: offer, definition: definition)
        var result = credential
        result.proof = try W3CAnonCredsCredential(
            processed, issuerID: credential.issuer, version: credential.version, issuanceDate: credential.issuanceDate ?? "").proof
        return result
    }
}

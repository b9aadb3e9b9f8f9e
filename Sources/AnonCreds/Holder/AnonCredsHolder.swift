/// The holder's side of AnonCreds issuance: answer an offer with a credential request, then
/// accept the credential that answers it.
///
/// Both steps check before they act: a request is built only after the offer's key
/// correctness proof verifies (blinding the link secret under a malformed key could leak it),
/// and a credential is accepted only when it names the offered credential definition and
/// schema, every encoded value is the encoding of its raw value, `e` is a prime of the CL range,
/// the unblinded signature verifies over the attributes and the link secret, and the issuer's
/// signature correctness proof verifies against the request's nonce.
public struct AnonCredsHolder: Sendable {
    public let linkSecret: LinkSecret
    /// The name the request metadata records for the link secret (anoncreds' `link_secret_id`).
    public var linkSecretName: String

    public init(linkSecret: LinkSecret, linkSecretName: String = "default") {
        self.linkSecret = linkSecret
        self.linkSecretName = linkSecretName
    }

    /// What a request carries to identify the requester in the credential context `m₂`.
    public enum RequesterIdentity: Sendable, Hashable {
        /// Random text (what anoncreds-rs expects for every non-legacy credential definition).
        case entropy(String)
        /// The holder's DID, allowed for legacy (Indy) credential definitions.
        case proverDID(String)

        /// Fresh random entropy.
        public static func randomEntropy() -> RequesterIdentity { .entropy(Nonce.random().text) }
    }

    /// A request and the metadata the holder keeps until the credential arrives.
    public struct PendingRequest: Sendable, Hashable {
        public var request: CredentialRequest
        public var metadata: CredentialRequestMetadata
    }

    /// Checks the offer's key correctness proof, then blinds the link secret into a request.
    public func request(
        for offer: CredentialOffer, definition: CredentialDefinition,
        identity: RequesterIdentity = .randomEntropy(), using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> PendingRequest {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        let key = definition.value.primary
        try KeyCorrectness.verify(offer.keyCorrectnessProof, for: key)
        let blinding = try CredentialRequestBuilder.blind(linkSecret, key: key, offerNonce: offer.nonce, using: &source)
        let nonce = Nonce.random(using: &source)
        let request: CredentialRequest
        switch identity {
        case .entropy(let entropy):
            request = try CredentialRequest(
                entropy: entropy, proverDID: nil, credentialDefinitionID: offer.credentialDefinitionID,
                blindedLinkSecret: blinding.blinded, blindedLinkSecretCorrectnessProof: blinding.proof, nonce: nonce)
        case .proverDID(let did):
            request = try CredentialRequest(
                entropy: nil, proverDID: did, credentialDefinitionID: offer.credentialDefinitionID,
                blindedLinkSecret: blinding.blinded, blindedLinkSecretCorrectnessProof: blinding.proof, nonce: nonce)
        }
        let metadata = CredentialRequestMetadata(vPrime: blinding.vPrime, nonce: nonce, linkSecretName: linkSecretName)
        return PendingRequest(request: request, metadata: metadata)
    }

    /// ``request(for:definition:identity:using:)`` with the system's generator.
    public func request(
        for offer: CredentialOffer, definition: CredentialDefinition, identity: RequesterIdentity = .randomEntropy()
    ) throws(AnonCredsError) -> PendingRequest {
        var generator = SystemRandomNumberGenerator()
        return try request(for: offer, definition: definition, identity: identity, using: &generator)
    }

    /// Checks the credential that answers `offer` and returns it unblinded (`v = v' + v''`),
    /// ready to store and to prove from.
    public func process(
        _ credential: Credential, metadata: CredentialRequestMetadata, offer: CredentialOffer,
        definition: CredentialDefinition
    ) throws(AnonCredsError) -> Credential {
        guard credential.credentialDefinitionID == offer.credentialDefinitionID else {
            throw .credentialDefinitionMismatch(expected: offer.credentialDefinitionID, found: credential.credentialDefinitionID)
        }
        guard credential.schemaID == offer.schemaID else {
            throw .credentialDefinitionMismatch(expected: offer.schemaID, found: credential.schemaID)
        }
        let key = definition.value.primary
        var values = try CredentialValues.signed(credential.values, key: key)
        values[AttributeName.linkSecret] = linkSecret.value
        var processed = credential
        processed.signature.v = metadata.vPrime + credential.signature.v
        try SignatureCheck.verify(
            processed.signature, proof: credential.signatureCorrectnessProof, values: values, key: key, nonce: metadata.nonce)
        return processed
    }
}

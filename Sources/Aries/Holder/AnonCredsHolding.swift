import AnonCreds

/// The AnonCreds work of a holder, which the caller supplies because the wallet holds the link
/// secret, the credentials and the public objects: the exchanges hand it the objects the
/// messages carry and put what it returns into their answers.
///
/// ``LinkSecretHolder`` implements it over ``AnonCredsHolder`` with a link secret and the
/// definitions and credentials in memory.
public protocol AnonCredsHolding: Sendable {
    /// Checks the offer's key correctness proof and blinds the link secret into a request
    /// carrying `identity` (`prover_did` for Indy formats, `entropy` for AnonCreds).
    func credentialRequest(
        for offer: CredentialOffer, identity: AnonCredsHolder.RequesterIdentity
    ) async throws(AnonCredsError) -> AnonCredsHolder.PendingRequest

    /// Checks the issued credential against the offer and the request's metadata and returns
    /// it processed (ready to store).
    func processCredential(
        _ credential: Credential, metadata: CredentialRequestMetadata, offer: CredentialOffer
    ) async throws(AnonCredsError) -> Credential

    /// A presentation answering `request` from the holder's credentials.
    func presentation(for request: PresentationRequest) async throws(AnonCredsError) -> Presentation
}

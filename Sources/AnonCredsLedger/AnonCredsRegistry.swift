import AnonCreds

/// Where a holder (or verifier) gets the public objects AnonCreds credentials are issued
/// under: schemas and credential definitions, by identifier.
///
/// AnonCreds leaves publication to an "AnonCreds method" (an Indy ledger, cheqd, a web
/// server …). Code that needs a definition — answering an offer, checking a proof — asks this
/// protocol and does not care which. Every implementation here hands back only an object
/// that its identifier names (``IdentifierBindingPolicy``): a registry is untrusted, and an
/// issuer key swapped under a known identifier would make a holder accept credentials the
/// real issuer never signed.
///
/// - ``InMemoryAnonCredsRegistry``: objects a caller already holds (tests, an issuer's own).
/// - ``FileAnonCredsRegistry``: a directory of JSON files in the `~ledger` layout.
/// - ``HTTPAnonCredsRegistry``: `GET` through the `~ledger` decorator's URL templates.
/// - ``CachingAnonCredsRegistry``: any of them, with answers kept in memory.
public protocol AnonCredsRegistry: Sendable {
    /// The schema published as `id`, checked against `id`.
    func schema(id: String) async throws(AnonCredsRegistryError) -> Schema

    /// The credential definition published as `id`, checked against `id`.
    func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition
}

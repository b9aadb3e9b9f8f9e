import AnonCreds
import AnonCredsLedger
import Aries

/// The AnonCreds work of an Aries exchange done by the wallet: its link secret (sealed in the
/// store), the public objects through the wallet's cache falling back to the exchange's
/// `~ledger`, and proofs from the stored credentials.
///
/// A presentation reveals every requested attribute from the first stored credential that
/// answers it and proves each predicate from the first that satisfies it (what `vellum aries
/// connect` shows before asking); the nonce is remembered by the wallet, which refuses it
/// ever after.
struct WalletAnonCredsHolding: AnonCredsHolding {
    let wallet: CredentialWallet
    let registry: any AnonCredsRegistry

    func credentialRequest(
        for offer: CredentialOffer, identity: AnonCredsHolder.RequesterIdentity
    ) async throws(AnonCredsError) -> AnonCredsHolder.PendingRequest {
        let definition = try await resolve(offer.credentialDefinitionID, CredentialDefinition.self)
        return try await holder().request(for: offer, definition: definition, identity: identity)
    }

    func processCredential(
        _ credential: Credential, metadata: CredentialRequestMetadata, offer: CredentialOffer
    ) async throws(AnonCredsError) -> Credential {
        let definition = try await resolve(offer.credentialDefinitionID, CredentialDefinition.self)
        return try await holder().process(credential, metadata: metadata, offer: offer, definition: definition)
    }

    func presentation(for request: PresentationRequest) async throws(AnonCredsError) -> Presentation {
        do {
            let candidates = try await wallet.anonCredsCandidates(for: request)
            if let missing = candidates.unanswerable.first { throw AnonCredsError.presentationNotPossible("no stored credential answers \(missing)") }
            var selection: [String: AnonCredsReferents] = [:]
            for (referent, ids) in candidates.attributes.sorted(by: { $0.key < $1.key }) {
                if let id = ids.first { selection[id, default: AnonCredsReferents()].revealed.append(referent) }
            }
            for (referent, ids) in candidates.predicates.sorted(by: { $0.key < $1.key }) {
                if let id = ids.first { selection[id, default: AnonCredsReferents()].predicates.append(referent) }
            }
            return try await wallet.anonCredsPresentation(for: request, selection: selection)
        } catch let error as AnonCredsError {
            throw error
        } catch {
            throw .presentationNotPossible("\(error)")
        }
    }

    /// The schema and definition `offer` names, from the cache or the `~ledger`.
    func publicObjects(of offer: CredentialOffer) async throws(AnonCredsError) -> (Schema, CredentialDefinition) {
        let definition = try await resolve(offer.credentialDefinitionID, CredentialDefinition.self)
        guard definition.schemaID == offer.schemaID else {
            throw .credentialDefinitionMismatch(expected: "a definition of schema \(offer.schemaID)", found: definition.schemaID)
        }
        return (try await resolve(offer.schemaID, Schema.self), definition)
    }

    private func resolve<Entity: PublicEntity>(_ id: String, _ type: Entity.Type) async throws(AnonCredsError) -> Entity {
        do { return try await Entity.resolve(id, from: registry) } catch {
            throw .unsupported("the \(Entity.kind.pathSegment) \(id) could not be resolved: \(error)")
        }
    }

    private func holder() async throws(AnonCredsError) -> AnonCredsHolder {
        do { return try await wallet.anonCredsHolder() } catch { throw .unsupported("the link secret: \(error)") }
    }
}

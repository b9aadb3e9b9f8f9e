import Foundation

/// The sandbox's Aries issuer and verifier, for the demo and the tests: invitations a holder
/// accepts, and how their exchanges went.
extension SandboxIssuer {
    /// Makes the Aries issuer's schema and credential definition now, if the state has none
    /// (two safe primes: seconds), so the first invitation is not slow; whether they were made.
    @discardableResult
    public func prepareAries() async throws(SandboxError) -> Bool {
        let service = try running()
        let existed = await service.ariesMaterial != nil
        _ = try await service.ensureAriesMaterial()
        return !existed
    }

    /// A new out-of-band invitation running `plan` with the holder that accepts it (by default:
    /// DID exchange, issue the `person` credential over issue-credential 2.0, then ask for a
    /// proof of `age >= 18` over present-proof 2.0).
    public func createAriesInvitation(_ plan: SandboxAriesPlan = .issueThenProve) async throws(SandboxError) -> SandboxAriesInvitation {
        try await running().createAriesInvitation(plan)
    }

    /// The exchanges of the invitation `invitationID` (or of every invitation), as they stand.
    public func ariesExchanges(invitationID: String? = nil) async throws(SandboxError) -> [SandboxAriesExchange] {
        let agent = try await running().aries
        return agent.exchanges(invitationID: invitationID)
    }

    /// Why the Aries agent refused messages (envelopes that did not open, messages it would not
    /// accept), latest last.
    public func ariesRefusals() async throws(SandboxError) -> [String] {
        try await running().aries.refusals
    }

    /// The Aries issuer's schema and credential definition identifiers, once made.
    public func ariesIdentifiers() async throws(SandboxError) -> (schemaID: String, credentialDefinitionID: String)? {
        guard let material = try await running().ariesMaterial else { return nil }
        return (material.schemaID, material.credentialDefinitionID)
    }
}

import AnonCreds
import AnonCredsLedger
import Aries
import CryptoKeys
import DIDComm
import Foundation
import Sandbox
import Testing

/// The sandbox's Aries agent opposite Vellum's own holder modules, as `vellum demo` will run
/// them: DID exchange (``DIDExchangeInvitee`` over ``ReturnRouteTransport``), the offer's
/// `~ledger` objects resolved by ``HTTPAnonCredsRegistry``, the credential taken and acked
/// (``CredentialExchange``), then the proof request answered (``ProofExchange``) and its ack read.
@Suite("Sandbox: Aries issuer and verifier against Vellum's holder")
struct AriesVellumHolderTests {
    @Test("Vellum's holder connects, receives the person credential and proves age >= 18; the sandbox sees the name only")
    func vellumHolderReceivesAndProves() async throws {
        try await AriesSandboxTests.withAries { issuer in
            let invitation = try await issuer.createAriesInvitation(.issueThenProve)
            guard case .outOfBand(let read) = try Invitation(link: invitation.url.absoluteString) else {
                throw DIDCommError.malformedInvitation(reason: "not out of band")
            }
            let key = PrivateKey(curve: .ed25519)
            var invitee = try DIDExchangeInvitee(invitation: read, key: key)
            let transport = ReturnRouteTransport(client: AriesEndpointTests.http, keys: [key])
            let connection = try await invitee.connect(label: "Vellum", over: transport, pollInterval: .milliseconds(50))
            let service = connection.theirService

            let offer = try #require(try await transport.poll(service, from: key)).message
            var issuance = try CredentialExchange(offer: offer)
            let offered = try issuance.offer.attachments[0].object()
            let definitionID = try #require(offered["cred_def_id"]?.stringValue), schemaID = try #require(offered["schema_id"]?.stringValue)
            let registry = HTTPAnonCredsRegistry(
                ledger: try #require(try LedgerDecorator(decorating: offer.object)), httpClient: AriesEndpointTests.http)
            var anonCreds = LinkSecretHolder(
                holder: AnonCredsHolder(linkSecret: .random()),
                definitions: [definitionID: try await registry.credentialDefinition(id: definitionID)],
                schemas: [schemaID: try await registry.schema(id: schemaID)])
            var holder = AriesHolder(anonCreds: anonCreds, proverDID: connection.myDID)
            let request = try await issuance.request(holder: holder)
            let issued = try #require(try await transport.send(request, to: service, from: key)).message
            try await issuance.receive(issued, holder: holder)
            #expect(try await transport.send(try issuance.acknowledge(), to: service, from: key) == nil)
            guard case .anonCreds(let credential)? = issuance.credential else { throw AriesError.malformedState(reason: "no credential") }
            #expect(credential.values["name"]?.raw == "Alice Example")
            anonCreds.credentials = [credential]
            holder.anonCreds = anonCreds

            var proof = try ProofExchange(request: try #require(try await transport.poll(service, from: key)).message)
            #expect(proof.verifierWillConfirm)
            let presentation = try await proof.present(holder: holder)
            try proof.receive(try #require(try await transport.send(presentation, to: service, from: key)).message)
            #expect(proof.state == .done)
            #expect(try await transport.poll(service, from: key) == nil)
            let exchanges = try await issuer.ariesExchanges(invitationID: invitation.id)
            #expect(exchanges.map(\.state) == [.done, .done])
            #expect(exchanges.last?.revealed == ["name": "Alice Example"])
        }
    }
}

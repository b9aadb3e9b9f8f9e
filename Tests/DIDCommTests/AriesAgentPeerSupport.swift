import AnonCreds
import CryptoKeys
import DIDComm
import Foundation
import HTTP
import JSONModel
import Testing
import VellumTestSupport

/// What the tests opposite the Python Aries agent do as a holder with Vellum's DIDComm module:
/// connect by DID exchange and poll for the first message, read an AnonCreds object out of an
/// attachment (checking the v2 `formats` entry that names it), and resolve the `~ledger` URLs.
enum AgentHolder {
    static let client = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30)))

    /// A connection made by DID exchange to the invitation at `link`.
    struct Connected {
        var connection: DIDCommConnection
        var transport: ReturnRouteTransport
        var key: PrivateKey

        /// The next message the agent has queued for us (polled for with trust pings).
        func next() async throws -> DIDCommMessage {
            for _ in 0..<40 {
                if let received = try await transport.poll(connection.theirService, from: key) { return received.message }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw DIDCommError.protocolFailure(reason: "the agent queued nothing")
        }

        /// Sends `message` on the connection.
        func send(_ message: DIDCommMessage) async throws {
            _ = try await transport.send(message, to: connection.theirService, from: key)
        }
    }

    static func connect(_ link: String) async throws -> Connected {
        guard case .outOfBand(let invitation) = try Invitation(link: link) else {
            throw DIDCommError.malformedInvitation(reason: "not an out-of-band invitation")
        }
        let key = PrivateKey(curve: .ed25519)
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: key)
        let transport = ReturnRouteTransport(client: client, keys: [key])
        let connection = try await invitee.connect(label: "Vellum", over: transport, pollInterval: .milliseconds(50))
        return Connected(connection: connection, transport: transport, key: key)
    }

    /// The first message a connectionless invitation carries in `requests~attach`, with its `~service`.
    static func connectionless(_ link: String) throws -> (message: DIDCommMessage, service: DIDCommService) {
        guard case .outOfBand(let invitation) = try Invitation(link: link), let request = invitation.requests.first,
            let object = try request.data.jsonContent().objectValue
        else { throw DIDCommError.malformedInvitation(reason: "not a connectionless out-of-band invitation") }
        let message = try DIDCommMessage(object: object)
        guard let service = try message.service else { throw DIDCommError.malformedMessage(reason: "no ~service") }
        return (message, service)
    }

    /// The single attachment of `member`, whose `formats` entry (2.0) must be `format`.
    static func attached(_ message: DIDCommMessage, _ member: String, format: String?) throws -> Data {
        let attachments = try message.attachments(named: member)
        #expect(attachments.count == 1)
        let attachment = try #require(attachments.first)
        if let format {
            let entry = message["formats"]?.arrayValue?.first { $0["attach_id"]?.stringValue == attachment.id }
            #expect(entry?["format"]?.stringValue == format)
        }
        return try attachment.data.content()
    }

    /// `GET` of the `~ledger` template `kind` (`schema`, `cred_def`) with `id` percent-encoded.
    static func resolve(_ message: DIDCommMessage, _ kind: String, _ id: String) async throws -> Data {
        let template = try #require(message["~ledger"]?[kind]?.stringValue)
        let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let response = try await client.get(try #require(URL(string: template.replacingOccurrences(of: "{id}", with: encoded))))
        #expect(response.status == 200)
        return response.body
    }

    /// The offer's AnonCreds credential offer, checked as a holder would before asking: the
    /// `~ledger` schema and definition are the ones its ids name, and a request is built, which
    /// needs the key correctness proof to verify (the error is thrown when it does not).
    static func checkOffer(_ offer: DIDCommMessage, format: String?) async throws -> CredentialOffer {
        let anonCredsOffer = try CredentialOffer(jsonData: try attached(offer, "offers~attach", format: format))
        let schema = try Schema(jsonData: try await resolve(offer, "schema", anonCredsOffer.schemaID))
        let definition = try CredentialDefinition(jsonData: try await resolve(offer, "cred_def", anonCredsOffer.credentialDefinitionID))
        #expect(anonCredsOffer.schemaID == "\(schema.issuerID):2:\(schema.name):\(schema.version)")
        #expect(anonCredsOffer.credentialDefinitionID.hasPrefix("\(definition.issuerID):3:CL:"))
        #expect(anonCredsOffer.credentialDefinitionID.hasSuffix(":\(definition.tag)"))
        #expect(definition.schemaID == anonCredsOffer.schemaID)
        #expect(schema.attributeNames.contains("age"))
        _ = try AnonCredsHolder(linkSecret: .random()).request(for: anonCredsOffer, definition: definition)
        return anonCredsOffer
    }
}

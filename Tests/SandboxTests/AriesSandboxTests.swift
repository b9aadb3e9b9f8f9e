import AnonCredsLedger
import CryptoKeys
import DIDComm
import Foundation
import HTTP
import JSONModel
import Multiformats
@testable import Sandbox
import Testing
import VellumTestSupport

/// The sandbox's Aries issuer and verifier opposite an independent holder: the Python agent's
/// holder on anoncreds-rs and PyNaCl (`Tests/Peers/aries_sandbox_holder.py`), over loopback HTTP
/// with return route "all". anoncreds-rs processing the credentials the sandbox issues (their
/// signature and correctness proof checked) proves the issuance independently; the sandbox's
/// verifier accepting anoncreds-rs' proofs and refusing altered ones proves the verification.
@Suite("Sandbox: Aries issuer and verifier against the Python holder")
struct AriesSandboxTests {
    /// 256-bit safe primes: the tests exercise the protocols, not the key's strength.
    static var configuration: SandboxConfiguration {
        var configuration = SandboxConfiguration()
        configuration.ariesSafePrimeBits = 256
        return configuration
    }

    /// Runs the Python holder over `invitations` (a URL and how the holder misbehaves); its
    /// events per invitation.
    static func holder(_ invitations: [(SandboxAriesInvitation, String?)]) async throws -> [[[String: Any]]] {
        let input: [String: Any] = ["invitations": invitations.map { invitation, misbehave in
            ["url": invitation.url.absoluteString, "misbehave": misbehave as Any]
        }]
        let output = try await PythonPeer.runJSON("aries_sandbox_holder.py", input: JSONSerialization.data(withJSONObject: input))
        return try #require(output["results"] as? [[[String: Any]]])
    }

    static func withAries(_ body: (SandboxIssuer) async throws -> Void) async throws {
        let issuer = try SandboxIssuer(configuration: configuration)
        try await issuer.start()
        do { try await body(issuer) } catch {
            // What the agent saw, to tell a holder's failure from the agent's.
            let exchanges = (try? await issuer.ariesExchanges()) ?? []
            let refusals = (try? await issuer.ariesRefusals()) ?? []
            Issue.record("agent: exchanges \(exchanges.map { "\($0.step.rawValue) \($0.state.rawValue) \($0.error ?? "")" }), refusals \(refusals)")
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    @Test("DID exchange, issue-credential 2.0, then present-proof 2.0 of age >= 18 revealing the name only",
          .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func issueThenProveOverDIDExchange() async throws {
        try await Self.withAries { issuer in
            let invitation = try await issuer.createAriesInvitation(.issueThenProve)
            let events = try await Self.holder([(invitation, nil)])
            #expect(events[0].count == 2)
            #expect(events[0].first?["name"] as? String == "Alice Example")
            #expect(events[0].last?["answer"] as? String == "ack")
            let exchanges = try await issuer.ariesExchanges(invitationID: invitation.id)
            #expect(exchanges.map(\.state) == [.done, .done])
            #expect(exchanges.last?.revealed == ["name": "Alice Example"])
        }
    }

    @Test("Connectionless: issue-credential 1.0 (Indy) and 2.0 (anoncreds), present-proof 1.0 and 2.0 (anoncreds)",
          .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func connectionlessExchangesOfEachVersionAndFamily() async throws {
        try await Self.withAries { issuer in
            let plans: [SandboxAriesPlan] = [
                SandboxAriesPlan(steps: [.issueV1], connectionless: true),
                SandboxAriesPlan(steps: [.issueV2], format: .anoncreds, connectionless: true, values: ["name": "Bob Example", "age": "40", "birthdate_dateint": "19860101"]),
                SandboxAriesPlan(steps: [.presentV1], connectionless: true),
                SandboxAriesPlan(steps: [.presentV2], format: .anoncreds, connectionless: true),
            ]
            var invitations: [SandboxAriesInvitation] = []
            for plan in plans { invitations.append(try await issuer.createAriesInvitation(plan)) }
            #expect(invitations.allSatisfy { $0.invitation["handshake_protocols"] == nil && $0.invitation["~ledger"] != nil })
            let events = try await Self.holder(invitations.map { ($0, nil) })
            #expect(events.map { $0.first?["name"] as? String } == ["Alice Example", "Bob Example", nil, nil])
            #expect(events.suffix(2).map { $0.first?["answer"] as? String } == ["ack", "ack"])
            for invitation in invitations {
                #expect(try await issuer.ariesExchanges(invitationID: invitation.id).map(\.state) == [.done])
            }
        }
    }

    @Test("Refused with a problem report: a tampered revealed attribute, a replayed presentation, a request for an unknown definition",
          .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func forgeriesAreRefusedWithProblemReports() async throws {
        try await Self.withAries { issuer in
            let issue = try await issuer.createAriesInvitation(.issueThenProve)
            let tampered = try await issuer.createAriesInvitation(SandboxAriesPlan(steps: [.presentV2]))
            let replayed = try await issuer.createAriesInvitation(SandboxAriesPlan(steps: [.presentV2], connectionless: true))
            let unknown = try await issuer.createAriesInvitation(SandboxAriesPlan(steps: [.issueV2], format: .anoncreds, connectionless: true))
            let events = try await Self.holder([
                (issue, nil), (tampered, "tampered-attribute"), (replayed, "replayed-presentation"), (unknown, "unknown-cred-def"),
            ])
            #expect(events[0].last?["answer"] as? String == "ack")
            #expect(events[1].first?["answer"] as? String == "problem-report")
            #expect(events[2].first?["answer"] as? String == "problem-report")
            #expect(events[3].first?["outcome"] as? String == "refused")
            #expect((events[3].first?["error"] as? String)?.contains("problem-report") == true)

            let tamperedExchange = try #require(try await issuer.ariesExchanges(invitationID: tampered.id).first)
            #expect(tamperedExchange.state == .abandoned)
            #expect(tamperedExchange.error?.contains("encod") == true || tamperedExchange.error?.contains("raw") == true)
            let replayedExchange = try #require(try await issuer.ariesExchanges(invitationID: replayed.id).first)
            #expect(replayedExchange.state == .abandoned)
            #expect(replayedExchange.error?.contains("challenge") == true)
            let unknownExchange = try #require(try await issuer.ariesExchanges(invitationID: unknown.id).first)
            #expect(unknownExchange.state == .abandoned)
            #expect(unknownExchange.error?.contains(":other") == true)
        }
    }
}

/// The Aries endpoint's refusals before any protocol runs, and the `~ledger` objects, with
/// Vellum's own DIDComm and AnonCredsLedger modules as the client.
@Suite("Sandbox: Aries endpoint and ~ledger")
struct AriesEndpointTests {
    static let http = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30)))

    /// The invitation's service: its key and endpoint.
    static func service(_ invitation: SandboxAriesInvitation) throws -> DIDCommService {
        guard case .outOfBand(let read) = try Invitation(link: invitation.url.absoluteString), let service = read.inlineService else {
            throw DIDCommError.malformedInvitation(reason: "no inline service")
        }
        return service
    }

    static func post(_ body: Data, to endpoint: String, contentType: String = DIDCommMediaType.envelope) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: .post, url: try #require(URL(string: endpoint)), headers: ["Content-Type": contentType], body: body))
    }

    @Test("An envelope with a flipped bit is refused as not authenticated (400), and so is one for no key of ours; a trust ping that opens is answered")
    func alteredEnvelopesAreRefused() async throws {
        try await AriesSandboxTests.withAries { issuer in
            let invitation = try await issuer.createAriesInvitation(SandboxAriesPlan(steps: [.issueV2], connectionless: true))
            let service = try Self.service(invitation)
            let holder = PrivateKey(curve: .ed25519)
            let ping = DIDCommMessage(type: .trustPing, body: ["response_requested": true], returnRoute: .all)
            let envelope = try Envelope.pack(ping.json, for: service.recipientKeys, from: holder)

            let answered = try await Self.post(envelope, to: service.serviceEndpoint)
            #expect(answered.status == 200)
            let opened = try Envelope.unpack(answered.body, with: [holder])
            #expect(try DIDCommMessage(json: opened.message).type == .trustPingResponse)
            #expect(opened.sender == service.recipientKeys.first)

            var object = try #require(try JSONValue(parsing: envelope).objectValue)
            var ciphertext = try Base64URL.decode(try #require(object["ciphertext"]?.stringValue))
            ciphertext[ciphertext.startIndex] ^= 0x01
            object["ciphertext"] = .string(Base64URL.encode(ciphertext))
            let flipped = try await Self.post(JSONValue.object(object).serialized(), to: service.serviceEndpoint)
            #expect(flipped.status == 400)
            #expect(String(decoding: flipped.body, as: UTF8.self).contains("authentication tag"))

            let stranger = try Envelope.pack(ping.json, for: [try Verkey(of: PrivateKey(curve: .ed25519))], from: holder)
            #expect(try await Self.post(stranger, to: service.serviceEndpoint).status == 400)
            #expect(try await Self.post(envelope, to: service.serviceEndpoint, contentType: "application/json").status == 415)
            let refusals = try await issuer.ariesRefusals()
            #expect(refusals.contains { $0.contains("authentication tag") })

            // The older media type and the legacy type prefix are read, and answered in kind.
            var legacy = ping.object
            legacy["@type"] = .string(MessageType.legacySov + "trust_ping/1.0/ping")
            let legacyEnvelope = try Envelope.pack(try DIDCommMessage(object: legacy).json, for: service.recipientKeys, from: holder)
            let wire = try await Self.post(legacyEnvelope, to: service.serviceEndpoint, contentType: DIDCommMediaType.legacyEnvelope)
            #expect(wire.status == 200 && wire.headers["Content-Type"] == DIDCommMediaType.legacyEnvelope)
            #expect(try DIDCommMessage(json: try Envelope.unpack(wire.body, with: [holder]).message).type == .trustPingResponse)
        }
    }

    @Test("The ~ledger URLs serve the schema and definition the offer names, each checked against its identifier; an unknown id is 404")
    func ledgerServesTheOfferedObjects() async throws {
        try await AriesSandboxTests.withAries { issuer in
            let invitation = try await issuer.createAriesInvitation(SandboxAriesPlan(steps: [.issueV2], connectionless: true))
            let ledger = try LedgerDecorator(json: try #require(invitation.invitation["~ledger"]))
            let (schemaID, definitionID) = try #require(try await issuer.ariesIdentifiers())
            let registry = HTTPAnonCredsRegistry(ledger: ledger, httpClient: Self.http)
            let schema = try await registry.schema(id: schemaID)
            #expect(schema.attributeNames.contains("age") && schema.name == "person")
            let definition = try await registry.credentialDefinition(id: definitionID)
            #expect(definition.schemaID == schemaID)
            await #expect(throws: AnonCredsRegistryError.self) {
                _ = try await registry.credentialDefinition(id: definitionID.replacingOccurrences(of: ":default", with: ":other"))
            }
            let missing = try await Self.http.send(HTTPRequest(
                method: .get, url: try ledger.url(for: .credentialDefinition, id: "\(definitionID)x")))
            #expect(missing.status == 404)
        }
    }

    @Test("The credential definition is made once and kept in the state file: a restarted sandbox serves the same one; the page shows an invitation's QR code")
    func definitionIsKeptAndThePageShowsTheInvitation() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-aries-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SandboxIssuer(configuration: AriesSandboxTests.configuration, stateFile: SandboxStateFile(directory: directory))
        let base = try await first.start()
        #expect(try await first.prepareAries())
        let made = try #require(try await first.ariesIdentifiers())
        let page = try await Self.http.send(HTTPRequest(method: .get, url: base))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("id=\"aries-qr\"") && html.contains("/aries?oob="))
        await first.stop()

        let second = try SandboxIssuer(configuration: AriesSandboxTests.configuration, stateFile: SandboxStateFile(directory: directory))
        try await second.start()
        #expect(try await second.prepareAries() == false)
        let kept = try #require(try await second.ariesIdentifiers())
        #expect(kept.schemaID == made.schemaID && kept.credentialDefinitionID == made.credentialDefinitionID)
        await second.stop()
    }
}

/// The agent's bound on what it keeps.
@Suite("Sandbox: Aries agent limits")
struct AriesAgentLimitTests {
    @Test("Past its limit the agent forgets the oldest invitation with its keys: a message for it no longer opens")
    func oldestInvitationIsForgotten() throws {
        let material = try SandboxAriesMaterial.make(safePrimeBits: 128)
        let ledger = try LedgerDecorator(baseURL: URL(string: "http://127.0.0.1:1")!)
        var agent = SandboxAriesAgent(maximumSessions: 2)
        var invitations: [SandboxAriesInvitation] = []
        for _ in 0..<3 {
            invitations.append(try agent.invite(
                .issueThenProve, material: material, endpoint: "http://127.0.0.1:1/aries", linkBase: "http://127.0.0.1:1/aries", ledger: ledger))
        }
        #expect(agent.sessions.count == 2 && agent.sessions[invitations[0].id] == nil)
        let holder = PrivateKey(curve: .ed25519)
        let ping = DIDCommMessage(type: .trustPing, body: ["response_requested": true], returnRoute: .all)
        func post(to invitation: SandboxAriesInvitation) throws -> SandboxAriesAgent.Outcome {
            let service = try AriesEndpointTests.service(invitation)
            return agent.receive(try Envelope.pack(ping.json, for: service.recipientKeys, from: holder), material: material, ledger: ledger)
        }
        guard case .refused(.notARecipient) = try post(to: invitations[0]) else { Issue.record("the forgotten invitation's key still opens"); return }
        guard case .answer = try post(to: invitations[2]) else { Issue.record("the kept invitation's key does not open"); return }
    }

    @Test("A plan is read strictly: unknown steps or formats, more than four steps, values outside the schema are refused", arguments: [
        #"{"steps": ["issue-v3"]}"#, #"{"steps": []}"#, #"{"steps": ["issue-v2","issue-v2","issue-v2","issue-v2","issue-v2"]}"#,
        #"{"steps": "issue-v2"}"#, #"{"format": "jsonld"}"#, #"{"values": {"salary": "1"}}"#, #"{"values": {"name": 1}}"#,
        #"{"connectionless": "yes"}"#, #"[]"#,
    ])
    func malformedPlansAreRefused(text: String) throws {
        let json = try JSONValue(parsing: Data(text.utf8))
        #expect(throws: SandboxError.self) { _ = try SandboxAriesPlan(json: json) }
    }

    @Test("A plan round-trips through its JSON")
    func planRoundTrips() throws {
        let plan = SandboxAriesPlan(steps: [.issueV1, .presentV2], format: .anoncreds, connectionless: true, values: ["name": "Bob"])
        #expect(try SandboxAriesPlan(json: plan.json) == plan)
    }

    @Test("A state file whose aries member is broken is refused, never silently replaced")
    func brokenAriesStateIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-aries-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = SandboxStateFile(directory: directory)
        _ = try SandboxIssuer(configuration: AriesSandboxTests.configuration, stateFile: file)
        var state = try #require(try JSONValue(parsing: Data(contentsOf: file.url)).objectValue)
        state["aries"] = ["issuerDID": 1]
        try JSONValue.object(state).serialized().write(to: file.url)
        let error = #expect(throws: SandboxError.self) { _ = try SandboxIssuer(configuration: AriesSandboxTests.configuration, stateFile: file) }
        #expect(error?.description.contains("aries") == true)
    }
}

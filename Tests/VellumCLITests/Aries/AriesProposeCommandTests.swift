import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum aries propose` against ACA-Py 1.7 on loopback: after `connect` (DID exchange), a
/// proposed W3C credential is offered, checked, stored as `ldp_vc` and acknowledged (exit 0,
/// ACA-Py's record `done`), then a proposed DIF presentation is requested, answered from it and
/// verified by ACA-Py; `connections` lists the connection; bad arguments are refused with
/// their exit codes before anything is sent.
@Suite(
    "vellum aries propose against ACA-Py 1.7",
    .enabled(if: VellumBinary.url != nil && ACAPyAgent.isAvailable, "skipped: the vellum binary or ACA-Py 1.7 is missing"))
struct AriesProposeCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-aries-propose")
    }

    static let card: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/citizenship/v1"],
        "type": ["VerifiableCredential", "PermanentResidentCard"],
        "issuanceDate": "2026-01-01T00:00:00Z",
        "credentialSubject": ["type": ["PermanentResident"], "givenName": "ALICE", "familyName": "SMITH"],
    ]

    static let definition: JSONValue = [
        "id": "0b8c3b0a-6f8e-4b5a-9d57-6a8f0c9e2f11",
        "input_descriptors": [[
            "id": "citizenship_input_1", "name": "Permanent resident card",
            "schema": [["uri": "https://w3id.org/citizenship#PermanentResidentCard"]],
            "constraints": ["fields": [["path": ["$.credentialSubject.familyName"], "filter": ["type": "string", "const": "SMITH"]]]],
        ]],
    ]

    @Test("connect, propose --credential --yes (stored as ldp_vc, ACA-Py done), propose --presentation --yes (ACA-Py verified), connections lists it")
    func proposeCredentialThenPresentation() async throws {
        let agent = try await ACAPyAgent.start(label: "faber", extraArguments: ACAPyAgent.answersProposals)
        defer { agent.stop() }
        try await withWallet {
            let connected = try await vellum(["aries", "connect", try await agent.createDIDExchangeInvitation(), "--yes", "--json"])
            #expect(connected.status == 0, "\(connected.errorText)")
            let connectionID = try #require(try WalletCLI.json(connected)["connection"]?["id"]?.stringValue)
            let listed = try WalletCLI.json(try await vellum(["aries", "connections", "--json"]))
            #expect(listed[0]?["id"]?.stringValue == connectionID)

            var card = Self.card.objectValue!
            card["issuer"] = .string(try await agent.createDIDKey())
            let cardFile = folder.appendingPathComponent("card.json")
            try JSONValue.object(card).serialized().write(to: cardFile)
            let issued = try await vellum(["aries", "propose", connectionID, "--credential", cardFile.path, "--yes"])
            #expect(issued.status == 0, "\(issued.errorText)")
            #expect(issued.outputText.contains("a W3C credential (VerifiableCredential, PermanentResidentCard)"))
            #expect(issued.outputText.contains("familyName: SMITH"))
            #expect(issued.outputText.contains("acknowledged"))
            let stored = try WalletCLI.json(try await vellum(["list", "--json"]))
            #expect(stored[0]?["format"] == "ldp_vc", "\(stored)")

            let definitionFile = folder.appendingPathComponent("definition.json")
            try Self.definition.serialized().write(to: definitionFile)
            let storedID = try #require(stored[0]?["id"]?.stringValue)
            let proved = try await vellum(["aries", "propose", connectionID, "--presentation", definitionFile.path, "--yes"])
            #expect(proved.status == 0, "\(proved.errorText)")
            #expect(proved.outputText.contains("present \(storedID) for Permanent resident card"), "\(proved.outputText)")
            #expect(proved.outputText.contains("acknowledged by the verifier"))
            let records = try JSONParser().parse(Data(try await agent.get("/present-proof-2.0/records").utf8))
            #expect(records["results"]?[0]?["verified"] == "true", "\(records.serializedString().prefix(2000))")
        }
    }

    @Test("propose refuses: neither or both files (exit 64), an unknown connection (exit 5), a file that is not JSON (exit 6)")
    func refusesBadArguments() async throws {
        try await withWallet {
            let file = folder.appendingPathComponent("not-json.json")
            try Data("nope".utf8).write(to: file)
            #expect(try await vellum(["aries", "propose", "c1"]).status == 64)
            #expect(try await vellum(["aries", "propose", "c1", "--credential", file.path, "--presentation", file.path]).status == 64)
            let unknown = try await vellum(["aries", "propose", "c1", "--presentation", file.path])
            #expect(unknown.status == 6, "\(unknown.errorText)")
            let definitionFile = folder.appendingPathComponent("definition.json")
            try Self.definition.serialized().write(to: definitionFile)
            let missing = try await vellum(["aries", "propose", "no-such-connection", "--presentation", definitionFile.path])
            #expect(missing.status == 5, "\(missing.errorText)")
            #expect(missing.errorText.contains("vellum aries connections"))
        }
    }
}

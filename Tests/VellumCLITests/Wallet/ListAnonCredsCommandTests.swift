import AnonCreds
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import Wallet

/// `vellum list --json` shows an AnonCreds credential with its `schema_id`, `cred_def_id` and
/// attribute values (issue #28), through the built binary; other formats' entries are unchanged.
@Suite("vellum list: AnonCreds credentials", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is missing"))
struct ListAnonCredsCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws { folder = try Self.makeFolder("vellum-list-anoncreds") }

    /// The anoncreds-rs fixture's issuer (its committed key: no key generation).
    static func fixtureIssuer() throws -> (AnonCredsIssuer, Schema) {
        let url = PackageRoot.url.appendingPathComponent("Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json")
        let fixture = try JSONValue(parsing: Data(contentsOf: url))
        func member(_ name: String) throws -> Data { try #require(fixture[name]).serialized() }
        let issuer = try AnonCredsIssuer(
            definition: CredentialDefinition(jsonData: member("cred_def")), credentialDefinitionID: try #require(fixture["cred_def_id"]?.stringValue),
            privateKey: CredentialDefinitionPrivate(jsonData: member("cred_def_private")),
            keyCorrectnessProof: JSONDecoder().decode(KeyCorrectnessProof.self, from: member("key_correctness_proof")))
        return (issuer, try Schema(jsonData: member("schema")))
    }

    @Test("list --json: schema_id, cred_def_id and the attribute values as issued")
    func listShowsAnonCreds() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (issuer, schema) = try Self.fixtureIssuer()
        let wallet = try await WalletCLI.makeWallet(at: directory)
        var generator = SystemRandomNumberGenerator()
        let offer = issuer.offer(using: &generator)
        let pending = try await wallet.requestAnonCredsCredential(offer: offer, definition: issuer.definition)
        let values = ["name": "Alice Example", "age": "28", "Degree Name": "Bachelor of Science"]
        let credential = try issuer.issue(values, for: pending.request, offer: offer, using: &generator)
        let stored = try await wallet.storeAnonCredsCredential(credential, request: pending, offer: offer, schema: schema, definition: issuer.definition)
        try await wallet.close()

        let list = try await vellum(["list", "--json"])
        #expect(list.status == 0, "\(list.errorText)")
        let entry = try #require(try WalletCLI.json(list).arrayValue?.first?.objectValue)
        #expect(entry["id"]?.stringValue == stored.id)
        #expect(entry["format"]?.stringValue == "anoncreds")
        #expect(entry["schema_id"]?.stringValue == offer.schemaID)
        #expect(entry["cred_def_id"]?.stringValue == issuer.credentialDefinitionID)
        #expect(entry["attributes"] == .object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })))
        #expect(entry["issuer"]?.stringValue == issuer.definition.issuerID)
        // --format anoncreds selects it; the text list is unchanged in shape.
        let filtered = try await vellum(["list", "--json", "--format", "anoncreds"])
        #expect(try WalletCLI.json(filtered).arrayValue?.count == 1)
    }
}

import AnonCredsLedger
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The `~ledger` decorator read from a DIDComm message: both URL templates checked, the
/// identifier percent-encoded into one path segment, anything unusable refused.
@Suite("AnonCredsLedger: the ~ledger decorator")
struct LedgerDecoratorTests {
    static let message: JSONValue = [
        "@type": "https://didcomm.org/present-proof/2.0/request-presentation", "@id": "1",
        "~ledger": ["schema": "https://issuer.example/ledger/schema/{id}", "cred_def": "https://issuer.example/ledger/cred_def/{id}"],
    ]

    @Test("read from a message's members; its JSON is what a message carries")
    func readFromMessage() throws {
        let ledger = try #require(try LedgerDecorator(decorating: Self.message.objectValue!))
        #expect(ledger.schemaTemplate == "https://issuer.example/ledger/schema/{id}")
        #expect(ledger.credentialDefinitionTemplate == "https://issuer.example/ledger/cred_def/{id}")
        #expect(ledger.json == Self.message.objectValue?["~ledger"])
        #expect(try LedgerDecorator(decorating: ["@id": "2"]) == nil)
    }

    @Test("the identifier is percent-encoded into one path segment: / : ? # % stay inside it")
    func percentEncodedIdentifier() throws {
        let ledger = try #require(try LedgerDecorator(decorating: Self.message.objectValue!))
        let url = try ledger.url(for: .credentialDefinition, id: "did:example:u/cred-def/1?x=#y%")
        #expect(url.absoluteString == "https://issuer.example/ledger/cred_def/did%3Aexample%3Au%2Fcred-def%2F1%3Fx%3D%23y%25")
        let legacy = try ledger.url(for: .schema, id: "WgWxqztrNooG92RXvxSTWv:2:degree name:1.0")
        #expect(legacy.absoluteString == "https://issuer.example/ledger/schema/WgWxqztrNooG92RXvxSTWv%3A2%3Adegree%20name%3A1.0")
    }

    @Test("the convention's layout under a base URL")
    func baseURL() throws {
        let ledger = try LedgerDecorator(baseURL: URL(string: "http://127.0.0.1:8080/")!)
        #expect(ledger.schemaTemplate == "http://127.0.0.1:8080/ledger/schema/{id}")
        #expect(ledger.credentialDefinitionTemplate == "http://127.0.0.1:8080/ledger/cred_def/{id}")
    }

    @Test("refused: not an object, a member missing or not text, no {id} or two, not http(s), too long",
          arguments: [
            JSONValue.string("https://x/{id}"),
            ["schema": "https://x/s/{id}"],
            ["schema": "https://x/s/{id}", "cred_def": 7],
            ["schema": "https://x/s/", "cred_def": "https://x/c/{id}"],
            ["schema": "https://x/s/{id}/{id}", "cred_def": "https://x/c/{id}"],
            ["schema": "ftp://x/s/{id}", "cred_def": "https://x/c/{id}"],
            ["schema": "/ledger/schema/{id}", "cred_def": "https://x/c/{id}"],
            ["schema": .string("https://x/" + String(repeating: "a", count: 2100) + "/{id}"), "cred_def": "https://x/c/{id}"],
          ])
    func refused(_ value: JSONValue) {
        expectError(AnonCredsRegistryError.self, matching: { if case .invalidLedger = $0 { true } else { false } }) {
            _ = try LedgerDecorator(json: value)
        }
    }

    @Test("a message whose ~ledger is unusable is an error, not a message without one")
    func unusableInMessage() {
        expectError(AnonCredsRegistryError.self, matching: { if case .invalidLedger = $0 { true } else { false } }) {
            _ = try LedgerDecorator(decorating: ["~ledger": "https://x/{id}"])
        }
    }
}

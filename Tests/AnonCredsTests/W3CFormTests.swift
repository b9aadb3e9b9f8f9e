@testable import AnonCreds
import Foundation
import JSONModel
import Testing

/// The W3C form on its own: the MessagePack inside `proofValue`, conversion of the fixture's
/// credential both ways, and a W3C presentation proven and verified by Vellum.
@Suite("AnonCreds in the W3C form")
struct W3CFormTests {
    let fixture = IssuanceFixture.shared

    @Test("MessagePack: anoncreds-rs' own format vector reads and writes back byte for byte")
    func messagePackVector() throws {
        // anoncreds-rs' base64_msgpack test: {"type_": "Test", "value": 1} is "ugqV0eXBlX6RUZXN0pXZhbHVlAQ".
        let bytes = try #require(W3CProofValue.base64URLDecoded("gqV0eXBlX6RUZXN0pXZhbHVlAQ"))
        let value = try MessagePack.decode(bytes)
        #expect(value == .map([("type_", .string("Test")), ("value", .int(1))]))
        #expect(value.encoded == bytes)
        for number: Int64 in [0, 127, 128, 255, 256, 65_535, 65_536, 1 << 40, -1, -32, -33, -200, -40_000, -(1 << 40)] {
            #expect(try MessagePack.decode(MessagePack.int(number).encoded) == .int(number))
        }
        let long = MessagePack.array((0..<300).map { .string(String(repeating: "x", count: $0 % 40)) })
        #expect(try MessagePack.decode(long.encoded) == long)
    }

    @Test("MessagePack that is truncated, claims more than it holds, nests too deep or repeats a key is refused", arguments: [
        [0x92, 0x01] as [UInt8], [0xDC, 0xFF, 0xFF, 0x01], [0xDD, 0xFF, 0xFF, 0xFF, 0xFF], [0xA5, 0x61], [0xC1], [0x01, 0x02],
        [0x82, 0xA1, 0x61, 0x01, 0xA1, 0x61, 0x02], [0x81, 0x01, 0x01], Array(repeating: 0x91, count: 40) + [0x01],
    ])
    func messagePackRefused(bytes: [UInt8]) {
        #expect(throws: AnonCredsError.self) { try MessagePack.decode(bytes) }
    }

    @Test("a credential converts to the W3C form and back unchanged (VCDM 1.1 and 2.0)", arguments: [
        W3CAnonCredsCredential.Version.v1_1, .v2_0,
    ])
    func credentialRoundTrip(version: W3CAnonCredsCredential.Version) throws {
        let credential = try fixture.processed
        let w3c = try W3CAnonCredsCredential(credential, issuerID: "did:example:vellum-issuer", version: version, issuanceDate: "2026-11-28T00:00:00Z")
        #expect(w3c.subject["age"] == .number(28) && w3c.subject["name"] == .string("Alice Example"))
        #expect(w3c.proof.purpose == .assertionMethod && w3c.proof.verificationMethod == fixture.credentialDefinitionID)
        #expect((version == .v1_1) == (w3c.issuanceDate != nil))
        let reread = try W3CAnonCredsCredential(jsonData: w3c.jsonData())
        #expect(reread == w3c)
        #expect(try reread.credential() == credential)
    }

    @Test("a W3C credential that is not anoncreds-rs' shape is a typed error")
    func malformedCredential() throws {
        let w3c = try W3CAnonCredsCredential(try fixture.processed, issuerID: "did:example:vellum-issuer", issuanceDate: "2026-11-28T00:00:00Z")
        guard case .object(let object) = try w3c.json() else { Issue.record("not an object"); return }
        func altered(_ change: (inout JSONObject) -> Void) -> Data {
            var copy = object
            change(&copy)
            return JSONValue.object(copy).serialized()
        }
        for data in [
            altered { $0["extra"] = "x" },
            altered { $0["issuanceDate"] = nil },
            altered { $0["@context"] = ["https://www.w3.org/2018/credentials/v1"] },
            altered { $0["credentialSubject"] = ["age": 2.5] },
            altered { $0["proof"] = [["type": "DataIntegrityProof", "cryptosuite": "eddsa-rdfc-2022"]] },
            altered { $0["proof"] = [["type": "DataIntegrityProof", "cryptosuite": "anoncreds-2023", "proofPurpose": "assertionMethod", "verificationMethod": "x", "proofValue": "zABC"]] },
            altered { $0["proof"] = [["type": "DataIntegrityProof", "cryptosuite": "anoncreds-2023", "proofPurpose": "assertionMethod", "verificationMethod": "x", "proofValue": "ukgGA"]] },
        ] {
            #expect(throws: AnonCredsError.self) { try W3CAnonCredsCredential(jsonData: data).credential() }
        }
    }

    @Test("Vellum's W3C presentation verifies; another nonce, a changed value or a forged predicate mark does not")
    func presentation() throws {
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let w3c = try W3CAnonCredsCredential(try fixture.processed, issuerID: "did:example:vellum-issuer", version: .v2_0)
        let request = PresentationRequest(
            nonce: .random(), name: "w3c", version: "1.0",
            requestedAttributes: ["name_referent": .init(name: "name", restrictions: .object(["schema_name": "vellum-test"])),
                                  "degree": .init(name: "Degree Name")],
            requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18)])
        let presentation = try holder.presentW3C(
            request, selection: [.init(credential: w3c, revealed: ["name_referent"], unrevealed: ["degree"], predicates: ["adult"])],
            definitions: fixture.definitions, schemas: fixture.schemas, version: .v2_0)
        #expect(presentation.credentials[0].subject == ["name": .string("Alice Example"), "age": .predicate])
        #expect(presentation.proof.challenge == request.nonce.text)
        let reread = try W3CAnonCredsPresentation(jsonData: presentation.jsonData())
        #expect(reread == presentation)
        try AnonCredsVerifier.verify(reread, request: request, schemas: fixture.schemas, definitions: fixture.definitions)

        var other = request
        other.nonce = .random()
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) {
            try AnonCredsVerifier.verify(reread, request: other, schemas: fixture.schemas, definitions: fixture.definitions)
        }
        var changed = reread
        changed.credentials[0].subject["name"] = .string("Mallory")
        #expect(throws: AnonCredsError.presentationInvalid("the credential shows a value of name its proof does not reveal")) {
            try AnonCredsVerifier.verify(changed, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
        }
        var stricter = request
        stricter.requestedPredicates["adult"]?.value = 30
        #expect(throws: AnonCredsError.presentationInvalid("no credential proves predicate adult")) {
            try AnonCredsVerifier.verify(reread, request: stricter, schemas: fixture.schemas, definitions: fixture.definitions)
        }
        var restricted = request
        restricted.requestedAttributes["name_referent"]?.restrictions = .object(["schema_name": "other"])
        #expect(throws: AnonCredsError.self) {
            try AnonCredsVerifier.verify(reread, request: restricted, schemas: fixture.schemas, definitions: fixture.definitions)
        }
    }
}

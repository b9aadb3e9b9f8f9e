import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing

/// W3C DID Core 1.0 §5 (core properties) and §6.2 (JSON representation).
@Suite("DID document model")
struct DIDDocumentTests {
    static let signingKey = PrivateKey(curve: .p256)
    static let agreementKey = PrivateKey(curve: .x25519)

    /// A document in the shape of DID Core's examples: relative ids, a method embedded in a
    /// relationship, a JWK key, a Multikey key, services with string, map and array endpoints.
    static func exampleJSON() throws -> String {
        let jwk = String(decoding: JWK(publicKey: signingKey.publicKey).jsonData(), as: UTF8.self)
        let multikey = try DIDKey.make(for: agreementKey.publicKey).methodSpecificID
        return """
            {
              "@context": ["https://www.w3.org/ns/did/v1", {"@vocab": "https://example.com/#"}],
              "id": "did:example:123",
              "controller": "did:example:controller",
              "alsoKnownAs": ["https://example.com/alice"],
              "verificationMethod": [
                {"id": "#key-1", "type": "JsonWebKey2020", "controller": "did:example:123", "publicKeyJwk": \(jwk)}
              ],
              "authentication": ["#key-1"],
              "assertionMethod": ["did:example:123#key-1"],
              "keyAgreement": [
                {"id": "#agree", "type": "Multikey", "controller": "did:example:123", "publicKeyMultibase": "\(multikey)"}
              ],
              "service": [
                {"id": "#linked", "type": "LinkedDomains", "serviceEndpoint": "https://example.com"},
                {"id": "#dm", "type": ["DIDCommMessaging", "Other"],
                 "serviceEndpoint": {"uri": "https://example.com/dm", "accept": ["didcomm/v2"]}},
                {"id": "did:example:123#many", "type": "X", "serviceEndpoint": ["https://a.example", {"uri": "b"}]}
              ],
              "extension": {"kept": true}
            }
            """
    }

    static func parse(_ text: String) throws -> DIDDocument {
        try DIDDocument(jsonData: Data(text.utf8))
    }

    @Test("Every core property is read, and nothing is lost on the way back")
    func readsAndRoundTrips() throws {
        let document = try Self.parse(Self.exampleJSON())
        #expect(document.id.description == "did:example:123")
        #expect(document.context.count == 2)
        #expect(document.controller.map(\.description) == ["did:example:controller"])
        #expect(document.alsoKnownAs == ["https://example.com/alice"])
        #expect(document.verificationMethod.count == 1)
        #expect(document.authentication == [.reference("#key-1")])
        #expect(document.service.count == 3)
        #expect(document.service[1].types == ["DIDCommMessaging", "Other"])
        #expect(document.service[1].serviceEndpoint["uri"]?.stringValue == "https://example.com/dm")
        #expect(document.additionalMembers["extension"]?["kept"] == .bool(true))
        #expect(try DIDDocument(json: document.json) == document)

        let encoded = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(DIDDocument.self, from: encoded) == document)
    }

    @Test("A kid finds its method and key only in the relationship that lists it")
    func looksUpVerificationMethods() throws {
        let document = try Self.parse(Self.exampleJSON())
        let relative = try document.verificationMethod(for: "#key-1", relationship: .authentication)
        #expect(relative.id.description == "did:example:123#key-1")
        #expect(relative.publicKey == Self.signingKey.publicKey)
        let absolute = try document.verificationMethod(for: "did:example:123#key-1", relationship: .assertionMethod)
        #expect(absolute.publicKey == Self.signingKey.publicKey)
        let embedded = try document.verificationMethod(for: "#agree", relationship: .keyAgreement)
        #expect(embedded.publicKey == Self.agreementKey.publicKey)
        #expect(try document.verificationMethod(for: "#agree").publicKey == Self.agreementKey.publicKey)
        #expect(try document.verificationMethods(for: .authentication).map(\.id) == ["#key-1"])

        // A signing key is not a key-agreement key, and the reverse.
        #expect(throws: DIDError.verificationMethodNotFound("#key-1")) {
            try document.verificationMethod(for: "#key-1", relationship: .keyAgreement)
        }
        #expect(throws: DIDError.verificationMethodNotFound("#agree")) {
            try document.verificationMethod(for: "#agree", relationship: .authentication)
        }
        // A document cannot vouch for another DID's key.
        #expect(throws: DIDError.verificationMethodNotFound("did:example:other#key-1")) {
            try document.verificationMethod(for: "did:example:other#key-1")
        }
        #expect(throws: DIDError.verificationMethodNotFound("#nope")) { try document.verificationMethod(for: "#nope") }
    }

    @Test("Documents with wrong member types are rejected", arguments: [
        ##"[]"##,
        ##"{}"##,
        ##"{"id": 5}"##,
        ##"{"id": "not-a-did"}"##,
        ##"{"id": "did:example:1", "@context": 5}"##,
        ##"{"id": "did:example:1", "controller": ["did:example:2", "bad"]}"##,
        ##"{"id": "did:example:1", "alsoKnownAs": "https://x"}"##,
        ##"{"id": "did:example:1", "verificationMethod": {}}"##,
        ##"{"id": "did:example:1", "verificationMethod": [{"id": "#k"}]}"##,
        ##"{"id": "did:example:1", "verificationMethod": [{"id": "k", "type": "Multikey"}]}"##,
        ##"{"id": "did:example:1", "verificationMethod": [{"id": "#k", "type": "Multikey", "controller": "x"}]}"##,
        ##"{"id": "did:example:1", "verificationMethod": [{"id": "#k", "type": "T"}, {"id": "did:example:1#k", "type": "T"}]}"##,
        ##"{"id": "did:example:1", "verificationMethod": [{"id": "#k", "type": "JsonWebKey2020", "publicKeyJwk": {"kty": "OKP", "crv": "Ed25519", "x": "AA", "d": "AA"}}]}"##,
        ##"{"id": "did:example:1", "authentication": [5]}"##,
        ##"{"id": "did:example:1", "authentication": ["key-1"]}"##,
        ##"{"id": "did:example:1", "service": [{"id": "#s", "type": "T", "serviceEndpoint": 5}]}"##,
        ##"{"id": "did:example:1", "service": [{"id": "#s", "type": [], "serviceEndpoint": "x"}]}"##,
        ##"{"id": "did:example:1", "service": [{"id": "#s", "serviceEndpoint": "x"}]}"##,
        ##"{"id": "did:example:1", "service": [{"id": "#s", "type": "T", "serviceEndpoint": [true]}]}"##,
        ##"{"id": "did:example:1""##,
        ##"{"id": "did:example:1", "id": "did:example:2"}"##,
    ])
    func rejectsMalformedDocuments(json: String) {
        #expect(throws: DIDError.self) { try Self.parse(json) }
    }

    @Test("More entries than the limit are refused")
    func rejectsTooManyEntries() {
        let entries = (0...DIDDocument.maximumEntries).map { "\"#k\($0)\"" }.joined(separator: ",")
        #expect(throws: DIDError.self) { try Self.parse(##"{"id": "did:example:1", "authentication": [\##(entries)]}"##) }
    }

    @Test("Deeply nested extension members hit the parser's depth limit")
    func rejectsDeepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: DIDError.self) { try Self.parse(##"{"id": "did:example:1", "x": \##(deep)}"##) }
    }

    @Test("Key material must match the method type")
    func keyMaterialChecks() throws {
        let did = try DIDIdentifier("did:example:1")
        let p256 = Self.signingKey.publicKey
        let compressed = try #require(p256.sec1CompressedRepresentation)
        // A P-256 point passed off as an Ed25519 2018 key.
        let disguised = VerificationMethod(
            id: "#k", type: "Ed25519VerificationKey2018", controller: did, publicKeyBase58: Base58BTC.encode(compressed))
        #expect(throws: DIDError.self) { try disguised.publicKey() }
        // A P-256 Multikey passed off as Ed25519VerificationKey2020.
        let multikey = try DIDKey.make(for: p256).methodSpecificID
        let wrongSuite = VerificationMethod(id: "#k", type: "Ed25519VerificationKey2020", controller: did, publicKeyMultibase: multikey)
        #expect(throws: DIDError.invalidKeyMaterial(reason: "Ed25519VerificationKey2020 carries a P-256 key")) {
            try wrongSuite.publicKey()
        }
        #expect(try VerificationMethod(id: "#k", type: "Multikey", controller: did, publicKeyMultibase: multikey).publicKey() == p256)
        #expect(throws: DIDError.self) { try VerificationMethod(id: "#k", type: "Multikey", controller: did).publicKey() }
        let both = VerificationMethod(
            id: "#k", type: "Multikey", controller: did, publicKeyMultibase: multikey, publicKeyBase58: "abc")
        #expect(throws: DIDError.self) { try both.publicKey() }
        let unknown = VerificationMethod(id: "#k", type: "RsaVerificationKey2018", controller: did, publicKeyBase58: "abc")
        #expect(throws: DIDError.unsupportedVerificationMethod(type: "RsaVerificationKey2018")) { try unknown.publicKey() }
        #expect(
            try VerificationMethod(id: "#k", type: "P256Key2021", controller: did, publicKeyBase58: Base58BTC.encode(compressed))
                .publicKey() == p256)
    }
}

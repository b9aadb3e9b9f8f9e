import AnonCreds
import Foundation
import Testing

/// Reads what anoncreds-rs 0.2.3 wrote and writes it back member for member.
@Suite("AnonCreds objects as anoncreds-rs 0.2 writes them")
struct ObjectTests {
    let fixture = IssuanceFixture.shared

    /// The two JSON texts as values, member order aside.
    func sameJSON(_ a: Data, _ b: Data) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: a) as? NSDictionary
        let right = try JSONSerialization.jsonObject(with: b) as? NSDictionary
        return left != nil && left == right
    }

    @Test("every object of an anoncreds-rs issuance reads and writes back unchanged")
    func roundTrips() throws {
        #expect(try sameJSON(fixture.schema.jsonData(), fixture.json("schema")))
        #expect(try sameJSON(fixture.definition.jsonData(), fixture.json("cred_def")))
        #expect(try sameJSON(fixture.privateKey.jsonData(), fixture.json("cred_def_private")))
        #expect(try sameJSON(fixture.offer.jsonData(), fixture.json("offer")))
        #expect(try sameJSON(fixture.request.jsonData(), fixture.json("request")))
        #expect(try sameJSON(fixture.metadata.jsonData(), fixture.json("metadata")))
        #expect(try sameJSON(fixture.issued.jsonData(), fixture.json("issued")))
        #expect(try sameJSON(fixture.processed.jsonData(), fixture.json("processed")))
    }

    @Test("the members hold what they name")
    func members() throws {
        let definition = try fixture.definition
        #expect(definition.signatureType == "CL" && !definition.supportsRevocation)
        #expect(Set(definition.value.primary.r.keys) == ["master_secret", "name", "age", "degreename"])
        #expect(definition.value.primary.n.bitWidth == 2050)
        let request = try fixture.request
        #expect(request.entropy == "vellum-fixture" && request.proverDID == nil)
        #expect(request.blindedLinkSecret.hiddenAttributes == ["master_secret"])
        let credential = try fixture.issued
        #expect(credential.values["age"] == AttributeValue(raw: "28", encoded: "28"))
        #expect(credential.revocationRegistryID == nil && credential.witness == nil)
    }

    @Test("a legacy key's rms is its link-secret base")
    func legacyRMS() throws {
        var definition = fixture.object("cred_def")
        var value = definition["value"] as! [String: Any]
        var primary = value["primary"] as! [String: Any]
        var r = primary["r"] as! [String: Any]
        primary["rms"] = r.removeValue(forKey: "master_secret")
        primary["r"] = r
        value["primary"] = primary
        definition["value"] = value
        let legacy = try CredentialDefinition(jsonData: JSONSerialization.data(withJSONObject: definition))
        #expect(legacy.value.primary == (try fixture.definition).value.primary)
    }

    @Test("malformed members are refused with the path that is wrong")
    func malformedMembers() throws {
        let offer = fixture.object("offer")
        #expect(throws: AnonCredsError.malformedObject(type: "credential offer", path: "nonce", reason: "a nonce has decimal digits only")) {
            try CredentialOffer(jsonData: IssuanceFixture.altered(offer, at: ["nonce"], to: "-12"))
        }
        #expect(throws: AnonCredsError.malformedObject(type: "credential offer", path: "key_correctness_proof.c", reason: "not a decimal integer")) {
            try CredentialOffer(jsonData: IssuanceFixture.altered(offer, at: ["key_correctness_proof", "c"], to: "12ab"))
        }
        #expect(throws: AnonCredsError.malformedObject(type: "credential offer", path: "schema_id", reason: "missing")) {
            try CredentialOffer(jsonData: IssuanceFixture.altered(offer, at: ["schema_id"], to: nil))
        }
        #expect(throws: AnonCredsError.invalidIdentifier(kind: "credential definition", value: "not an identifier")) {
            try CredentialOffer(jsonData: IssuanceFixture.altered(offer, at: ["cred_def_id"], to: "not an identifier"))
        }
        #expect(throws: AnonCredsError.self) {
            try CredentialDefinition(jsonData: IssuanceFixture.altered(fixture.object("cred_def"), at: ["type"], to: "BBS"))
        }
        #expect(throws: AnonCredsError.self) {
            try Credential(jsonData: IssuanceFixture.altered(fixture.object("issued"), at: ["values"], to: [String: Any]()))
        }
    }

    @Test("a key with more bases than a schema has attributes, a base outside 1..<n or an oversized modulus is refused")
    func keyBounds() throws {
        let definition = fixture.object("cred_def")
        let primary = (definition["value"] as! [String: Any])["primary"] as! [String: Any]
        var r = primary["r"] as! [String: Any]
        for index in 0..<126 { r["extra\(index)"] = r["name"] }
        #expect(throws: AnonCredsError.malformedObject(type: "credential definition", path: "value.primary.r", reason: "more bases than a schema has attributes")) {
            try CredentialDefinition(jsonData: IssuanceFixture.altered(definition, at: ["value", "primary", "r"], to: r))
        }
        #expect(throws: AnonCredsError.malformedObject(type: "credential definition", path: "value.primary.r", reason: "a base outside 1 ..< n")) {
            try CredentialDefinition(jsonData: IssuanceFixture.altered(definition, at: ["value", "primary", "z"], to: primary["n"]))
        }
        let huge = BigInteger.one.shiftedLeft(by: 9000) + .one
        #expect(throws: AnonCredsError.self) {
            try CredentialDefinition(jsonData: IssuanceFixture.altered(definition, at: ["value", "primary", "n"], to: huge.decimalString))
        }
    }

    @Test("duplicate members and oversized documents are refused before decoding")
    func strictJSON() {
        let duplicate = Data(#"{"name":"a","name":"b","version":"1","attrNames":["x"],"issuerId":"did:example:1"}"#.utf8)
        #expect {
            try Schema(jsonData: duplicate)
        } throws: { error in
            if case .malformedJSON = error as? AnonCredsError { return true }
            return false
        }
        let huge = Data(#"{"name":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 2_000) + Data(#""}"#.utf8)
        #expect(throws: AnonCredsError.self) { try Schema(jsonData: huge, limits: .init(maximumSize: 1_000)) }
    }

    @Test("a request carries entropy, or a prover DID for a legacy credential definition only")
    func requestIdentity() throws {
        let request = fixture.object("request")
        let both = IssuanceFixture.altered(request, at: ["prover_did"], to: "did:example:holder")
        #expect(throws: AnonCredsError.invalidRequest("entropy and prover_did must not both be given")) {
            try CredentialRequest(jsonData: both)
        }
        let didOnly = IssuanceFixture.altered(
            (try JSONSerialization.jsonObject(with: both)) as! [String: Any], at: ["entropy"], to: nil)
        #expect(throws: AnonCredsError.invalidRequest("entropy is required for a credential definition that is not a legacy identifier")) {
            try CredentialRequest(jsonData: didOnly)
        }
        var legacy = (try JSONSerialization.jsonObject(with: didOnly)) as! [String: Any]
        legacy["cred_def_id"] = "DXoTtQJNtXtiwWaZAK3rB1:3:CL:98153:default"
        legacy["prover_did"] = "DXoTtQJNtXtiwWaZAK3rB1"
        let parsed = try CredentialRequest(jsonData: JSONSerialization.data(withJSONObject: legacy))
        #expect(parsed.proverDID == "DXoTtQJNtXtiwWaZAK3rB1" && parsed.contextInput == "DXoTtQJNtXtiwWaZAK3rB1")
    }

    @Test("schema attribute names are unique as anoncreds compares them (spaces and case aside)")
    func schemaNames() throws {
        #expect(throws: AnonCredsError.invalidAttributeNames("firstname is named twice")) {
            try Schema(name: "s", version: "1.0", attributeNames: ["First Name", "firstname"], issuerID: "did:example:1")
        }
        #expect(throws: AnonCredsError.invalidAttributeNames("a schema names at least one attribute")) {
            try Schema(name: "s", version: "1.0", attributeNames: [], issuerID: "did:example:1")
        }
        #expect(throws: AnonCredsError.invalidIdentifier(kind: "issuer", value: "abc")) {
            try Schema(name: "s", version: "1.0", attributeNames: ["a"], issuerID: "abc")
        }
        let legacy = try Schema(name: "s", version: "1.0", attributeNames: ["a"], issuerID: "DXoTtQJNtXtiwWaZAK3rB1")
        #expect(legacy.jsonString() == #"{"attrNames":["a"],"issuerId":"DXoTtQJNtXtiwWaZAK3rB1","name":"s","version":"1.0"}"#)
    }

    @Test("a nonce is read from a decimal string or a JSON integer and written as a string")
    func nonces() throws {
        struct Holder: Codable { var nonce: Nonce }
        let fromInteger = try JSONDecoder().decode(Holder.self, from: Data(#"{"nonce":123456}"#.utf8))
        #expect(fromInteger.nonce.text == "123456")
        #expect(String(decoding: try JSONEncoder().encode(fromInteger), as: UTF8.self) == #"{"nonce":"123456"}"#)
        #expect(Nonce(decimal: "+1") == nil && Nonce(decimal: "") == nil)
        #expect(Nonce.random().value.bitWidth <= Nonce.bitCount)
    }
}

import AnonCreds
import Foundation
import Testing

/// The holder's checks, against a credential anoncreds-rs issued (no peer needed).
@Suite("Holder: request a credential, then accept only a correct one")
struct HolderTests {
    let fixture = IssuanceFixture.shared

    func holder() throws -> AnonCredsHolder {
        AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
    }

    func process(_ credential: Data, metadata: CredentialRequestMetadata? = nil) throws -> Credential {
        try holder().process(
            Credential(jsonData: credential), metadata: metadata ?? fixture.metadata, offer: fixture.offer,
            definition: fixture.definition)
    }

    @Test("an anoncreds-rs credential is accepted and unblinded exactly as anoncreds-rs does it")
    func processesAsAnonCredsRS() throws {
        let processed = try process(fixture.json("issued"))
        #expect(processed == (try fixture.processed))
        #expect(processed.signature.v == (try fixture.metadata).vPrime + (try fixture.issued).signature.v)
    }

    @Test("a link secret is 256 random bits, stored as decimal and never printed")
    func linkSecret() throws {
        let secret = LinkSecret.random()
        #expect(LinkSecret(storedDecimal: secret.storedDecimal) == secret)
        #expect(!"\(secret)".contains(secret.storedDecimal))
        #expect(LinkSecret(storedDecimal: "-5") == nil && LinkSecret(storedDecimal: "x") == nil)
        #expect(secret != LinkSecret.random())
    }

    @Test("a request blinds the link secret under the offered key and proves it")
    func request() throws {
        let pending = try holder().request(for: fixture.offer, definition: fixture.definition)
        #expect(pending.request.credentialDefinitionID == fixture.credentialDefinitionID)
        #expect(pending.request.entropy != nil && pending.request.proverDID == nil)
        #expect(pending.metadata.nonce == pending.request.nonce && pending.metadata.linkSecretName == "default")
        #expect(pending.metadata.vPrime.bitWidth <= 2128 && pending.metadata.vPrime.bitWidth > 2000)
        #expect(try CredentialRequest(jsonData: pending.request.jsonData()) == pending.request)
    }

    @Test("an offer whose key correctness proof does not verify gets no request", arguments: [
        ["key_correctness_proof", "c"], ["key_correctness_proof", "xz_cap"],
    ])
    func badKeyCorrectnessProof(path: [String]) throws {
        let offer = fixture.object("offer")
        let proof = offer["key_correctness_proof"] as! [String: Any]
        let value = BigInteger(decimal: proof[path[1]] as! String)! + .one
        let tampered = try CredentialOffer(jsonData: IssuanceFixture.altered(offer, at: path, to: value.decimalString))
        #expect(throws: AnonCredsError.keyCorrectnessProofInvalid("the challenge does not match")) {
            try holder().request(for: tampered, definition: fixture.definition)
        }
    }

    @Test("a key correctness proof must cover every attribute base and no other")
    func keyCorrectnessProofCoverage() throws {
        var offer = try fixture.offer
        offer.keyCorrectnessProof.xrCap.removeAll { $0.name == "age" }
        #expect(throws: AnonCredsError.keyCorrectnessProofInvalid("no response for attribute age")) {
            try holder().request(for: offer, definition: fixture.definition)
        }
        offer = try fixture.offer
        offer.keyCorrectnessProof.xrCap.append(.init(name: "extra", value: 5))
        #expect(throws: AnonCredsError.keyCorrectnessProofInvalid("a response for extra, which the key does not have")) {
            try holder().request(for: offer, definition: fixture.definition)
        }
        // Another key's proof does not prove this one.
        var definition = try fixture.definition
        definition.value.primary.z = definition.value.primary.z.multiplied(by: definition.value.primary.s, modulo: definition.value.primary.n)!
        #expect(throws: AnonCredsError.keyCorrectnessProofInvalid("the challenge does not match")) {
            try holder().request(for: fixture.offer, definition: definition)
        }
    }

    @Test("a tampered signature is refused", arguments: ["a", "v", "m_2"])
    func tamperedSignature(member: String) throws {
        let issued = fixture.object("issued")
        let primary = (issued["signature"] as! [String: Any])["p_credential"] as! [String: Any]
        let value = BigInteger(decimal: primary[member] as! String)! + .two
        let tampered = IssuanceFixture.altered(issued, at: ["signature", "p_credential", member], to: value.decimalString)
        #expect(throws: AnonCredsError.signatureInvalid) { try process(tampered) }
    }

    @Test("an exponent e that is not a prime of the CL range is refused")
    func badExponent() throws {
        let issued = fixture.object("issued")
        let primary = (issued["signature"] as! [String: Any])["p_credential"] as! [String: Any]
        let e = BigInteger(decimal: primary["e"] as! String)!
        for bad in [e + .two * .two * 3, BigInteger(65537), e + BigInteger.one.shiftedLeft(by: 120)] {
            let tampered = IssuanceFixture.altered(issued, at: ["signature", "p_credential", "e"], to: bad.decimalString)
            #expect(throws: AnonCredsError.signatureExponentInvalid) { try process(tampered) }
        }
    }

    @Test("a tampered signature correctness proof is refused", arguments: ["se", "c"])
    func tamperedCorrectnessProof(member: String) throws {
        let issued = fixture.object("issued")
        let proof = issued["signature_correctness_proof"] as! [String: Any]
        let value = BigInteger(decimal: proof[member] as! String)! + .one
        let tampered = IssuanceFixture.altered(issued, at: ["signature_correctness_proof", member], to: value.decimalString)
        #expect(throws: AnonCredsError.signatureCorrectnessProofInvalid) { try process(tampered) }
    }

    @Test("the signature correctness proof is bound to the request's nonce")
    func wrongNonce() throws {
        var metadata = try fixture.metadata
        metadata.nonce = Nonce(decimal: (metadata.nonce.value + .one).decimalString)!
        #expect(throws: AnonCredsError.signatureCorrectnessProofInvalid) {
            try process(fixture.json("issued"), metadata: metadata)
        }
    }

    @Test("another link secret, or another blinding factor, does not make the signature verify")
    func wrongSecrets() throws {
        let other = AnonCredsHolder(linkSecret: .random())
        #expect(throws: AnonCredsError.signatureInvalid) {
            try other.process(fixture.issued, metadata: fixture.metadata, offer: fixture.offer, definition: fixture.definition)
        }
        var metadata = try fixture.metadata
        metadata.vPrime = metadata.vPrime + .one
        #expect(throws: AnonCredsError.signatureInvalid) { try process(fixture.json("issued"), metadata: metadata) }
    }

    @Test("a raw value that does not match its encoded value is refused, either side changed")
    func encodingMismatch() throws {
        let issued = fixture.object("issued")
        let rawChanged = IssuanceFixture.altered(issued, at: ["values", "age", "raw"], to: "29")
        #expect(throws: AnonCredsError.encodedValueMismatch(attribute: "age")) { try process(rawChanged) }
        let encodedChanged = IssuanceFixture.altered(issued, at: ["values", "name"], to: ["raw": "Alice Example", "encoded": "12"])
        #expect(throws: AnonCredsError.encodedValueMismatch(attribute: "name")) { try process(encodedChanged) }
        // Both changed consistently: the encoding matches, the signature does not.
        let both = IssuanceFixture.altered(issued, at: ["values", "age"], to: ["raw": "29", "encoded": "29"])
        #expect(throws: AnonCredsError.signatureInvalid) { try process(both) }
    }

    @Test("a credential under another credential definition or schema than offered is refused")
    func otherDefinition() throws {
        let issued = fixture.object("issued")
        let other = IssuanceFixture.altered(issued, at: ["cred_def_id"], to: "did:example:other/cred-def/9")
        #expect(throws: AnonCredsError.credentialDefinitionMismatch(
            expected: fixture.credentialDefinitionID, found: "did:example:other/cred-def/9")) { try process(other) }
        let otherSchema = IssuanceFixture.altered(issued, at: ["schema_id"], to: "did:example:other/schema/9")
        #expect(throws: AnonCredsError.self) { try process(otherSchema) }
    }

    @Test("missing and extra attributes are refused")
    func attributeSet() throws {
        let issued = fixture.object("issued")
        let missing = IssuanceFixture.altered(issued, at: ["values", "age"], to: nil)
        #expect(throws: AnonCredsError.attributesMismatch("no value for age")) { try process(missing) }
        let extra = IssuanceFixture.altered(issued, at: ["values", "extra"], to: ["raw": "1", "encoded": "1"])
        #expect(throws: AnonCredsError.attributesMismatch("extra is not an attribute of the credential definition")) {
            try process(extra)
        }
        let secret = IssuanceFixture.altered(issued, at: ["values", "master_secret"], to: ["raw": "1", "encoded": "1"])
        #expect(throws: AnonCredsError.self) { try process(secret) }
    }
}

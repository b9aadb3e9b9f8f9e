import CryptoKeys
import DID
import Foundation
import JSONLD
import JSONModel
import Multiformats
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// The Linked Data signature suites (Ed25519Signature2018 and 2020, JsonWebSignature2020,
/// EcdsaSecp256k1Signature2019, EcdsaSecp256r1Signature2019): what is signed verifies with
/// every key each suite takes, DIDKit's published credential and presentation verify, and
/// each forgery or policy refusal is its own typed error.
@Suite("Linked Data signatures")
struct LinkedDataProofTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
        "type": ["VerifiableCredential", "UniversityDegreeCredential"],
        "issuer": "did:example:issuer",
        "issuanceDate": "2025-01-01T00:00:00Z",
        "credentialSubject": ["id": "did:example:subject", "degree": ["type": "BachelorDegree", "name": "Bachelor of Science"]],
    ]

    /// A fresh key, its did:key verification method URL and a signer (the Data Integrity tests' party).
    typealias Party = DataIntegrityForgeryTests.Party

    static func verify(_ document: JSONValue, _ policy: DataIntegrityProofPolicy = DataIntegrityProofPolicy(now: now))
        async throws(DataIntegrityError)
    {
        _ = try await LinkedDataProofVerifier().verify(document, policy: policy)
    }

    /// `document` with the member at `path` replaced.
    static func replacing(_ document: JSONValue, _ path: [String], with value: JSONValue) -> JSONValue {
        DataIntegrityForgeryTests.replacing(document, path, with: value)
    }

    static let suitesAndCurves: [(LinkedDataProofSuite, KeyCurve)] = [
        (.ed25519Signature2018, .ed25519), (.ed25519Signature2020, .ed25519), (.jsonWebSignature2020, .ed25519),
        (.jsonWebSignature2020, .p256), (.jsonWebSignature2020, .secp256k1), (.ecdsaSecp256k1Signature2019, .secp256k1),
        (.ecdsaSecp256r1Signature2019, .p256),
    ]

    @Test("every suite signs and verifies with each key it takes; a changed claim breaks each", arguments: suitesAndCurves)
    func roundTrip(suite: LinkedDataProofSuite, curve: KeyCurve) async throws {
        let secured = try await Party(curve: curve).signLinkedData(suite: suite)
        let proof = try #require(secured["proof"]?.objectValue)
        #expect((proof["jws"] != nil) == suite.usesJWS)
        #expect((proof["proofValue"] != nil) == !suite.usesJWS)
        let verified = try await LinkedDataProofVerifier().verify(secured, policy: DataIntegrityProofPolicy(now: Self.now))
        #expect(verified.map(\.proof.suite) == [suite])
        let forged = Self.replacing(secured, ["credentialSubject", "degree", "name"], with: "Doctor of Philosophy")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged) }
    }

    @Test("the signer adds the suite's context when the document's do not define it, and only then")
    func suiteContext() async throws {
        let party = try Party()
        let v1 = try await party.signLinkedData(suite: .ed25519Signature2018)
        #expect(v1["@context"] == Self.credential["@context"])
        let v2020 = try await party.signLinkedData(suite: .ed25519Signature2020)
        #expect(v2020["@context"]?.arrayValue?.last == "https://w3id.org/security/suites/ed25519-2020/v1")
    }

    @Test("a VC Data Model 2.0 credential citing the secp256k1-2019 context verifies offline, and gets no second definition of the suite")
    func secp256k12019Context() async throws {
        let context = "https://w3id.org/security/suites/secp256k1-2019/v1"
        let credential: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2", .string(context)],
            "type": ["VerifiableCredential"],
            "issuer": "did:example:issuer",
            "credentialSubject": ["id": "did:example:subject"],
        ]
        let secured = try await Party(curve: .secp256k1).signLinkedData(credential, suite: .ecdsaSecp256k1Signature2019)
        #expect(secured["@context"] == credential["@context"])
        await #expect(throws: Never.self) { try await Self.verify(secured) }
        let forged = Self.replacing(secured, ["credentialSubject", "id"], with: "did:example:other")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged) }
    }

    @Test("a secp256k1 did:key's legacy document, which cites the secp256k1-2019 context, expands offline to its key type")
    func secp256k1LegacyDIDDocument() async throws {
        let did = try DIDKey.make(for: PrivateKey(curve: .secp256k1).publicKey)
        let document = try await DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: .legacy)).resolve(did).document
        let json = document.json
        #expect(json["@context"]?.arrayValue?.contains("https://w3id.org/security/suites/secp256k1-2019/v1") == true)
        let expanded = try await JSONLDAPI.expand(json)
        let method = try #require(expanded.arrayValue?.first?["https://w3id.org/security#verificationMethod"]?.arrayValue?.first)
        #expect(method["@type"]?.arrayValue == ["https://w3id.org/security#EcdsaSecp256k1VerificationKey2019"])
    }

    @Test("a detached JWS header with b64 true, another alg, or no detached form is refused as a malformed jws")
    func malformedJWS() async throws {
        let secured = try await Party().signLinkedData(suite: .ed25519Signature2018)
        let jws = try #require(secured["proof"]?["jws"]?.stringValue)
        let signature = try #require(jws.split(separator: ".", omittingEmptySubsequences: false).last)
        let headers = [#"{"alg":"EdDSA"}"#, #"{"alg":"ES256","b64":false,"crit":["b64"]}"#, #"{"alg":"EdDSA","b64":false}"#]
        for header in headers {
            let forged = Self.replacing(
                secured, ["proof", "jws"], with: .string(Base64URL.encode(Data(header.utf8)) + ".." + signature))
            await #expect(throws: DataIntegrityError.self) { try await Self.verify(forged) }
        }
        let attached = Self.replacing(secured, ["proof", "jws"], with: .string(jws.replacingOccurrences(of: "..", with: ".eA.")))
        await #expect(throws: DataIntegrityError.invalidJWS("not a detached compact JWS")) { try await Self.verify(attached) }
    }

    @Test("created is hashed exactly as written: ACA-Py's +00:00 form verifies, and rewriting it as Z breaks the signature")
    func createdAsWritten() async throws {
        let secured = try await Party().signLinkedData(created: "2025-06-15T14:00:00+00:00")
        await #expect(throws: Never.self) { try await Self.verify(secured) }
        let rewritten = Self.replacing(secured, ["proof", "created"], with: "2025-06-15T14:00:00Z")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(rewritten) }
    }

    @Test("a changed @context breaks the signature; an unknown one is an error naming it")
    func tamperedContext() async throws {
        let secured = try await Party().signLinkedData()
        let contexts = try #require(secured["@context"]?.arrayValue)
        let dropped = Self.replacing(secured, ["@context"], with: .array(contexts.filter { $0 != "https://www.w3.org/2018/credentials/examples/v1" }))
        await #expect(throws: DataIntegrityError.self) { try await Self.verify(dropped) }
        let unknown = Self.replacing(secured, ["@context"], with: .array(contexts + ["https://example.com/unknown/v1"]))
        let error = await #expect(throws: DataIntegrityError.self) { try await Self.verify(unknown) }
        guard case let .canonicalization(reason)? = error else {
            Issue.record("an unknown context gave \(String(describing: error))")
            return
        }
        #expect(reason.contains("https://example.com/unknown/v1"))
    }

    @Test("a proof naming another key's verification method does not verify")
    func anotherKey() async throws {
        let secured = try await Party().signLinkedData()
        let other = try Party()
        let forged = Self.replacing(secured, ["proof", "verificationMethod"], with: .string(other.verificationMethod))
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged) }
    }

    @Test("a proof for another purpose, or by a suite the policy leaves out, is refused")
    func purposeAndSuite() async throws {
        let secured = try await Party().signLinkedData(purpose: "authentication")
        await #expect(throws: DataIntegrityError.wrongProofPurpose(expected: "assertionMethod", found: "authentication")) {
            try await Self.verify(secured)
        }
        let credential = try await Party().signLinkedData()
        let policy = DataIntegrityProofPolicy(linkedDataSuites: [.ed25519Signature2018], now: Self.now)
        await #expect(throws: DataIntegrityError.unsupportedCryptosuite("Ed25519Signature2020")) {
            try await Self.verify(credential, policy)
        }
    }

    @Test("a presentation's proof needs the verifier's challenge and domain")
    func challengeAndDomain() async throws {
        let holder = try Party()
        let credential = try await Party().signLinkedData()
        let presentation: JSONValue = [
            "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"],
            "verifiableCredential": [credential],
        ]
        let signed = try await holder.signLinkedData(presentation, purpose: "authentication", challenge: "n-0S6_WzA2Mj", domain: "verifier.example")
        await #expect(throws: Never.self) {
            try await Self.verify(signed, .authentication(challenge: "n-0S6_WzA2Mj", domain: "verifier.example", now: Self.now))
        }
        await #expect(throws: DataIntegrityError.challengeMismatch) {
            try await Self.verify(signed, .authentication(challenge: "another", domain: "verifier.example", now: Self.now))
        }
        await #expect(throws: DataIntegrityError.domainMismatch) {
            try await Self.verify(signed, .authentication(challenge: "n-0S6_WzA2Mj", domain: "evil.example", now: Self.now))
        }
        let replayed = Self.replacing(signed, ["proof", "challenge"], with: "another")
        await #expect(throws: DataIntegrityError.signatureInvalid) {
            try await Self.verify(replayed, .authentication(challenge: "another", domain: "verifier.example", now: Self.now))
        }
    }

    @Test("an expired credential with a valid signature fails the validity rules")
    func expired() async throws {
        let expiring = Self.replacing(Self.credential, ["expirationDate"], with: "2025-03-01T00:00:00Z")
        let secured = try await Party().signLinkedData(expiring)
        await #expect(throws: Never.self) { try await Self.verify(secured) }
        let credential = try VerifiableCredential(json: secured)
        #expect(throws: CredentialError.self) { try credential.checkValidity(at: Self.now) }
    }

    @Test("DIDKit's Ed25519Signature2018 credential and presentation from the Credible vectors verify", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func credibleVectors() async throws {
        // Signed on 2026-11-21; checked four days later.
        let now = Date(timeIntervalSince1970: 1_795_651_200)
        let credential = try JSONValue(parsing: try Vectors.data("credible/03-credential-response-signed-vc.json"))
        let verified = try await LinkedDataProofVerifier().verify(credential, policy: DataIntegrityProofPolicy(now: now))
        #expect(verified.first?.proof.suite == .ed25519Signature2018)
        let presentation = try JSONValue(parsing: try Vectors.data("credible/05-presentation-signed-vp.json"))
        let policy = DataIntegrityProofPolicy.authentication(challenge: "ebbfb481-8135-43d2-8f0b-f09a43bbaee6", domain: "example.com", now: now)
        _ = try await LinkedDataProofVerifier().verify(presentation, policy: policy)
        let forged = Self.replacing(credential, ["credentialSubject", "alumniOf"], with: "mallory")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged, DataIntegrityProofPolicy(now: now)) }
    }
}

extension DataIntegrityForgeryTests.Party {
    /// The DID of the key.
    var did: String { String(verificationMethod.prefix { $0 != "#" }) }

    /// `credential` with this party as its issuer (DIDKit requires the key to be the issuer's).
    func issuing(_ credential: JSONValue) -> JSONValue {
        DataIntegrityForgeryTests.replacing(credential, ["issuer"], with: .string(did))
    }

    /// `document` signed with a Linked Data signature suite.
    func signLinkedData(
        _ document: JSONValue = LinkedDataProofTests.credential, suite: LinkedDataProofSuite = .ed25519Signature2020,
        purpose: String = "assertionMethod", created: String = "2025-06-15T14:00:00Z",
        challenge: String? = nil, domain: String? = nil
    ) async throws -> JSONValue {
        try await LinkedDataSigner.sign(
            document,
            options: LinkedDataProofOptions(
                suite: suite, verificationMethod: verificationMethod, proofPurpose: purpose, created: created,
                challenge: challenge, domain: domain),
            signer: signer)
    }
}

import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
@testable import W3CCredentials

/// Every check of the Data Integrity verifier (shown with the JCS suites) refuses what it is there to refuse, each
/// with its own typed error: a forgery (changed claim, changed `@context`, another key, a
/// bad proof value) and a policy refusal (purpose, suite, challenge, domain, times).
@Suite("Data Integrity refusals")
struct DataIntegrityForgeryTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/ns/credentials/v2", "https://www.w3.org/ns/credentials/examples/v2"],
        "type": ["VerifiableCredential", "ExampleDegreeCredential"],
        "issuer": "did:example:issuer",
        "validFrom": "2025-01-01T00:00:00Z",
        "credentialSubject": ["id": "did:example:subject", "degree": ["name": "Bachelor of Science"]],
    ]

    /// A fresh key, its did:key verification method URL and a signer.
    struct Party {
        let signer: SoftwareSigner
        let verificationMethod: String

        init(curve: KeyCurve = .ed25519) throws {
            let key = PrivateKey(curve: curve)
            signer = try SoftwareSigner(privateKey: key)
            let did = try DIDKey.make(for: key.publicKey).description
            verificationMethod = did + "#" + did.dropFirst("did:key:".count)
        }

        func sign(
            _ document: JSONValue = DataIntegrityForgeryTests.credential, suite: DataIntegrityCryptosuite = .eddsaJCS2022,
            purpose: String = "assertionMethod", created: Date = DataIntegrityForgeryTests.now.addingTimeInterval(-3600),
            expires: String? = nil, challenge: String? = nil, domain: String? = nil
        ) async throws -> JSONValue {
            try await DataIntegritySigner.sign(
                document,
                options: DataIntegrityProofOptions(
                    cryptosuite: suite, verificationMethod: verificationMethod, proofPurpose: purpose,
                    created: DataIntegrityProofOptions.timestamp(created), expires: expires, challenge: challenge,
                    domain: domain),
                signer: signer)
        }
    }

    static func verify(_ document: JSONValue, _ policy: DataIntegrityProofPolicy = DataIntegrityProofPolicy(now: now))
        async throws(DataIntegrityError)
    {
        _ = try await DataIntegrityVerifier().verify(document, policy: policy)
    }

    /// `document` with the member at `path` replaced.
    static func replacing(_ document: JSONValue, _ path: [String], with value: JSONValue) -> JSONValue {
        guard let name = path.first, var object = document.objectValue else { return value }
        object.updateValue(replacing(object[name] ?? .null, Array(path.dropFirst()), with: value), forName: name)
        return .object(object)
    }

    @Test("an honest credential verifies with Ed25519, P-256 and P-384")
    func honest() async throws {
        for (curve, suite) in [(KeyCurve.ed25519, DataIntegrityCryptosuite.eddsaJCS2022), (.p256, .ecdsaJCS2019), (.p384, .ecdsaJCS2019)] {
            let secured = try await Party(curve: curve).sign(suite: suite)
            await #expect(throws: Never.self) { try await Self.verify(secured) }
        }
    }

    @Test("a changed claim breaks the signature")
    func tamperedClaim() async throws {
        let secured = try await Party().sign()
        let forged = Self.replacing(secured, ["credentialSubject", "degree", "name"], with: "Doctor of Philosophy")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged) }
    }

    @Test("a changed @context no longer starts with the proof's, and a changed proof @context breaks the signature")
    func tamperedContext() async throws {
        let secured = try await Party().sign()
        let forged = Self.replacing(secured, ["@context"], with: ["https://www.w3.org/ns/credentials/v2", "https://evil.example/context"])
        await #expect(throws: DataIntegrityError.contextMismatch) { try await Self.verify(forged) }
        let both = Self.replacing(forged, ["proof", "@context"], with: ["https://www.w3.org/ns/credentials/v2", "https://evil.example/context"])
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(both) }
    }

    @Test("a proof made by another key than its verification method's is refused")
    func anotherKey() async throws {
        let honest = try Party()
        let thief = try Party()
        let secured = try await Party(signer: thief.signer, verificationMethod: honest.verificationMethod).sign()
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(secured) }
    }

    @Test("a changed proof option (created) breaks the signature")
    func tamperedProofOptions() async throws {
        let secured = try await Party().sign()
        let forged = Self.replacing(secured, ["proof", "created"], with: "2020-01-01T00:00:00Z")
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(forged) }
    }

    @Test("a proof value that is not a base58btc signature of the suite's length is refused")
    func badProofValue() async throws {
        let secured = try await Party().sign()
        for value: JSONValue in ["uAAAA", "z3", "not multibase"] {
            await #expect(throws: DataIntegrityError.invalidProofValue) {
                try await Self.verify(Self.replacing(secured, ["proof", "proofValue"], with: value))
            }
        }
    }

    @Test("a proof for assertion is refused where authentication is required, and the reverse")
    func wrongPurpose() async throws {
        let party = try Party()
        let assertion = try await party.sign()
        await #expect(throws: DataIntegrityError.wrongProofPurpose(expected: "authentication", found: "assertionMethod")) {
            try await Self.verify(assertion, .authentication(challenge: "n-0S6_WzA2Mj", domain: nil, now: Self.now))
        }
        let authentication = try await party.sign(purpose: "authentication", challenge: "n-0S6_WzA2Mj")
        await #expect(throws: DataIntegrityError.wrongProofPurpose(expected: "assertionMethod", found: "authentication")) {
            try await Self.verify(authentication)
        }
    }

    @Test("a purpose the key is not authorized for in its DID document is refused")
    func unauthorizedRelationship() async throws {
        let secured = try await Party().sign(purpose: "keyAgreement")
        await #expect(throws: DataIntegrityError.self) {
            try await Self.verify(secured, DataIntegrityProofPolicy(proofPurpose: .keyAgreement, now: Self.now))
        }
        do {
            try await Self.verify(secured, DataIntegrityProofPolicy(proofPurpose: .keyAgreement, now: Self.now))
        } catch {
            guard case .verificationMethod = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("authentication proofs must carry the verifier's challenge and domain")
    func challengeAndDomain() async throws {
        let secured = try await Party().sign(purpose: "authentication", challenge: "abc", domain: "https://verifier.example")
        await #expect(throws: Never.self) {
            try await Self.verify(secured, .authentication(challenge: "abc", domain: "https://verifier.example", now: Self.now))
        }
        await #expect(throws: DataIntegrityError.challengeMismatch) {
            try await Self.verify(secured, .authentication(challenge: "xyz", domain: "https://verifier.example", now: Self.now))
        }
        await #expect(throws: DataIntegrityError.domainMismatch) {
            try await Self.verify(secured, .authentication(challenge: "abc", domain: "https://other.example", now: Self.now))
        }
        let withoutChallenge = try await Party().sign(purpose: "authentication")
        await #expect(throws: DataIntegrityError.challengeMismatch) {
            try await Self.verify(withoutChallenge, .authentication(challenge: "abc", domain: nil, now: Self.now))
        }
    }

    @Test("an expired proof, and one created in the future, are refused")
    func proofTimes() async throws {
        let party = try Party()
        let expired = try await party.sign(expires: "2025-01-01T00:00:00Z")
        await #expect(throws: DataIntegrityError.proofExpired) { try await Self.verify(expired) }
        let future = try await party.sign(created: Self.now.addingTimeInterval(86_400))
        await #expect(throws: DataIntegrityError.createdInFuture) { try await Self.verify(future) }
        let badDate = Self.replacing(expired, ["proof", "expires"], with: "tomorrow")
        await #expect(throws: DataIntegrityError.invalidProof("expires is not a date-time with a time zone")) { try await Self.verify(badDate) }
    }

    @Test("a cryptosuite that is unknown, not accepted, or not for the key's curve is refused")
    func wrongCryptosuite() async throws {
        let secured = try await Party().sign()
        let renamed = Self.replacing(secured, ["proof", "cryptosuite"], with: "eddsa-2099")
        await #expect(throws: DataIntegrityError.unsupportedCryptosuite("eddsa-2099")) { try await Self.verify(renamed) }
        let rdfc = Self.replacing(secured, ["proof", "cryptosuite"], with: "eddsa-rdfc-2022")
        // Read as RDFC (the bundled JSON-LD processor canonicalizes it), a JCS signature does not verify.
        await #expect(throws: DataIntegrityError.signatureInvalid) { try await Self.verify(rdfc) }
        await #expect(throws: DataIntegrityError.jsonLDProcessorMissing("eddsa-rdfc-2022")) {
            _ = try await DataIntegrityVerifier(toRDF: nil).verify(rdfc, policy: DataIntegrityProofPolicy(now: Self.now))
        }
        await #expect(throws: DataIntegrityError.unsupportedCryptosuite("eddsa-jcs-2022")) {
            try await Self.verify(secured, DataIntegrityProofPolicy(cryptosuites: [.ecdsaJCS2019], now: Self.now))
        }
        let ecdsaByEd25519 = Self.replacing(secured, ["proof", "cryptosuite"], with: "ecdsa-jcs-2019")
        await #expect(throws: DataIntegrityError.keyNotSupported("ecdsa-jcs-2019 does not verify with a Ed25519 key")) {
            try await Self.verify(ecdsaByEd25519)
        }
        await #expect(throws: DataIntegrityError.keyNotSupported("ecdsa-jcs-2019 does not sign with EdDSA")) {
            _ = try await Party().sign(suite: .ecdsaJCS2019)
        }
    }

    @Test("a document without a DataIntegrityProof is refused")
    func missingProof() async throws {
        await #expect(throws: DataIntegrityError.missingProof) { try await Self.verify(Self.credential) }
        let other = Self.replacing(Self.credential, ["proof"], with: ["type": "Ed25519Signature2020"])
        await #expect(throws: DataIntegrityError.missingProof) { try await Self.verify(other) }
    }

    @Test("a second proof makes a proof set, and each proof must verify")
    func proofSet() async throws {
        let first = try await Party().sign()
        let both = try await Party(curve: .p256).sign(first, suite: .ecdsaJCS2019)
        #expect(both["proof"]?.arrayValue?.count == 2)
        let verified = try await DataIntegrityVerifier().verify(both, policy: DataIntegrityProofPolicy(now: Self.now))
        #expect(verified.map(\.cryptosuite) == [.eddsaJCS2022, .ecdsaJCS2019])
        var proofs = both["proof"]?.arrayValue ?? []
        proofs[1] = Self.replacing(proofs[1], ["proofValue"], with: first["proof"]?["proofValue"] ?? .null)
        await #expect(throws: DataIntegrityError.self) { try await Self.verify(Self.replacing(both, ["proof"], with: .array(proofs))) }
    }
}

extension DataIntegrityForgeryTests.Party {
    /// A party that signs with `signer` but names `verificationMethod` (a forger's setup).
    init(signer: SoftwareSigner, verificationMethod: String) {
        self.signer = signer
        self.verificationMethod = verificationMethod
    }
}

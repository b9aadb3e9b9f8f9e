import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// Who may see an ecdsa-sd-2023 base proof, and what a derived one may reveal: the holder
/// receiving a credential checks its base proof (``DataIntegrityProofPolicy/holderReceipt(now:)``),
/// a verifier refuses one (it carries every statement and the HMAC key) and refuses a derived
/// credential revealing claims it did not ask for (``RequestedClaimsPolicy``).
@Suite("ecdsa-sd-2023: base proofs for the holder, requested claims for the verifier")
struct ECDSASDDisclosurePolicyTests {
    static let issuerKey = PrivateKey(curve: .p256)
    static let mandatoryPointers = ["/issuer", "/validFrom", "/credentialSubject/id"]

    /// An employee credential with a base proof by a P-256 did:key issuer.
    static func baseCredential() async throws -> JSONValue {
        let did = try DIDKey.make(for: issuerKey.publicKey)
        let document: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2", "https://www.w3.org/ns/credentials/examples/v2"],
            "id": "urn:uuid:5e1b8a2c-0000-4000-8000-000000000001",
            "type": ["VerifiableCredential", "EmployeeCredential"],
            "issuer": ["id": .string(did.description), "name": "Example Corp"],
            "validFrom": "2026-01-01T00:00:00Z",
            "credentialSubject": [
                "id": "did:example:holder", "givenName": "Alice", "familyName": "Liddell", "jobTitle": "Engineer",
            ],
        ]
        let options = DataIntegrityProofOptions(cryptosuite: .ecdsaSD2023, verificationMethod: DIDKey.verificationMethod(of: did))
        return try await ECDSASDBaseProofSigner.sign(
            document, options: options, mandatoryPointers: mandatoryPointers, signer: SoftwareSigner(privateKey: issuerKey))
    }

    static func requested(_ paths: [[String]]) throws -> [ClaimPath] {
        try paths.map { try ClaimPath($0.map(ClaimPath.Component.key)) }
    }

    @Test("the holder's receipt accepts the base proof; a verifier's default policy refuses it as baseProofPresented")
    func baseProofOnlyForTheHolder() async throws {
        let credential = try await Self.baseCredential()
        #expect(ECDSASelectiveDisclosure.baseProofValue(of: credential)?.mandatoryPointers == Self.mandatoryPointers)
        let verified = try await EmbeddedProofVerifier().verify(credential, policy: .holderReceipt(), controller: credential["issuer"]?["id"]?.stringValue)
        #expect(verified.map(\.suite) == ["ecdsa-sd-2023"])
        await expectError(DataIntegrityError.self, matching: { $0 == .baseProofPresented }) {
            _ = try await EmbeddedProofVerifier().verify(credential, policy: DataIntegrityProofPolicy())
        }
    }

    @Test("a base credential with a claim changed after signing, or a byte of its base signature flipped, is refused at receipt")
    func tamperedBaseRefused() async throws {
        let credential = try await Self.baseCredential()
        var changed = try #require(credential.objectValue)
        var subject = try #require(changed["credentialSubject"]?.objectValue)
        subject["jobTitle"] = "Director"
        changed["credentialSubject"] = .object(subject)
        await expectError(DataIntegrityError.self, matching: { $0 == .signatureInvalid }) {
            _ = try await DataIntegrityVerifier().verify(.object(changed), policy: .holderReceipt())
        }
        var flipped = try #require(credential.objectValue)
        var proof = try #require(flipped["proof"]?.objectValue)
        var value = try ECDSASDBaseProofValue(proofValue: try #require(proof["proofValue"]?.stringValue))
        value.baseSignature[value.baseSignature.startIndex + 10] ^= 0x01
        proof["proofValue"] = .string(value.proofValue)
        flipped["proof"] = .object(proof)
        await expectError(DataIntegrityError.self, matching: { $0 == .signatureInvalid }) {
            _ = try await DataIntegrityVerifier().verify(.object(flipped), policy: .holderReceipt())
        }
    }

    @Test("what every derivation reveals: the mandatory pointers' leaves with the context, ids and types")
    func alwaysDisclosed() async throws {
        let paths = try ECDSASelectiveDisclosure.alwaysDisclosedPaths(of: try await Self.baseCredential()).map(\.description)
        #expect(Set(paths) == [
            #"["@context"]"#, #"["id"]"#, #"["type"]"#, #"["issuer","id"]"#, #"["issuer","name"]"#, #"["validFrom"]"#,
            #"["credentialSubject","id"]"#,
        ])
    }

    @Test("a derivation for the given name reveals it and the mandatory claims only, verifies, and meets the request")
    func derivedForRequest() async throws {
        let credential = try await Self.baseCredential()
        let requested = try Self.requested([["credentialSubject", "givenName"]])
        let derived = try await ECDSASelectiveDisclosure.derive(credential, selectivePointers: requested.compactMap(ECDSASelectiveDisclosure.pointer(for:)))
        _ = try await DataIntegrityVerifier().verify(derived.document, policy: DataIntegrityProofPolicy())
        let subject = try #require(derived.document["credentialSubject"]?.objectValue)
        #expect(Set(subject.keys) == ["id", "givenName"])
        let policy = RequestedClaimsPolicy(requested: requested, mandatory: try ECDSASelectiveDisclosure.alwaysDisclosedPaths(of: credential))
        try policy.check(try #require(derived.document.objectValue))
    }

    @Test("a derivation selecting nothing (a query naming no claims) reveals the mandatory claims only, and meets a request for none")
    func derivedForNoClaims() async throws {
        let credential = try await Self.baseCredential()
        let derived = try await ECDSASelectiveDisclosure.derive(credential, selectivePointers: [])
        _ = try await DataIntegrityVerifier().verify(derived.document, policy: DataIntegrityProofPolicy())
        #expect(Set(try #require(derived.document["credentialSubject"]?.objectValue).keys) == ["id"])
        try RequestedClaimsPolicy(requested: [], mandatory: try ECDSASelectiveDisclosure.alwaysDisclosedPaths(of: credential))
            .check(try #require(derived.document.objectValue))
    }

    @Test("a derivation of the whole credential verifies and equals it, but a verifier that asked for the given name refuses it")
    func wholeDerivationRefusedByRequest() async throws {
        let credential = try await Self.baseCredential()
        let derived = try await ECDSASelectiveDisclosure.derive(credential, selectivePointers: ECDSASelectiveDisclosure.wholeDocumentPointers(of: credential))
        _ = try await DataIntegrityVerifier().verify(derived.document, policy: DataIntegrityProofPolicy())
        var revealed = try #require(derived.document.objectValue)
        var original = try #require(credential.objectValue)
        revealed["proof"] = nil
        original["proof"] = nil
        #expect(JSONValue.object(revealed).serialized() == JSONValue.object(original).serialized())
        let policy = RequestedClaimsPolicy(
            requested: try Self.requested([["credentialSubject", "givenName"]]),
            mandatory: try ECDSASelectiveDisclosure.alwaysDisclosedPaths(of: credential))
        await expectError(DataIntegrityError.self, matching: { $0 == .claimNotRequested(#"["credentialSubject","familyName"]"#) }) {
            try policy.check(try #require(derived.document.objectValue))
        }
        #expect(policy.excessClaims(in: try #require(derived.document.objectValue)).map(\.description).sorted() == [
            #"["credentialSubject","familyName"]"#, #"["credentialSubject","jobTitle"]"#,
        ])
    }

    @Test("a derived credential with a revealed claim changed is refused")
    func tamperedDerivationRefused() async throws {
        let credential = try await Self.baseCredential()
        let derived = try await ECDSASelectiveDisclosure.derive(credential, selectivePointers: ["/credentialSubject/givenName"])
        var changed = try #require(derived.document.objectValue)
        var subject = try #require(changed["credentialSubject"]?.objectValue)
        subject["givenName"] = "Mallory"
        changed["credentialSubject"] = .object(subject)
        await expectError(DataIntegrityError.self, matching: { $0 == .signatureInvalid }) {
            _ = try await DataIntegrityVerifier().verify(.object(changed), policy: DataIntegrityProofPolicy())
        }
    }
}

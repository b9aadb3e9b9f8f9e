import CryptoKeys
import DID
import Foundation
@testable import JSONLD
import JSONModel
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// The Linked Data signature suites between Vellum and DIDKit 0.3.3 (spruceid/ssi, Rust), both
/// ways, and Vellum's canonical forms against pyld's: what one signs the other verifies, and a
/// changed claim verifies in neither.
@Suite("Linked Data signatures interop with DIDKit and pyld", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct DIDKitLinkedDataInteropTests {
    static let credential = LinkedDataProofTests.credential

    /// A suite, the key's curve (DIDKit's JWK name) and the DID method DIDKit signs with.
    struct Case: Sendable, CustomTestStringConvertible {
        var suite: LinkedDataProofSuite
        var curve: KeyCurve
        var method: String
        var testDescription: String { "\(suite.rawValue) \(curve.rawValue) did:\(method)" }
    }

    static let cases: [Case] = [
        Case(suite: .ed25519Signature2018, curve: .ed25519, method: "key"),
        Case(suite: .ed25519Signature2020, curve: .ed25519, method: "key"),
        Case(suite: .jsonWebSignature2020, curve: .ed25519, method: "key"),
        Case(suite: .jsonWebSignature2020, curve: .p256, method: "jwk"),
        Case(suite: .jsonWebSignature2020, curve: .secp256k1, method: "key"),
        Case(suite: .ecdsaSecp256k1Signature2019, curve: .secp256k1, method: "key"),
        Case(suite: .ecdsaSecp256k1Signature2019, curve: .secp256k1, method: "jwk"),
        Case(suite: .ecdsaSecp256r1Signature2019, curve: .p256, method: "key"),
    ]

    static func didkit(_ request: JSONValue) async throws -> JSONValue {
        try JSONValue(parsing: try await PythonPeer.run("didkit_peer.py", input: request.serialized()))
    }

    /// DIDKit signs `document` with a fresh key (the issuer or holder set to its DID).
    static func didkitSigns(_ document: JSONValue, _ testCase: Case, purpose: String = "assertionMethod", challenge: String? = nil) async throws -> JSONValue {
        var request: JSONObject = [
            "op": "issue", "document": document, "suite": .string(testCase.suite.rawValue),
            "curve": .string(testCase.curve.rawValue), "method": .string(testCase.method), "purpose": .string(purpose),
        ]
        if let challenge { request["challenge"] = .string(challenge) }
        return try #require(try await didkit(.object(request))["signed"])
    }

    /// DIDKit's errors verifying `document` (none: it verified).
    static func didkitErrors(_ document: JSONValue, purpose: String = "assertionMethod", challenge: String? = nil, domain: String? = nil) async throws -> [JSONValue] {
        var request: JSONObject = ["op": "verify", "document": document, "purpose": .string(purpose)]
        if let challenge { request["challenge"] = .string(challenge) }
        if let domain { request["domain"] = .string(domain) }
        return try #require(try await didkit(.object(request))["errors"]?.arrayValue)
    }

    static func withName(_ document: JSONValue, _ name: String) -> JSONValue {
        LinkedDataProofTests.replacing(document, ["credentialSubject", "degree", "name"], with: .string(name))
    }

    @Test("DIDKit's credential verifies in Vellum; with a changed claim it does not", arguments: cases)
    func didkitToVellum(_ testCase: Case) async throws {
        let signed = try await Self.didkitSigns(Self.credential, testCase)
        let verified = try await LinkedDataProofVerifier().verify(signed, policy: DataIntegrityProofPolicy())
        #expect(verified.map(\.proof.suite) == [testCase.suite])
        await #expect(throws: DataIntegrityError.signatureInvalid) {
            _ = try await LinkedDataProofVerifier().verify(Self.withName(signed, "Mallory"), policy: DataIntegrityProofPolicy())
        }
    }

    @Test("Vellum's credential verifies in DIDKit; with a changed claim it does not", arguments: cases.filter { $0.method == "key" })
    func vellumToDIDKit(_ testCase: Case) async throws {
        let issuer = try LinkedDataProofTests.Party(curve: testCase.curve)
        let signed = try await issuer.signLinkedData(issuer.issuing(Self.credential), suite: testCase.suite)
        #expect(try await Self.didkitErrors(signed) == [])
        #expect(try await !Self.didkitErrors(Self.withName(signed, "Mallory")).isEmpty)
    }

    @Test("presentations with challenge and domain, both ways: DIDKit's Ed25519Signature2020 VP verifies in Vellum, Vellum's in DIDKit")
    func presentations() async throws {
        let ed2020 = Case(suite: .ed25519Signature2020, curve: .ed25519, method: "key")
        let credential = try await Self.didkitSigns(Self.credential, ed2020)
        let presentation: JSONValue = [
            "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"],
            "verifiableCredential": [credential],
        ]
        let theirs = try #require(try await Self.didkit([
            "op": "issue", "document": presentation, "suite": "Ed25519Signature2020", "curve": "Ed25519",
            "purpose": "authentication", "challenge": "c-8NQJ2", "domain": "verifier.example",
        ])["signed"])
        let policy = DataIntegrityProofPolicy.authentication(challenge: "c-8NQJ2", domain: "verifier.example")
        _ = try await LinkedDataProofVerifier().verify(theirs, policy: policy)
        await #expect(throws: DataIntegrityError.challengeMismatch) {
            _ = try await LinkedDataProofVerifier().verify(theirs, policy: .authentication(challenge: "other", domain: nil))
        }

        let holder = try LinkedDataProofTests.Party()
                var ours = try #require(presentation.objectValue)
        ours["holder"] = .string(holder.did)
        let signed = try await holder.signLinkedData(
            .object(ours), suite: .ed25519Signature2020, purpose: "authentication", challenge: "c-8NQJ2", domain: "verifier.example")
        #expect(try await Self.didkitErrors(signed, purpose: "authentication", challenge: "c-8NQJ2", domain: "verifier.example") == [])
        #expect(try await !Self.didkitErrors(signed, purpose: "authentication", challenge: "other", domain: "verifier.example").isEmpty)
    }

    @Test("Vellum's canonical N-Quads of each signed credential and its proof options equal pyld's", arguments: cases.filter { $0.method == "key" })
    func pyldCanonicalForm(_ testCase: Case) async throws {
        let signed = try await LinkedDataProofTests.Party(curve: testCase.curve).signLinkedData(Self.credential, suite: testCase.suite)
        let object = try #require(signed.objectValue)
        let unsecured = SecuredDocument.unsecured(object)
        let proof = try LinkedDataProof(json: try #require(object["proof"]?.objectValue))
        let configuration = LinkedDataProofConfiguration.make(options: proof.options, documentContext: unsecured["@context"])
        let hashing = try await ProofHashing.rdfc(
            document: unsecured, proofConfiguration: configuration, hashAlgorithm: .sha256, toRDF: JSONLDProcessorToRDF())
        #expect(try await Self.pyldCanonical(.object(unsecured)) == String(decoding: hashing.canonicalDocument, as: UTF8.self))
        #expect(try await Self.pyldCanonical(.object(configuration)) == String(decoding: hashing.canonicalProofConfiguration, as: UTF8.self))
    }

    static func pyldCanonical(_ document: JSONValue) async throws -> String {
        var contexts = JSONObject()
        for url in BundledContexts.urls { contexts[url] = BundledContexts.documents[url] }
        let request: JSONValue = ["op": "canonize", "document": document, "contexts": .object(contexts)]
        let output = try JSONValue(parsing: try await PythonPeer.run("jsonld_peer.py", input: request.serialized()))
        return try #require(output["nquads"]?.stringValue)
    }
}

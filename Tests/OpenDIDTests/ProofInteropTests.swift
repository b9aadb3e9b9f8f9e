import CryptoKeys
import Foundation
import JSONModel
import OpenDID
import Testing
import VellumTestSupport

/// Vellum's proofs against an independent Python reading of Open DID's rules
/// (`Tests/Peers/opendid_peer.py`: its own signing input, OpenSSL's ECDSA, its own
/// recovery-id arithmetic), both directions.
@Suite(
    "Open DID proofs: Python interop",
    .enabled(if: Vectors.isAvailable, Vectors.skipMessage),
    .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct ProofInteropTests {
    func peer(_ request: JSONObject) async throws -> JSONValue {
        try JSONValue(parsing: await PythonPeer.run("opendid_peer.py", input: JSONValue.object(request).serialized()))
    }

    func compressedHex(_ name: String) throws -> String {
        try #require(OpenDIDFixtures.privateKey(name).publicKey.sec1CompressedRepresentation).testHex
    }

    @Test func pythonVerifiesWhatVellumSigns() async throws {
        var credential = try OpenDIDFixtures.credential()
        credential.credentialSubject.claims[1].value = "길동 (Vellum)"
        try await credential.sign(with: OpenDIDFixtures.proofKey("did:omn:issuer", "assert", encoding: .base64))
        var presentation = try VerifiablePresentation(
            holder: OpenDIDFixtures.holder,
            disclosing: [ClaimSelection(credential: credential, claimCodes: ["org.opendid.v1.national_id.given_name"])],
            verifierNonce: OpenDIDFixtures.verifierNonce)
        try await presentation.sign(with: [
            OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "pin"), OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "bio"),
        ])
        let keys: JSONObject = [
            "did:omn:issuer?versionId=1#assert": .string(try compressedHex("did:omn:issuer#assert")),
            "\(OpenDIDFixtures.holder)?versionId=1#pin": .string(try compressedHex("\(OpenDIDFixtures.holder)#pin")),
            "\(OpenDIDFixtures.holder)?versionId=1#bio": .string(try compressedHex("\(OpenDIDFixtures.holder)#bio")),
        ]
        for document in [try JSONValue(parsing: credential.toJsonData()), try JSONValue(parsing: presentation.toJsonData()),
                         try JSONValue(parsing: presentation.verifiableCredential[0].toJsonData())] {
            let results = try #require(try await peer(["op": "verify", "document": document, "keys": .object(keys)])["results"]?.objectValue)
            #expect(!results.isEmpty)
            for (location, valid) in results { #expect(valid == .bool(true), "Python rejects \(location)") }
        }
    }

    @Test func vellumVerifiesWhatPythonSigns() async throws {
        var document = try OpenDIDSamples.json("synthetic/did_document_holder.json").objectValue ?? [:]
        document["proofs"] = nil
        func header(_ key: String) throws -> JSONValue {
            .object([
                "created": "2026-11-22T01:02:03Z", "proofPurpose": "assertionMethod", "type": "Secp256r1Signature2018",
                "verificationMethod": .string("\(OpenDIDFixtures.holder)?versionId=1#\(key)"),
                "privateKeyHex": .string(try OpenDIDFixtures.privateKey("\(OpenDIDFixtures.holder)#\(key)").rawRepresentation.testHex),
            ])
        }
        let signedDocument = try #require(try await peer([
            "op": "sign", "document": .object(document), "proofs": .array([try header("pin"), try header("bio")]),
        ])["document"])
        let checks = ProofVerifier().checks(for: signedDocument)
        #expect(checks.count == 2 && checks.allSatisfy(\.isValid), "\(checks)")

        var credential = try OpenDIDSamples.json("synthetic/vc.json").objectValue ?? [:]
        credential["proof"] = nil
        let issuerHeader: JSONValue = .object([
            "created": "2026-11-22T01:02:03Z", "proofPurpose": "assertionMethod", "type": "Secp256r1Signature2018",
            "verificationMethod": "did:omn:issuer?versionId=1#assert",
            "privateKeyHex": .string(try OpenDIDFixtures.privateKey("did:omn:issuer#assert").rawRepresentation.testHex),
        ])
        let signedCredential = try #require(try await peer([
            "op": "sign", "document": .object(credential), "proofs": .array([issuerHeader]), "vc": true,
        ])["document"])
        let credentialChecks = try OpenDIDFixtures.verifier().checks(for: signedCredential)
        #expect(credentialChecks.count == 4 && credentialChecks.allSatisfy(\.isValid), "\(credentialChecks)")
    }
}

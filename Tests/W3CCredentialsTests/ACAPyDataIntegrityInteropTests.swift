import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials

/// eddsa-jcs-2022 between Vellum and ACA-Py 1.7 (an independent implementation), both ways:
/// what one signs the other verifies, and what was changed after signing neither accepts.
@Suite("Data Integrity interop with ACA-Py", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct ACAPyDataIntegrityInteropTests {
    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
        "credentialSubject": ["id": "did:example:alice", "name": "Alice"],
    ]

    static func json(_ data: Data) throws -> JSONValue { try JSONValue(parsing: data) }

    static func withName(_ document: JSONValue, _ name: String) -> JSONValue {
        guard var object = document.objectValue, var subject = object["credentialSubject"]?.objectValue else { return document }
        subject.updateValue(.string(name), forName: "name")
        object.updateValue(.object(subject), forName: "credentialSubject")
        return .object(object)
    }

    /// ACA-Py's verdict on `document` (`/vc/di/verify`).
    static func acapyVerifies(_ document: JSONValue, agent: ACAPyAgent) async throws -> Bool {
        let body = JSONValue.object(["securedDocument": document]).serialized()
        let answer = try await agent.exchange("/vc/di/verify", json: body)
        let verdict = try json(answer.body)["verificationResults"]?["verified"]?.boolValue
        #expect(verdict != nil, "ACA-Py answered \(answer.status) without a verdict")
        return verdict == true && answer.status == 200
    }

    @Test("ACA-Py's eddsa-jcs-2022 credential verifies in Vellum and Vellum's in ACA-Py; a changed claim verifies in neither")
    func bothWays() async throws {
        let agent = try await ACAPyAgent.start()
        defer { agent.stop() }

        // ACA-Py signs with a did:key of its wallet; Vellum verifies.
        let created = try Self.json(try await agent.post(
            "/wallet/did/create", json: Data(#"{"method":"key","options":{"key_type":"ed25519"}}"#.utf8)))
        let acapyDID = try #require(created["result"]?["did"]?.stringValue)
        var unsigned = try #require(Self.credential.objectValue)
        unsigned.updateValue(.string(acapyDID), forName: "issuer")
        let request: JSONValue = [
            "document": .object(unsigned),
            "options": [
                "type": "DataIntegrityProof", "cryptosuite": "eddsa-jcs-2022", "proofPurpose": "assertionMethod",
                "verificationMethod": .string(acapyDID + "#" + acapyDID.dropFirst("did:key:".count)),
            ],
        ]
        let secured = try #require(try Self.json(try await agent.post("/vc/di/add-proof", json: request.serialized()))["securedDocument"])
        let verified = try await DataIntegrityVerifier().verify(secured, policy: DataIntegrityProofPolicy())
        #expect(verified.first?.cryptosuite == .eddsaJCS2022)
        await #expect(throws: DataIntegrityError.signatureInvalid) {
            _ = try await DataIntegrityVerifier().verify(Self.withName(secured, "Mallory"), policy: DataIntegrityProofPolicy())
        }

        // Vellum signs with a did:key of its own; ACA-Py verifies.
        let key = PrivateKey(curve: .ed25519)
        let did = try DIDKey.make(for: key.publicKey).description
        var ours = try #require(Self.credential.objectValue)
        ours.updateValue(.string(did), forName: "issuer")
        let signed = try await DataIntegritySigner.sign(
            .object(ours),
            options: DataIntegrityProofOptions(
                cryptosuite: .eddsaJCS2022, verificationMethod: did + "#" + did.dropFirst("did:key:".count),
                created: DataIntegrityProofOptions.timestamp(Date())),
            signer: try SoftwareSigner(privateKey: key))
        #expect(try await Self.acapyVerifies(signed, agent: agent))
        #expect(try await !Self.acapyVerifies(Self.withName(signed, "Mallory"), agent: agent))
    }
}

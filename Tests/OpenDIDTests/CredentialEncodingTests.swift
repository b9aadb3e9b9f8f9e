import CryptoKeys
import Foundation
import JSONModel
import OpenDID
import Testing

/// A credential writes every member the seed declares under the seed's name, leaves out
/// absent optionals, and names the path of a date-time it cannot write.
@Suite("Open DID credential: writing JSON")
struct CredentialEncodingTests {
    /// A credential with every optional member of every part set.
    static let complete = VerifiableCredential(
        id: "urn:uuid:1", issuer: Issuer(id: "did:omn:issuer", name: "Issuer", certVcRef: "https://issuer.example/cert"),
        issuanceDate: "2025-01-02T03:04:05Z", validFrom: "2025-01-02T03:04:05Z", validUntil: "2026-01-02T03:04:05Z",
        formatVersion: "1.0", language: "ko",
        evidence: [.documentVerification(DocumentVerificationEvidence(
            id: "https://issuer.example/evidence", verifier: "did:omn:tas", evidenceDocument: "BusinessLicense",
            subjectPresence: .physical, documentPresence: .digital, attribute: ["licenseNumber": "1234"]))],
        credentialSchema: CredentialSchema(id: "https://issuer.example/schema"),
        credentialSubject: CredentialSubject(id: "did:omn:holder", claims: [
            Claim(code: "a.photo", caption: "Photo", value: "", type: .image, format: .png, hideValue: true,
                  location: .remote, digestSRI: "sha256-abc",
                  i18n: ["en": Internationalization(caption: "Photo", value: "v", digestSRI: "sha256-def")]),
            Claim(code: "a.name", caption: "Name", value: "Kim"),
        ]),
        proof: VCProof(
            created: "2025-01-02T03:04:05Z", proofPurpose: .assertionMethod,
            verificationMethod: "did:omn:issuer?versionId=1#assert", type: .secp256r1Signature2018,
            proofValue: "mAA", proofValueList: ["mAB", "mAC"]))

    @Test func everyMemberIsWrittenUnderItsSeedName() throws {
        let expected = try JSONValue(parsing: #"""
            {"@context":["https://www.w3.org/ns/credentials/v2"],"id":"urn:uuid:1","type":["VerifiableCredential"],
             "issuer":{"id":"did:omn:issuer","name":"Issuer","certVcRef":"https://issuer.example/cert"},
             "issuanceDate":"2025-01-02T03:04:05Z","validFrom":"2025-01-02T03:04:05Z","validUntil":"2026-01-02T03:04:05Z",
             "encoding":"UTF-8","formatVersion":"1.0","language":"ko",
             "evidence":[{"id":"https://issuer.example/evidence","type":"DocumentVerification","verifier":"did:omn:tas",
               "evidenceDocument":"BusinessLicense","subjectPresence":"Physical","documentPresence":"Digital",
               "attribute":{"licenseNumber":"1234"}}],
             "credentialSchema":{"id":"https://issuer.example/schema","type":"OsdSchemaCredential"},
             "credentialSubject":{"id":"did:omn:holder","claims":[
               {"code":"a.photo","caption":"Photo","value":"","type":"image","format":"png","hideValue":true,
                "location":"remote","digestSRI":"sha256-abc",
                "i18n":{"en":{"caption":"Photo","value":"v","digestSRI":"sha256-def"}}},
               {"code":"a.name","caption":"Name","value":"Kim","type":"text","format":"plain"}]},
             "proof":{"created":"2025-01-02T03:04:05Z","proofPurpose":"assertionMethod",
               "verificationMethod":"did:omn:issuer?versionId=1#assert","type":"Secp256r1Signature2018",
               "proofValue":"mAA","proofValueList":["mAB","mAC"]}}
            """#)
        let written = try Self.complete.toJsonData()
        #expect(try JSONValue(parsing: written) == expected)
        #expect(try VerifiableCredential(from: written) == Self.complete)
    }

    @Test func foundationsEncoderWritesTheSameJSON() throws {
        let viaFoundation = try JSONValue(parsing: JSONEncoder().encode(Self.complete))
        #expect(viaFoundation == (try JSONValue(parsing: Self.complete.toJsonData())))
    }

    @Test func anInvalidDatetimeIsNamedByItsPath() async throws {
        var credential = Self.complete
        credential.validUntil = "later"
        #expect(throws: OpenDIDError.invalidDatetime("later", path: "validUntil")) { try credential.toJson() }

        credential = Self.complete
        credential.proof.created = "soon"
        #expect(throws: OpenDIDError.invalidDatetime("soon", path: "proof.created")) { try credential.toJson() }
        // The date is refused before anything is signed, so any key will do: this one needs
        // no test vectors.
        let key = ProofKey(
            signer: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)), did: "did:omn:issuer", versionId: "1",
            keyID: "assert", purpose: .assertionMethod, encoding: .base58btc)
        await #expect(throws: OpenDIDError.invalidDatetime("soon", path: "created")) {
            try await credential.sign(with: key, created: UTCDatetime(wrappedValue: "soon"))
        }

        let presentation = VerifiablePresentation(
            id: "urn:uuid:2", holder: "did:omn:holder", validFrom: "2025-01-02T03:04:05Z",
            validUntil: "2026-01-02T03:04:05Z", verifierNonce: "n", verifiableCredential: [Self.complete, credential])
        #expect(throws: OpenDIDError.invalidDatetime("soon", path: "verifiableCredential[1].proof.created")) {
            try presentation.toJson()
        }
    }
}

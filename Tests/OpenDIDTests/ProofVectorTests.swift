import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import OpenDID
import Testing
import VellumTestSupport

/// Open DID proofs against the published samples and the synthetic fixtures.
@Suite("Open DID proofs: vectors", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct ProofVectorTests {
    static let syntheticSigned = [
        "synthetic/did_document_issuer.json", "synthetic/did_document_holder.json",
        "synthetic/did_document_verifier.json", "synthetic/vc.json", "synthetic/vp_single_proof.json",
        "synthetic/vp_multi_proofs.json", "synthetic/issue_profile.json", "synthetic/verify_profile.json",
    ]

    @Test(arguments: syntheticSigned)
    func everySyntheticSignatureVerifies(_ name: String) throws {
        let checks = try OpenDIDFixtures.verifier().checks(for: OpenDIDSamples.json(name))
        #expect(!checks.isEmpty)
        for check in checks { #expect(check.isValid, "\(name): \(check)") }
    }

    /// The three real DID documents from Open DID's repositories are self-signed.
    @Test(arguments: [
        "did_document_device_aos.json", "did_document_device_tas.json", "did_document_holder_tas_ios_style.json",
    ])
    func realDIDDocumentsVerify(_ name: String) throws {
        let checks = ProofVerifier().checks(for: try OpenDIDSamples.json(name))
        #expect(checks.count >= 1)
        for check in checks { #expect(check.isValid, "\(name): \(check)") }
        try ProofVerifier().verify(try DIDDocument(from: try OpenDIDSamples.data(name)))
    }

    /// The TAS certificate VC: its three signatures (whole VC and each claim) recover the same
    /// key, and verify against a DID document publishing that key. did:omn:tas's own
    /// document is not published, so the key comes from SOURCES.md.
    @Test func realCertificateCredentialVerifies() throws {
        let json = try OpenDIDSamples.json("vc_certificate_tas_signed.json")
        let tasKey = "zgUQXp33MU7i8YNKVjrBCWe6NEy5SavhG1qLRUkn6sJ8R"
        let tas = DIDDocument(
            id: "did:omn:tas", controller: "did:omn:tas",
            verificationMethod: [VerificationMethod(
                id: "assert", type: .secp256r1VerificationKey2018, controller: "did:omn:tas",
                publicKeyMultibase: tasKey, authType: .free)],
            assertionMethod: ["assert"], created: "2024-09-19T08:12:50Z", updated: "2024-09-19T08:12:50Z", versionId: "1")
        let checks = ProofVerifier(documents: [tas]).checks(for: json)
        #expect(checks.map(\.location) == ["proof.proofValue", "proof.proofValueList[0]", "proof.proofValueList[1]"])
        for check in checks { #expect(check.isValid, "\(check)") }

        // Recovery alone gives the same key for all three signatures.
        let expected = try PublicKey(sec1Representation: Multibase.decode(tasKey).data, curve: .p256)
        let object = try #require(json.objectValue)
        let proof = try #require(json["proof"]?.objectValue)
        let whole = try ProofValue.decode(try #require(proof["proofValue"]?.stringValue), curve: .p256)
        #expect(try whole.recoverPublicKey(digest: DigestAlgorithm.sha256.hash(SigningInput.bytes(of: object, proof: proof))) == expected)
    }

    /// Documents edited after signing (as SOURCES.md records) must not verify.
    @Test func editedSampleDocumentsFail() throws {
        let issuerDocument = try OpenDIDSamples.json("did_document_issuer_core_sdk_doc.json")
        let checks = ProofVerifier().checks(for: issuerDocument)
        #expect(!checks.isEmpty && checks.allSatisfy { !$0.isValid })
    }

    /// Our signing input is byte for byte the string Open DID signed, for every signature
    /// of the synthetic fixtures.
    @Test func signingInputsReproduceByteForByte() throws {
        let inputs = try OpenDIDSamples.signedInputs()
        #expect(inputs.count == 15)
        let sources: [(label: String, file: String, proof: String, claim: Int?)] = [
            ("did_document_issuer.proofs[assert]", "synthetic/did_document_issuer.json", "proofs[0]", nil),
            ("did_document_issuer.proofs[auth]", "synthetic/did_document_issuer.json", "proofs[1]", nil),
            ("did_document_holder.proofs[pin]", "synthetic/did_document_holder.json", "proofs[0]", nil),
            ("did_document_holder.proofs[bio]", "synthetic/did_document_holder.json", "proofs[1]", nil),
            ("did_document_verifier.proof", "synthetic/did_document_verifier.json", "proof", nil),
            ("vc.proofValue", "synthetic/vc.json", "proof", nil),
            ("vc.proofValueList[0]", "synthetic/vc.json", "proof", 0),
            ("vc.proofValueList[1]", "synthetic/vc.json", "proof", 1),
            ("vc.proofValueList[2]", "synthetic/vc.json", "proof", 2),
            ("vp.proof", "synthetic/vp_single_proof.json", "proof", nil),
            ("vp_multi.proofs[pin]", "synthetic/vp_multi_proofs.json", "proofs[0]", nil),
            ("vp_multi.proofs[bio]", "synthetic/vp_multi_proofs.json", "proofs[1]", nil),
            ("issue_profile.proof", "synthetic/issue_profile.json", "proof", nil),
            ("verify_profile.proof", "synthetic/verify_profile.json", "proof", nil),
        ]
        for source in sources {
            let json = try OpenDIDSamples.json(source.file)
            let document = try #require(json.objectValue)
            let proof = try #require(json.value(at: source.proof)?.objectValue)
            let bytes = try source.claim.map { try SigningInput.bytes(ofCredential: document, proof: proof, claimAt: $0) }
                ?? SigningInput.bytes(of: document, proof: proof)
            #expect(String(decoding: bytes, as: UTF8.self) == inputs[source.label], "\(source.label)")
        }
        let e2e = try OpenDIDSamples.json("synthetic/e2e_submit_vp_vector.json")
        let acceptance = try #require(e2e["accE2e"]?.objectValue)
        let accInput = SigningInput.bytes(of: acceptance, proof: try #require(acceptance["proof"]?.objectValue))
        #expect(String(decoding: accInput, as: UTF8.self) == inputs["accE2e.proof"])
    }

    /// Re-signing a fixture with its key and timestamp gives a proof over the same bytes,
    /// which verifies (ECDSA is randomised, so the signature itself differs).
    @Test func resigningReproducesTheSignedBytes() async throws {
        let inputs = try OpenDIDSamples.signedInputs()
        let verifier = try OpenDIDFixtures.verifier()
        let created = try #require(UTCDatetime.date(from: "2025-01-02T03:04:05Z"))

        var vc = try OpenDIDFixtures.credential()
        try await vc.sign(with: OpenDIDFixtures.proofKey("did:omn:issuer", "assert", encoding: .base64), created: created)
        let vcJSON = try JSONValue(parsing: vc.toJsonData())
        let vcObject = try #require(vcJSON.objectValue)
        let vcProof = try #require(vcJSON["proof"]?.objectValue)
        #expect(String(decoding: SigningInput.bytes(of: vcObject, proof: vcProof), as: UTF8.self) == inputs["vc.proofValue"])
        for index in 0..<3 {
            let bytes = try SigningInput.bytes(ofCredential: vcObject, proof: vcProof, claimAt: index)
            #expect(String(decoding: bytes, as: UTF8.self) == inputs["vc.proofValueList[\(index)]"])
        }
        #expect(vc.proof.proofValue?.hasPrefix("m") == true)
        try verifier.verify(vc)

        var holderDocument = try DIDDocument(from: try OpenDIDSamples.data("synthetic/did_document_holder.json"))
        try await holderDocument.sign(with: [
            OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "pin"), OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "bio"),
        ], created: created)
        let holderJSON = try JSONValue(parsing: holderDocument.toJsonData())
        for (index, label) in ["pin", "bio"].enumerated() {
            let proof = try #require(holderJSON.value(at: "proofs[\(index)]")?.objectValue)
            let bytes = SigningInput.bytes(of: try #require(holderJSON.objectValue), proof: proof)
            #expect(String(decoding: bytes, as: UTF8.self) == inputs["did_document_holder.proofs[\(label)]"])
        }
        #expect(holderDocument.proofs?.allSatisfy { $0.proofValue?.hasPrefix("z") == true } == true)
        try ProofVerifier().verify(holderDocument)

        // The fixture's `created` carries microseconds, as Open DID's Java servers write it.
        var profile = try IssueProfile(from: try OpenDIDSamples.data("synthetic/issue_profile.json"))
        try await profile.sign(
            with: OpenDIDFixtures.proofKey("did:omn:issuer", "assert", encoding: .base64),
            created: UTCDatetime(wrappedValue: "2025-01-02T03:04:06.123456Z"))
        let profileJSON = try JSONValue(parsing: profile.toJsonData())
        let profileBytes = SigningInput.bytes(
            of: try #require(profileJSON.objectValue), proof: try #require(profileJSON["proof"]?.objectValue))
        #expect(String(decoding: profileBytes, as: UTF8.self) == inputs["issue_profile.proof"])
        try verifier.verify(profile)
        await #expect(throws: OpenDIDError.invalidDatetime("tomorrow", path: "created")) {
            try await profile.sign(
                with: OpenDIDFixtures.proofKey("did:omn:issuer", "assert"), created: UTCDatetime(wrappedValue: "tomorrow"))
        }
    }
}

/// The spliced signing input equals the plain definition for every sample document.
@Suite("Open DID signing input", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct SigningInputTests {
    /// The definition, done the slow way: replace `proof`, drop `proofs`, serialize sorted.
    func naive(_ document: JSONObject, _ proof: JSONObject, claim: Int? = nil) -> Data {
        var signed = document
        signed["proofs"] = nil
        var header = JSONObject()
        for name in ["created", "proofPurpose", "type", "verificationMethod"] { header[name] = proof[name] }
        signed["proof"] = .object(header)
        if let claim, case var .object(subject)? = signed["credentialSubject"], let claims = subject["claims"]?.arrayValue {
            subject["claims"] = .array([claims[claim]])
            signed["credentialSubject"] = .object(subject)
        }
        return JSONValue.object(signed).serialized(.sortedKeys)
    }

    @Test(arguments: OpenDIDSamples.didDocuments + OpenDIDSamples.credentials + OpenDIDSamples.presentations
        + OpenDIDSamples.issueProfiles + OpenDIDSamples.verifyProfiles)
    func splicedInputEqualsTheDefinition(_ name: String) throws {
        let document = try #require(try OpenDIDSamples.json(name).objectValue)
        let proof: JSONObject = document["proof"]?.objectValue ?? document["proofs"]?[0]?.objectValue
            ?? ["created": "2025-01-02T03:04:05Z", "type": "Secp256r1Signature2018"]
        #expect(SigningInput.bytes(of: document, proof: proof) == naive(document, proof), "\(name)")
        if let claims = document["credentialSubject"]?["claims"]?.arrayValue {
            for index in claims.indices {
                #expect(try SigningInput.bytes(ofCredential: document, proof: proof, claimAt: index)
                    == naive(document, proof, claim: index), "\(name) claim \(index)")
            }
        }
    }

    @Test func unusualMemberNamesSortByCodePoint() throws {
        let document = try #require(try JSONValue(parsing: Data(#"""
            {"é":1,"Z":{"b":[{"y":1,"x":2}],"a":"/"},"a\u0000":null,"proofs":[1],"😀":"x","ﬀ":true,"credentialSubject":{"id":"s","claims":[{"b":1,"a":2},{"c":3}],"a":0}}
            """#.utf8)).objectValue)
        let proof: JSONObject = ["verificationMethod": "did:omn:x#k", "proofValue": "zzz", "created": "c"]
        #expect(SigningInput.bytes(of: document, proof: proof) == naive(document, proof))
        #expect(try SigningInput.bytes(ofCredential: document, proof: proof, claimAt: 1) == naive(document, proof, claim: 1))
        #expect(throws: OpenDIDError.proofValueListMismatch(claims: 2, signatures: 3)) {
            try SigningInput.bytes(ofCredential: document, proof: proof, claimAt: 2)
        }
    }
}

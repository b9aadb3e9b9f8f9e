import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import OpenDID
import Testing
import VellumTestSupport

/// Each way of forging or damaging an Open DID proof is refused with its own typed error.
@Suite("Open DID proofs: forgeries", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct ProofForgeryTests {
    func failures(_ json: JSONValue, documents: [DIDDocument]? = nil) throws -> [String: OpenDIDError] {
        let verifier = try documents.map { ProofVerifier(documents: $0) } ?? OpenDIDFixtures.verifier()
        var result: [String: OpenDIDError] = [:]
        for check in verifier.checks(for: json) { result[check.location] = check.failure }
        return result
    }

    func vc() throws -> JSONValue { try OpenDIDSamples.json("synthetic/vc.json") }

    @Test func alteredClaimValueBreaksWholeAndPerClaimSignatures() throws {
        let forged = try vc().replacing(
            [.member("credentialSubject"), .member("claims"), .index(2), .member("value")], with: .string("1980-01-01"))
        let result = try failures(forged)
        #expect(result["proof.proofValue"] == .signatureInvalid(proof: "did:omn:issuer?versionId=1#assert"))
        #expect(result["proof.proofValueList[2]"] == .signatureInvalid(proof: "did:omn:issuer?versionId=1#assert"))
        #expect(result["proof.proofValueList[0]"] == nil && result["proof.proofValueList[1]"] == nil)
    }

    @Test func reorderedClaimsListIsRefused() throws {
        let original = try vc()
        let claims = try #require(original.value(at: "credentialSubject.claims")?.arrayValue)
        let reordered = original.replacing(
            [.member("credentialSubject"), .member("claims")], with: .array([claims[1], claims[0], claims[2]]))
        let result = try failures(reordered)
        #expect(result["proof.proofValue"] != nil)
        #expect(result["proof.proofValueList[0]"] != nil && result["proof.proofValueList[1]"] != nil)
        #expect(result["proof.proofValueList[2]"] == nil)
    }

    @Test func signatureByAnotherKeyIsRefused() throws {
        var documents = try OpenDIDFixtures.didDocuments()
        // Publish the issuer's key-agreement key under the name "assert".
        documents[0].verificationMethod[0].publicKeyMultibase = documents[0].verificationMethod[2].publicKeyMultibase
        let result = try failures(try vc(), documents: documents)
        #expect(result.count == 4)
        #expect(result.values.allSatisfy { $0 == .signatureInvalid(proof: "did:omn:issuer?versionId=1#assert") })
    }

    @Test func flippedRecoveryIdIsRefusedAndBothIdsAreAccepted() throws {
        let original = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
        let value = try #require(original.value(at: "proof.proofValue")?.stringValue)
        var signature = try Multibase.decode(value).data
        #expect([31, 32].contains(signature[0]))
        signature[0] = signature[0] == 31 ? 32 : 31
        let flipped = original.replacing(
            [.member("proof"), .member("proofValue")], with: .string(Multibase.encode(signature, as: .base58btc)))
        #expect(try failures(flipped)["proof"] == .signatureInvalid(proof: "\(OpenDIDFixtures.holder)?versionId=1#pin"))
        // The uncompressed-key header (27 + recId) of the same signature is accepted.
        signature[0] = signature[0] == 31 ? 28 : 27
        let legacyHeader = original.replacing(
            [.member("proof"), .member("proofValue")], with: .string(Multibase.encode(signature, as: .base16)))
        #expect(try failures(legacyHeader).isEmpty)
    }

    @Test func flippedRecoveryIdInOneClaimSignatureIsPinpointed() throws {
        // A credential's signatures are checked as one batch; a failing batch is re-checked
        // one by one, so only the damaged entry is reported.
        let original = try vc()
        let value = try #require(original.value(at: "proof.proofValueList")?.arrayValue?[1].stringValue)
        #expect(value.hasPrefix("m"))
        var base64 = String(value.dropFirst())
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        var signature = try #require(Data(base64Encoded: base64))
        signature[0] = signature[0] == 31 ? 32 : 31
        let list = try #require(original.value(at: "proof.proofValueList")?.arrayValue)
        var forgedList = list
        forgedList[1] = .string(Multibase.encode(signature, as: .base58btc))
        let forged = original.replacing([.member("proof"), .member("proofValueList")], with: .array(forgedList))
        #expect(try failures(forged) == ["proof.proofValueList[1]": .signatureInvalid(proof: "did:omn:issuer?versionId=1#assert")])
    }

    @Test func everyAcceptedMultibaseFormOfAProofValueVerifies() throws {
        let original = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
        let signature = try Multibase.decode(try #require(original.value(at: "proof.proofValue")?.stringValue)).data
        let base64 = Data(signature).base64EncodedString()
        for value in [
            Multibase.encode(signature, as: .base64url), Multibase.encode(signature, as: .base64),
            Multibase.encode(signature, as: .base16), "m" + base64, "M" + base64,
        ] {
            let reencoded = original.replacing([.member("proof"), .member("proofValue")], with: .string(value))
            #expect(try failures(reencoded).isEmpty, "\(value.prefix(1)) form refused")
        }
    }

    @Test(arguments: ["x3kTc", "z0OIl", "m!!!!", "z", "", "zabc", "k1234"])
    func malformedProofValueIsRefused(_ proofValue: String) throws {
        let forged = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
            .replacing([.member("proof"), .member("proofValue")], with: .string(proofValue))
        guard case .malformedProofValue = try #require(try failures(forged)["proof"]) else {
            Issue.record("expected malformedProofValue for \(proofValue)")
            return
        }
    }

    @Test func headerOutsideTwentySevenToThirtyFourIsRefused() throws {
        let original = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
        var signature = try Multibase.decode(try #require(original.value(at: "proof.proofValue")?.stringValue)).data
        for header: UInt8 in [0, 26, 35, 255] {
            signature[0] = header
            let forged = original.replacing(
                [.member("proof"), .member("proofValue")], with: .string(Multibase.encode(signature, as: .base58btc)))
            guard case .malformedProofValue = try #require(try failures(forged)["proof"]) else {
                Issue.record("header \(header) accepted")
                continue
            }
        }
    }

    @Test func keyNotListedForThePurposeIsRefused() throws {
        // The VC claims the issuer's key-agreement key made an assertion.
        let forged = try vc().replacing(
            [.member("proof"), .member("proofPurpose")], with: .string("keyAgreement"))
        #expect(try failures(forged)["proof.proofValue"]
            == .keyNotAuthorized(verificationMethod: "did:omn:issuer?versionId=1#assert", purpose: "keyAgreement"))
    }

    @Test func credentialSignedBySomeoneOtherThanItsIssuerIsRefused() async throws {
        var credential = try OpenDIDFixtures.credential()
        // The holder signs a credential naming did:omn:issuer as issuer.
        try await credential.sign(with: OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "pin"))
        #expect(throws: OpenDIDError.keyNotAuthorized(
            verificationMethod: "\(OpenDIDFixtures.holder)?versionId=1#pin", purpose: "signing for did:omn:issuer")) {
            try OpenDIDFixtures.verifier().verify(credential)
        }
    }

    @Test func unknownKeyAndVersionAreRefused() throws {
        let unknownKey = try vc().replacing(
            [.member("proof"), .member("verificationMethod")], with: .string("did:omn:issuer?versionId=1#missing"))
        #expect(try failures(unknownKey)["proof.proofValue"] == .keyNotFound(verificationMethod: "did:omn:issuer?versionId=1#missing"))
        let otherVersion = try vc().replacing(
            [.member("proof"), .member("verificationMethod")], with: .string("did:omn:issuer?versionId=2#assert"))
        #expect(try failures(otherVersion)["proof.proofValue"] == .keyNotFound(verificationMethod: "did:omn:issuer?versionId=2#assert"))
        for bad in ["did:omn:issuer", "issuer#assert", "did:omn:issuer?versionId=01#assert", "did:omn:issuer#"] {
            let forged = try vc().replacing([.member("proof"), .member("verificationMethod")], with: .string(bad))
            #expect(try failures(forged)["proof.proofValue"] == .malformedVerificationMethod(bad), "\(bad)")
        }
    }

    @Test func deactivatedDIDCannotSign() throws {
        var documents = try OpenDIDFixtures.didDocuments()
        documents[0].deactivated = true
        guard case .keyNotAuthorized = try #require(try failures(try vc(), documents: documents)["proof.proofValue"]) else {
            Issue.record("a deactivated DID's key was accepted")
            return
        }
    }

    @Test func proofValueListOfTheWrongLengthIsRefused() throws {
        let original = try vc()
        let list = try #require(original.value(at: "proof.proofValueList")?.arrayValue)
        let short = original.replacing([.member("proof"), .member("proofValueList")], with: .array(Array(list.prefix(2))))
        #expect(try failures(short)["proof.proofValueList"] == .proofValueListMismatch(claims: 3, signatures: 2))
    }

    @Test func missingAndUnsupportedProofsAreRefused() throws {
        guard case var .object(object) = try OpenDIDSamples.json("synthetic/vp_single_proof.json") else { return }
        object["proof"] = nil
        guard case .proofMissing = try #require(try failures(.object(object))["proof"]) else {
            Issue.record("unsigned VP accepted")
            return
        }
        let rsa = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
            .replacing([.member("proof"), .member("type")], with: .string("RsaSignature2018"))
        #expect(try failures(rsa)["proof"] == .unsupportedProofType("RsaSignature2018"))
        let unknown = try OpenDIDSamples.json("synthetic/vp_single_proof.json")
            .replacing([.member("proof"), .member("type")], with: .string("Ed25519Signature2020"))
        #expect(try failures(unknown)["proof"]
            == .unknownEnumValue(type: "ProofType", value: "Ed25519Signature2020", path: "type"))
    }

    @Test func tamperedSelfSignedDIDDocumentIsRefused() throws {
        let forged = try OpenDIDSamples.json("did_document_holder_tas_ios_style.json")
            .replacing([.member("keyAgreement")], with: .array([.string("pin")]))
        let checks = ProofVerifier().checks(for: forged)
        #expect(checks.count == 1 && checks[0].failure == .signatureInvalid(
            proof: "did:omn:2fKVikduRsgvAEKKsPrVPDHNXFxu?versionId=1#pin"))
    }
}

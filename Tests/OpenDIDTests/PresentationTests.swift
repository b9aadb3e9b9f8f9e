import CryptoKeys
import Foundation
import JSONModel
import OpenDID
import Testing
import VellumTestSupport

/// Selective disclosure as the Open DID wallet does it, and verification as a verifier does.
@Suite("Open DID presentations", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct PresentationTests {
    static let chosen = ["org.opendid.v1.national_id.family_name", "org.opendid.v1.national_id.birth_date"]

    func verifyProfile() throws -> VerifyProfile {
        try VerifyProfile(from: try OpenDIDSamples.data("synthetic/verify_profile.json"))
    }

    func presentationVerifier(clock: Date = OpenDIDFixtures.presentationTime, policy: PresentationPolicy? = nil) throws -> PresentationVerifier {
        let policy = try policy ?? PresentationPolicy(profile: verifyProfile())
        return PresentationVerifier(documents: try OpenDIDFixtures.didDocuments(), policy: policy, clock: { clock })
    }

    @Test func disclosingChosenClaimsMatchesTheWalletsPresentation() throws {
        let reduced = try OpenDIDFixtures.credential().disclosing(claimCodes: Self.chosen.reversed())
        let expected = try VerifiablePresentation(from: try OpenDIDSamples.data("synthetic/vp_multi_proofs.json"))
        #expect(reduced == expected.verifiableCredential[0])
        #expect(reduced.proof.proofValue == nil && reduced.proof.proofValueList?.count == 2)
    }

    @Test func disclosingAnUnknownClaimIsRefused() throws {
        #expect(throws: OpenDIDError.claimNotFound(code: "org.opendid.v1.national_id.height")) {
            try OpenDIDFixtures.credential().disclosing(claimCodes: ["org.opendid.v1.national_id.height"])
        }
        var unsplittable = try OpenDIDFixtures.credential()
        unsplittable.proof.proofValueList = nil
        #expect(throws: OpenDIDError.proofValueListMismatch(claims: 3, signatures: 0)) {
            try unsplittable.disclosing(claimCodes: Self.chosen)
        }
    }

    @Test func theFixturePresentationsVerifyAsAVerifierWould() throws {
        for name in ["synthetic/vp_single_proof.json", "synthetic/vp_multi_proofs.json"] {
            let presentation = try presentationVerifier().verify(try OpenDIDSamples.data(name))
            #expect(presentation.holder == OpenDIDFixtures.holder, "\(name)")
        }
    }

    @Test func holderBuildsSignsAndAVerifierAccepts() async throws {
        var presentation = try VerifiablePresentation(
            holder: OpenDIDFixtures.holder,
            disclosing: [ClaimSelection(credential: try OpenDIDFixtures.credential(), claimCodes: Self.chosen)],
            verifierNonce: OpenDIDFixtures.verifierNonce)
        try await presentation.sign(with: [
            OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "pin"), OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, "bio"),
        ])
        #expect(presentation.proofs?.count == 2 && presentation.proof == nil)
        let verified = try presentationVerifier(clock: Date()).verify(try presentation.toJsonData())
        #expect(verified.verifiableCredential[0].credentialSubject.claims.map(\.code) == Self.chosen)
    }

    @Test func verifierRefusesWhatItDidNotAskFor() async throws {
        func presentation(nonce: String = OpenDIDFixtures.verifierNonce, codes: [String] = Self.chosen,
                          keys: [String] = ["pin"], holder: String = OpenDIDFixtures.holder) async throws -> Data {
            var vp = try VerifiablePresentation(
                holder: holder,
                disclosing: [ClaimSelection(credential: try OpenDIDFixtures.credential(), claimCodes: codes)],
                verifierNonce: nonce, validFrom: OpenDIDFixtures.presentationTime)
            try await vp.sign(with: keys.map { try OpenDIDFixtures.proofKey(OpenDIDFixtures.holder, $0) })
            return try vp.toJsonData()
        }
        let verifier = try presentationVerifier()

        _ = try verifier.verify(try await presentation())
        let replayed = try await presentation(nonce: "zReplayedNonce")
        #expect(throws: OpenDIDError.presentationRejected("verifierNonce does not match the nonce issued")) {
            try verifier.verify(replayed)
        }
        let partial = try await presentation(codes: ["org.opendid.v1.national_id.family_name"])
        #expect(throws: OpenDIDError.presentationRejected("required claim org.opendid.v1.national_id.birth_date is missing")) {
            try verifier.verify(partial)
        }
        let good = try await presentation()
        let late = try presentationVerifier(clock: OpenDIDFixtures.presentationTime.addingTimeInterval(3600))
        #expect(throws: OpenDIDError.presentationRejected("presentation has expired")) { try late.verify(good) }
        let early = try presentationVerifier(clock: OpenDIDFixtures.presentationTime.addingTimeInterval(-3600))
        #expect(throws: OpenDIDError.presentationRejected("presentation is not yet valid")) { try early.verify(good) }
        // The synthetic profile's authType 6 is PIN or biometrics; with `and`, both are needed.
        let both = try presentationVerifier(policy: PresentationPolicy(
            verifierNonce: OpenDIDFixtures.verifierNonce, filter: verifyProfile().profile.filter, authType: [.pin, .bio, .and]))
        #expect(throws: OpenDIDError.presentationRejected("holder authentication 2 does not meet 32774")) {
            try both.verify(good)
        }
        _ = try both.verify(try await presentation(keys: ["pin", "bio"]))
        let otherIssuer = try presentationVerifier(policy: PresentationPolicy(
            verifierNonce: OpenDIDFixtures.verifierNonce,
            filter: .init(credentialSchemas: [.init(
                id: "http://127.0.0.1:8091/issuer/api/v1/vc/vcschema?name=national_id", allowedIssuers: ["did:omn:other"])])))
        #expect(throws: OpenDIDError.presentationRejected("issuer did:omn:issuer is not allowed")) {
            try otherIssuer.verify(good)
        }
    }

    @Test func credentialAboutSomeoneElseIsRefused() async throws {
        var vp = try VerifiablePresentation(
            holder: "did:omn:issuer",
            disclosing: [ClaimSelection(credential: try OpenDIDFixtures.credential(), claimCodes: Self.chosen)],
            verifierNonce: OpenDIDFixtures.verifierNonce, validFrom: OpenDIDFixtures.presentationTime)
        try await vp.sign(with: [OpenDIDFixtures.proofKey("did:omn:issuer", "assert")])
        #expect(throws: OpenDIDError.presentationRejected(
            "credential 3f1c2e4a-0000-4000-8000-000000000001 is about \(OpenDIDFixtures.holder), not the holder")) {
            try presentationVerifier().verify(try vp.toJsonData())
        }
    }

    @Test func swappingADisclosedClaimValueIsCaught() throws {
        let forged = try OpenDIDSamples.json("synthetic/vp_multi_proofs.json").replacing(
            [.member("verifiableCredential"), .index(0), .member("credentialSubject"), .member("claims"), .index(1),
             .member("value")], with: .string("2000-01-01"))
        #expect(throws: OpenDIDError.signatureInvalid(proof: "\(OpenDIDFixtures.holder)?versionId=1#pin")) {
            try presentationVerifier().verify(forged.serialized())
        }
    }
}

import Foundation
import JSONModel
import OpenDID
import Testing
import VellumTestSupport

/// Every Open DID sample decodes into the seed's model and re-encodes to the same JSON.
@Suite("Open DID data model: samples")
struct DataModelSampleTests {
    /// Decodes `name` as `T`, re-encodes it, and checks the JSON is unchanged (member order
    /// aside) and that a second round trip is byte-identical.
    func roundTrip<T: Jsonable>(_ type: T.Type, _ name: String, ignoring ignored: Set<String> = []) throws {
        let original = try OpenDIDSamples.data(name)
        let model = try T(from: original)
        let encoded = try model.toJsonData(isPretty: false)
        var expected = try JSONValue(parsing: original)
        for member in ignored { expected = expected.removingMember(member) }
        #expect(
            String(decoding: encoded, as: UTF8.self) == expected.serializedString(.sortedKeys),
            "\(name) did not survive decode → encode")
        let again = try T(from: encoded).toJsonData(isPretty: false)
        #expect(again == encoded, "\(name): second round trip differs")
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.didDocuments)
    func didDocumentsRoundTrip(_ name: String) throws { try roundTrip(DIDDocument.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.credentials)
    func credentialsRoundTrip(_ name: String) throws { try roundTrip(VerifiableCredential.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.presentations)
    func presentationsRoundTrip(_ name: String) throws { try roundTrip(VerifiablePresentation.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.issueProfiles)
    func issueProfilesRoundTrip(_ name: String) throws { try roundTrip(IssueProfile.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.verifyProfiles)
    func verifyProfilesRoundTrip(_ name: String) throws { try roundTrip(VerifyProfile.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: OpenDIDSamples.schemas)
    func schemasRoundTrip(_ name: String) throws { try roundTrip(VCSchema.self, name) }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func e2eVectorPartsDecode() throws {
        let vector = try OpenDIDSamples.json("synthetic/e2e_submit_vp_vector.json")
        let request = try ReqE2e(from: try #require(vector["reqE2e"]).serialized())
        #expect(request.curve == .secp256r1 && request.cipher == .aes256CBC && request.padding == .pkcs5)
        let acceptance = try AccE2e(from: try #require(vector["accE2e"]).serialized())
        #expect(acceptance.proof?.proofPurpose == .keyAgreement)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func typedAccessToASample() throws {
        let vc = try VerifiableCredential(from: try OpenDIDSamples.data("synthetic/vc.json"))
        #expect(vc.context == ["https://www.w3.org/ns/credentials/v2"])
        #expect(vc.credentialSubject.claims.map(\.code) == [
            "org.opendid.v1.national_id.family_name", "org.opendid.v1.national_id.given_name",
            "org.opendid.v1.national_id.birth_date",
        ])
        #expect(vc.credentialSubject.claims[0].i18n?["en"]?.value == "Hong")
        #expect(vc.proof.proofValueList?.count == 3)
        guard case let .documentVerification(evidence) = try #require(vc.evidence.first) else { return }
        #expect(evidence.attribute == ["licenseNumber": "1234567890"])
        #expect(vc.$validUntil == Date(timeIntervalSince1970: 2_051_319_845))

        let profile = try VerifyProfile(from: try OpenDIDSamples.data("verify_policy_vppolicy_web_login.json"))
        #expect(profile.profile.process.authType == [.pin, .bio])
        let schema = profile.profile.filter.credentialSchemas[0]
        #expect(schema.requiredClaims?.count == 3 && schema.allowedIssuers == ["did:omn:issuer"])
    }
}

extension JSONValue {
    func removingMember(_ name: String) -> JSONValue {
        guard case var .object(object) = self else { return self }
        object[name] = nil
        return .object(object)
    }
}

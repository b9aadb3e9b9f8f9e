import DCQL
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The seven DCQL examples of OpenID4VP 1.0 (`../shared/vectors/oid4vp/spec-1.0/examples/
/// query_lang/`), each evaluated against a wallet as the specification's prose describes.
@Suite("OpenID4VP 1.0 DCQL examples", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct DCQLSpecExampleTests {
    static let identity = "https://credentials.example.com/identity_credential"

    func query(_ name: String) throws -> DCQLQuery {
        try DCQLQuery(json: JSONValue(parsing: Vectors.data("oid4vp/spec-1.0/examples/query_lang/\(name).json")))
    }

    static func sdJWT(_ id: String, vct: String, _ claims: JSONValue) -> TestCredential {
        TestCredential(credentialID: id, format: "dc+sd-jwt", typeIdentifiers: [vct], claims: .json(claims))
    }

    static func mdoc(_ id: String, docType: String, _ namespaces: [String: [String: JSONValue]]) -> TestCredential {
        TestCredential(credentialID: id, format: "mso_mdoc", typeIdentifiers: [docType], claims: .mdoc(namespaces))
    }

    static let johnDoe = sdJWT("john", vct: identity, [
        "given_name": "John", "family_name": "Doe", "date_of_birth": "1980-01-01", "postal_code": "90210",
        "locality": "Beverly Hills", "region": "CA", "address": ["street_address": "123 Main St"],
    ])
    static let vehicle = mdoc("mvrc", docType: "org.iso.7367.1.mVRC", [
        "org.iso.7367.1": ["vehicle_holder": "John Doe", "registration_number": "AB-123"],
        "org.iso.18013.5.1": ["given_name": "John", "family_name": "Doe"],
    ])

    @Test func allSevenExamplesParse() throws {
        for name in ["simple", "simple_mdoc", "multi_credentials", "credentials_alternatives", "complex_mdoc",
                     "claims_alternatives", "value_matching_simple"] {
            _ = try query(name)
        }
    }

    @Test func simpleRequestsThreeClaimsOfAnIdentityCredential() throws {
        let result = DCQLMatcher().match(try query("simple"), against: [Self.johnDoe, Self.vehicle])
        let claims = try #require(result.proposedSelection()?.disclosedClaims["my_credential"])
        #expect(claims.map(\.path.description) == [#"["family_name"]"#, #"["given_name"]"#, #"["address","street_address"]"#])
    }

    @Test func simpleMdocRequestsVehicleHolderAndGivenName() throws {
        let result = DCQLMatcher().match(try query("simple_mdoc"), against: [Self.johnDoe, Self.vehicle])
        #expect(result.proposedSelection()?.disclosedClaims["my_credential"]?.map(\.value) == ["John Doe", "John"])
    }

    @Test func multiCredentialsNeedsBoth() throws {
        #expect(!DCQLMatcher().match(try query("multi_credentials"), against: [Self.johnDoe]).isSatisfied)
        let both = DCQLMatcher().match(try query("multi_credentials"), against: [Self.johnDoe, Self.vehicle])
        #expect(both.proposedSelection().map { Set($0.choices.keys) } == ["pid", "mdl"])
    }

    @Test func credentialsAlternativesAcceptPidOtherPidOrBothReducedOnes() throws {
        let query = try query("credentials_alternatives")
        let person: JSONValue = ["given_name": "John", "family_name": "Doe", "address": ["street_address": "1 St"]]
        let reduced1 = Self.sdJWT("r1", vct: "https://credentials.example.com/reduced_identity_credential", ["given_name": "J", "family_name": "D"])
        let reduced2 = Self.sdJWT("r2", vct: "https://cred.example/residence_credential", ["postal_code": "1", "locality": "L", "region": "R"])
        let rewards = Self.sdJWT("rw", vct: "https://company.example/company_rewards", ["rewards_number": "42"])

        let onlyOther = DCQLMatcher().match(query, against: [Self.sdJWT("o", vct: "https://othercredentials.example/pid", person)])
        #expect(onlyOther.proposedSelection().map { Set($0.choices.keys) } == ["other_pid"])
        let reducedPair = DCQLMatcher().match(query, against: [reduced1, reduced2, rewards])
        #expect(reducedPair.proposedSelection().map { Set($0.choices.keys) } == ["pid_reduced_cred_1", "pid_reduced_cred_2"])
        #expect(reducedPair.proposedSelection(includingOptionalSets: true).map { Set($0.choices.keys) }
                == ["pid_reduced_cred_1", "pid_reduced_cred_2", "nice_to_have"])
        // Half of the reduced pair does not satisfy the required set.
        #expect(!DCQLMatcher().match(query, against: [reduced1, rewards]).isSatisfied)
    }

    @Test func complexMdocTakesTheIDFromAnMDLOrAPhotoID() throws {
        let query = try query("complex_mdoc")
        let photoID = Self.mdoc("photo", docType: "org.iso.23220.photoid.1", [
            "org.iso.18013.5.1": ["given_name": "J", "family_name": "D", "portrait": "AA", "resident_address": "1 St", "resident_country": "US"],
        ])
        let result = DCQLMatcher().match(query, against: [photoID])
        #expect(result.isSatisfied)
        #expect(result.proposedSelection().map { Set($0.choices.keys) } == ["photo_card-id"])
        #expect(result.proposedSelection(includingOptionalSets: true).map { Set($0.choices.keys) } == ["photo_card-id", "photo_card-address"])
    }

    @Test func claimsAlternativesPreferLocalityAndRegionThenPostalCode() throws {
        let query = try query("claims_alternatives")
        let full = DCQLMatcher().match(query, against: [Self.johnDoe])
        #expect(full.proposedSelection()?.choices["pid"]?.first?.selection.claimSetIndex == 0)
        let postalOnly = Self.sdJWT("p", vct: Self.identity, ["family_name": "Doe", "date_of_birth": "1980-01-01", "postal_code": "90210"])
        let fallback = try #require(DCQLMatcher().match(query, against: [postalOnly]).proposedSelection()?.choices["pid"]?.first)
        #expect(fallback.selection.claimSetIndex == 1)
        #expect(fallback.selection.claims.map(\.path.description) == [#"["family_name"]"#, #"["postal_code"]"#, #"["date_of_birth"]"#])
        let neither = Self.sdJWT("n", vct: Self.identity, ["family_name": "Doe", "date_of_birth": "1980-01-01"])
        #expect(!DCQLMatcher().match(query, against: [neither]).isSatisfied)
    }

    @Test func valueMatchingRequiresTheListedValues() throws {
        let query = try query("value_matching_simple")
        #expect(DCQLMatcher().match(query, against: [Self.johnDoe]).isSatisfied)
        let otherPostalCode = Self.sdJWT("x", vct: Self.identity, [
            "given_name": "John", "family_name": "Doe", "postal_code": "10001", "address": ["street_address": "1 St"],
        ])
        #expect(!DCQLMatcher().match(query, against: [otherPostalCode]).isSatisfied)
    }
}

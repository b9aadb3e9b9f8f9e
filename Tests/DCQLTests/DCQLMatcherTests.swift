import DCQL
import Foundation
import JSONModel
import Testing

/// A credential as the matcher sees it.
struct TestCredential: PresentableCredential {
    var credentialID: String
    var format: String
    var typeIdentifiers: [String]
    var claims: PresentableClaims
    var supportsCryptographicHolderBinding = true
    var authorityKeyIdentifiers: [Data] = []
}

@Suite("DCQL matching (OpenID4VP 1.0 §6.4)")
struct DCQLMatcherTests {
    static let pidType = "https://credentials.example.com/identity_credential"

    static let arthur = TestCredential(
        credentialID: "arthur-pid", format: "dc+sd-jwt", typeIdentifiers: [pidType],
        claims: .json([
            "given_name": "Arthur", "family_name": "Dent", "date_of_birth": "1978-03-08",
            "address": ["street_address": "42 Market Street", "locality": "Milliways", "postal_code": "12345"],
            "nationalities": ["British", "Betelgeusian"],
            "degrees": [["type": "Bachelor of Science"], ["type": "Master of Science"]],
            "age_in_years": 47, "is_over_18": true,
        ]))

    static let mdl = TestCredential(
        credentialID: "arthur-mdl", format: "mso_mdoc", typeIdentifiers: ["org.iso.18013.5.1.mDL"],
        claims: .mdoc(["org.iso.18013.5.1": [
            "given_name": "Arthur", "family_name": "Dent", "age_over_18": true, "resident_country": "GB",
        ]]))

    func match(_ text: String, _ credentials: [any PresentableCredential]) throws -> DCQLMatchResult {
        DCQLMatcher().match(try DCQLQuery(jsonText: text), against: credentials)
    }

    @Test func onlyTheRequestedClaimsAreDisclosed() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"path": ["given_name"]}, {"path": ["address", "locality"]}, {"path": ["nationalities", 1]}]}]}
            """, [Self.arthur])
        #expect(result.isSatisfied)
        let selection = try #require(result.proposedSelection())
        let claims = try #require(selection.disclosedClaims["pid"])
        #expect(claims.map(\.path.description) == [#"["given_name"]"#, #"["address","locality"]"#, #"["nationalities",1]"#])
        #expect(claims.map(\.value) == ["Arthur", "Milliways", "Betelgeusian"])
    }

    @Test func aNullComponentDisclosesEveryElement() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"path": ["degrees", null, "type"]}]}]}
            """, [Self.arthur])
        let claims = try #require(result.proposedSelection()?.disclosedClaims["pid"])
        #expect(claims.map(\.path.description) == [#"["degrees",0,"type"]"#, #"["degrees",1,"type"]"#])
    }

    @Test func noClaimsMeansNothingSelectivelyDisclosable() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]}}]}
            """, [Self.arthur])
        #expect(result.proposedSelection()?.disclosedClaims["pid"] == [])
    }

    @Test func aMissingClaimMeansTheCredentialDoesNotMatch() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"path": ["given_name"]}, {"path": ["passport_number"]}]}]}
            """, [Self.arthur])
        #expect(result.candidates(forQuery: "pid").isEmpty)
        #expect(!result.isSatisfied)
        #expect(result.proposedSelection() == nil)
    }

    @Test func claimSetsArePreferredInTheVerifiersOrder() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"id": "a", "path": ["family_name"]}, {"id": "b", "path": ["address", "postal_code"]},
                         {"id": "d", "path": ["region"]}, {"id": "e", "path": ["date_of_birth"]}],
              "claim_sets": [["a", "d", "e"], ["a", "b", "e"], ["a"]]}]}
            """, [Self.arthur])
        let candidate = try #require(result.candidates(forQuery: "pid").first)
        // The first set needs `region`, which Arthur's credential lacks.
        #expect(candidate.options.map(\.claimSetIndex) == [1, 2])
        let proposed = try #require(result.proposedSelection()?.choices["pid"]?.first)
        #expect(proposed.selection.claimSetIndex == 1)
        #expect(proposed.selection.claims.map(\.claimQueryID) == ["a", "b", "e"])
    }

    @Test func valuesMustMatchInTypeAndValue() throws {
        func matches(_ values: String, path: String = #"["is_over_18"]"#) throws -> Bool {
            try !match("""
                {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
                  "claims": [{"path": \(path), "values": \(values)}]}]}
                """, [Self.arthur]).candidates(forQuery: "pid").isEmpty
        }
        #expect(try matches("[true]"))
        #expect(try !matches("[false]"))
        #expect(try !matches(#"["true"]"#))
        #expect(try !matches("[1]"))
        #expect(try matches("[46, 47]", path: #"["age_in_years"]"#))
        #expect(try !matches(#"["47"]"#, path: #"["age_in_years"]"#))
        #expect(try matches(#"["Dent", "Prefect"]"#, path: #"["family_name"]"#))
        // With a wildcard, only the elements whose value matches are disclosed.
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"path": ["nationalities", null], "values": ["British"]}]}]}
            """, [Self.arthur])
        #expect(result.proposedSelection()?.disclosedClaims["pid"]?.map(\.path.description) == [#"["nationalities",0]"#])
    }

    @Test func mdocClaimsAreAddressedByNamespaceAndElement() throws {
        let result = try match("""
            {"credentials": [{"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
              "claims": [{"path": ["org.iso.18013.5.1", "age_over_18"], "values": [true]},
                         {"path": ["org.iso.18013.5.1", "given_name"]}]}]}
            """, [Self.arthur, Self.mdl])
        #expect(result.candidates(forQuery: "mdl").map(\.credentialID) == ["arthur-mdl"])
        #expect(result.proposedSelection()?.disclosedClaims["mdl"]?.map(\.value) == [true, "Arthur"])
        let wrongNamespace = try match("""
            {"credentials": [{"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
              "claims": [{"path": ["org.iso.18013.5.1.aamva", "given_name"]}]}]}
            """, [Self.mdl])
        #expect(!wrongNamespace.isSatisfied)
    }

    @Test func formatTypeAndHolderBindingNarrowTheCandidates() throws {
        var unbound = Self.arthur
        unbound.credentialID = "unbound"
        unbound.supportsCryptographicHolderBinding = false
        var legacy = Self.arthur
        legacy.credentialID = "legacy"
        legacy.format = "vc+sd-jwt"
        var subtype = Self.arthur
        subtype.credentialID = "subtype"
        subtype.typeIdentifiers = ["https://example.org/student_id", Self.pidType]
        var other = Self.arthur
        other.credentialID = "other-type"
        other.typeIdentifiers = ["https://example.org/library_card"]
        let credentials: [any PresentableCredential] = [Self.arthur, unbound, legacy, subtype, other, Self.mdl]

        let bound = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]}}]}
            """, credentials)
        #expect(bound.candidates(forQuery: "pid").map(\.credentialID) == ["arthur-pid", "legacy", "subtype"])
        let any = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "require_cryptographic_holder_binding": false,
              "meta": {"vct_values": ["\(Self.pidType)"]}}]}
            """, credentials)
        #expect(any.candidates(forQuery: "pid").map(\.credentialID) == ["arthur-pid", "unbound", "legacy", "subtype"])
    }

    @Test func trustedAuthoritiesMatchTheChainsAuthorityKeyIdentifiers() throws {
        let aki = Data([0xB3, 0xDB, 0x48, 0xA4, 0xF9, 0xA1, 0xC5, 0xD8, 0xAE, 0x36])
        var certified = Self.mdl
        certified.authorityKeyIdentifiers = [aki]
        certified.credentialID = "certified"
        func candidates(_ authorities: String) throws -> [String] {
            try match("""
                {"credentials": [{"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
                  "trusted_authorities": \(authorities)}]}
                """, [Self.mdl, certified]).candidates(forQuery: "mdl").map(\.credentialID)
        }
        #expect(try candidates(#"[{"type": "aki", "values": ["s9tIpPmhxdiuNg"]}]"#) == ["certified"])
        #expect(try candidates(#"[{"type": "aki", "values": ["AAAAAAAAAAAAAA"]}]"#) == [])
        #expect(try candidates(#"[{"type": "etsi_tl", "values": ["https://lotl.example.com"]}, {"type": "aki", "values": ["s9tIpPmhxdiuNg"]}]"#) == ["certified"])
        #expect(try candidates(#"[{"type": "openid_federation", "values": ["https://trustanchor.example.com"]}]"#) == [])
    }

    static let credentialSetsQuery = """
        {"credentials": [
          {"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(pidType)"]}, "claims": [{"path": ["given_name"]}]},
          {"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
           "claims": [{"path": ["org.iso.18013.5.1", "given_name"]}]},
          {"id": "rewards", "format": "dc+sd-jwt", "meta": {"vct_values": ["https://company.example/rewards"]}}],
         "credential_sets": [{"options": [["pid"], ["mdl"]]}, {"required": false, "options": [["rewards"]]}]}
        """

    @Test func requiredCredentialSetsDecideAndOptionalOnesAreLeftOutByDefault() throws {
        let rewards = TestCredential(
            credentialID: "rewards-card", format: "dc+sd-jwt", typeIdentifiers: ["https://company.example/rewards"],
            claims: .json(["number": "7"]))
        let result = try match(Self.credentialSetsQuery, [Self.mdl, rewards])
        #expect(result.isSatisfied)
        #expect(result.sets.map(\.satisfiableOptions) == [[["mdl"]], [["rewards"]]])
        #expect(result.proposedSelection().map { Set($0.choices.keys) } == ["mdl"])
        #expect(result.proposedSelection(includingOptionalSets: true).map { Set($0.choices.keys) } == ["mdl", "rewards"])

        let onlyOptional = try match(Self.credentialSetsQuery, [rewards])
        #expect(!onlyOptional.isSatisfied)
        #expect(onlyOptional.proposedSelection() == nil)
    }

    @Test func aUsersChoiceIsCheckedAgainstTheQuery() throws {
        var second = Self.arthur
        second.credentialID = "second-pid"
        let result = try match(Self.credentialSetsQuery, [Self.arthur, second, Self.mdl])
        let chosen = try result.selection(choosing: ["pid": ["second-pid"]])
        #expect(chosen.choices["pid"]?.map(\.credentialID) == ["second-pid"])
        #expect(throws: DCQLSelectionError.multipleNotAllowed("pid")) {
            try result.selection(choosing: ["pid": ["arthur-pid", "second-pid"]])
        }
        #expect(throws: DCQLSelectionError.notACandidate(queryID: "mdl", credentialID: "arthur-pid")) {
            try result.selection(choosing: ["mdl": ["arthur-pid"]])
        }
        #expect(throws: DCQLSelectionError.requiredSetUnsatisfied(0)) {
            try result.selection(choosing: [:])
        }
        #expect(throws: DCQLSelectionError.unknownQuery("passport")) {
            try result.selection(choosing: ["passport": ["x"]])
        }
    }

    @Test func withoutCredentialSetsEveryQueryMustBeAnswered() throws {
        let text = """
            {"credentials": [
              {"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]}},
              {"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"}}]}
            """
        #expect(try !match(text, [Self.arthur]).isSatisfied)
        let both = try match(text, [Self.arthur, Self.mdl])
        #expect(both.isSatisfied)
        #expect(throws: DCQLSelectionError.unanswered("mdl")) { try both.selection(choosing: ["pid": ["arthur-pid"]]) }
    }

    @Test func aRepeatedClaimIsDisclosedOnce() throws {
        let result = try match("""
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt", "meta": {"vct_values": ["\(Self.pidType)"]},
              "claims": [{"path": ["given_name"]}, {"path": ["given_name"]}]}]}
            """, [Self.arthur])
        #expect(result.proposedSelection()?.disclosedClaims["pid"]?.count == 1)
    }
}

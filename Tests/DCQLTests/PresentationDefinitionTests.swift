import DCQL
import Foundation
import JSONModel
import Testing

@Suite("Presentation Exchange 2.0 as a second input to the matcher")
struct PresentationDefinitionTests {
    func definition(_ text: String) throws -> PresentationDefinition {
        try PresentationDefinition(json: try JSONValue(parsing: text))
    }

    static let pidDefinition = """
        {"id": "pid-request", "input_descriptors": [{
          "id": "pid", "format": {"vc+sd-jwt": {"sd-jwt_alg_values": ["ES256"]}},
          "constraints": {"limit_disclosure": "required", "fields": [
            {"path": ["$.vct"], "filter": {"type": "string", "const": "\(DCQLMatcherTests.pidType)"}},
            {"path": ["$.given_name", "$.first_name"]},
            {"path": ["$.age_in_years"], "filter": {"type": "integer", "minimum": 18}},
            {"path": ["$.address['postal_code']"], "optional": true}]}}]}
        """

    @Test func aPIDDefinitionMatchesAndDisclosesOnlyRequiredFields() throws {
        let query = try definition(Self.pidDefinition).dcqlQuery()
        #expect(query.credentials.first?.format == "dc+sd-jwt")
        #expect(query.credentials.first?.meta == .sdJWTVC(vctValues: [DCQLMatcherTests.pidType]))
        var arthur = DCQLMatcherTests.arthur
        arthur.claims = .json([
            "vct": .string(DCQLMatcherTests.pidType), "given_name": "Arthur", "age_in_years": 47,
            "address": ["postal_code": "12345"],
        ])
        let result = DCQLMatcher().match(query, against: [arthur])
        let claims = try #require(result.proposedSelection()?.disclosedClaims["pid"])
        #expect(claims.map(\.path.description) == [#"["vct"]"#, #"["given_name"]"#, #"["age_in_years"]"#])
    }

    @Test func alternativePathsFallBackInOrder() throws {
        let query = try definition(Self.pidDefinition).dcqlQuery()
        var renamed = DCQLMatcherTests.arthur
        renamed.claims = .json(["vct": .string(DCQLMatcherTests.pidType), "first_name": "Arthur", "age_in_years": 47])
        let claims = try #require(DCQLMatcher().match(query, against: [renamed]).proposedSelection()?.disclosedClaims["pid"])
        #expect(claims.map(\.path.description).contains(#"["first_name"]"#))
    }

    @Test func filtersAreApplied() throws {
        let query = try definition(Self.pidDefinition).dcqlQuery()
        var minor = DCQLMatcherTests.arthur
        minor.claims = .json(["vct": .string(DCQLMatcherTests.pidType), "given_name": "Tricia", "age_in_years": 17])
        #expect(!DCQLMatcher().match(query, against: [minor]).isSatisfied)
        var otherType = DCQLMatcherTests.arthur
        otherType.typeIdentifiers = ["https://example.org/other"]
        #expect(!DCQLMatcher().match(query, against: [otherType]).isSatisfied)
    }

    @Test func anMdocDescriptorUsesItsIdAsDocType() throws {
        let query = try definition("""
            {"id": "mdl-request", "input_descriptors": [{"id": "org.iso.18013.5.1.mDL", "format": {"mso_mdoc": {"alg": ["ES256"]}},
              "constraints": {"limit_disclosure": "required", "fields": [
                {"path": ["$['org.iso.18013.5.1']['age_over_18']"], "intent_to_retain": false}]}}]}
            """).dcqlQuery()
        let result = DCQLMatcher().match(query, against: [DCQLMatcherTests.mdl, DCQLMatcherTests.arthur])
        #expect(result.candidates(forQuery: "org.iso.18013.5.1.mDL").map(\.credentialID) == ["arthur-mdl"])
        #expect(result.proposedSelection()?.disclosedClaims["org.iso.18013.5.1.mDL"]?.map(\.value) == [true])
    }

    @Test func pickRequirementsBecomeCredentialSets() throws {
        let query = try definition("""
            {"id": "any-id", "submission_requirements": [{"rule": "pick", "count": 1, "from": "A"}],
             "input_descriptors": [
               {"id": "pid", "group": ["A"], "format": {"dc+sd-jwt": {}}, "constraints": {"fields": [{"path": ["$.given_name"]}]}},
               {"id": "org.iso.18013.5.1.mDL", "group": ["A"], "format": {"mso_mdoc": {}},
                "constraints": {"fields": [{"path": ["$['org.iso.18013.5.1']['given_name']"]}]}}]}
            """).dcqlQuery()
        #expect(query.credentialSets == [CredentialSetQuery(options: [["pid"], ["org.iso.18013.5.1.mDL"]])])
        let onlyMDL = DCQLMatcher().match(query, against: [DCQLMatcherTests.mdl])
        #expect(onlyMDL.isSatisfied)
        #expect(onlyMDL.proposedSelection().map { Array($0.choices.keys) } == ["org.iso.18013.5.1.mDL"])
    }

    @Test(arguments: [
        "$..given_name", "$.*", "given_name", "$[?(@.a)]", "$['unterminated", "$[1:2]", "$", "$.a[-1]",
    ])
    func indefiniteJSONPathsAreRefused(path: String) {
        #expect(throws: DCQLError.self) {
            _ = try definition("""
                {"id": "x", "input_descriptors": [{"id": "a", "format": {"dc+sd-jwt": {}},
                  "constraints": {"fields": [{"path": ["\(path)"]}]}}]}
                """)
        }
    }

    @Test func malformedDefinitionsAreRefused() {
        for text in [
            #"{"input_descriptors": []}"#,
            #"{"id": "x", "input_descriptors": []}"#,
            #"{"id": "x", "input_descriptors": [{"id": "a"}]}"#,
            #"{"id": "x", "input_descriptors": [{"id": "a", "constraints": {"fields": [{"path": ["$.a"], "filter": {"type": "string", "oneOf": []}}]}}]}"#,
            #"{"id": "x", "input_descriptors": [{"id": "a", "constraints": {"fields": [{"path": ["$.a"], "filter": {"pattern": "("}}]}}]}"#,
            #"{"id": "x", "submission_requirements": [{"rule": "pick", "from_nested": []}], "input_descriptors": [{"id": "a", "constraints": {}}]}"#,
        ] {
            #expect(throws: DCQLError.self, "\(text)") { _ = try definition(text) }
        }
        #expect(throws: DCQLError.self) {
            try definition(#"{"id": "x", "input_descriptors": [{"id": "a", "format": {"ldp_vp": {}}, "constraints": {}}]}"#).dcqlQuery()
        }
        #expect(throws: DCQLError.self) {
            try definition(#"{"id": "x", "submission_requirements": [{"rule": "pick", "count": 3, "from": "A"}], "input_descriptors": [{"id": "a", "group": ["A"], "format": {"mso_mdoc": {}}, "constraints": {}}]}"#).dcqlQuery()
        }
    }

    @Test func filterKeywordsBehaveAsJSONSchema() throws {
        func accepts(_ schema: JSONValue, _ value: JSONValue) throws -> Bool {
            try ClaimValueFilter(schema: schema, path: "f").accepts(value)
        }
        #expect(try accepts(["type": "string", "pattern": "^DE$"], "DE"))
        #expect(try !accepts(["type": "string", "pattern": "^DE$"], "FR"))
        #expect(try !accepts(["type": "string"], 3))
        #expect(try accepts(["type": "integer"], 3))
        #expect(try !accepts(["type": "integer"], 3.5))
        #expect(try accepts(["enum": ["a", "b"]], "b"))
        #expect(try !accepts(["enum": ["a", "b"]], "c"))
        #expect(try accepts(["exclusiveMaximum": 10], 9))
        #expect(try !accepts(["exclusiveMaximum": 10], 10))
        #expect(try !accepts(["minimum": 18], "20"))
        #expect(try accepts(["type": "string", "format": "date", "formatMaximum": "2008-01-01"], "1984-01-26"))
        #expect(try !accepts(["type": "string", "format": "date", "formatMaximum": "2008-01-01"], "2010-05-01"))
        #expect(try !accepts(["format": "date"], "26.01.1984"))
        #expect(try accepts(["type": "array", "contains": ["const": "British"]], ["British", "Betelgeusian"]))
        #expect(try !accepts(["type": "array", "contains": ["const": "French"]], ["British"]))
        #expect(try accepts(["minLength": 2, "maxLength": 3], "abc"))
        #expect(try !accepts(["maxLength": 2], "abc"))
    }
}

import DCQL
import JSONModel
import Testing

@Suite("DCQL query parsing (OpenID4VP 1.0 §6)")
struct DCQLQueryParsingTests {
    @Test func anSDJWTVCQueryWithClaimSetsParses() throws {
        let query = try DCQLQuery(jsonText: """
            {"credentials": [{"id": "pid", "format": "dc+sd-jwt",
              "meta": {"vct_values": ["https://credentials.example.com/identity_credential"]},
              "claims": [{"id": "a", "path": ["family_name"]}, {"id": "b", "path": ["address", "postal_code"]},
                         {"id": "c", "path": ["nationalities", null]}, {"id": "d", "path": ["degrees", 0, "type"]}],
              "claim_sets": [["a", "c"], ["a", "b", "d"]]}]}
            """)
        let pid = try #require(query.credentials.first)
        #expect(pid.id == "pid")
        #expect(pid.format == "dc+sd-jwt")
        #expect(pid.meta == .sdJWTVC(vctValues: ["https://credentials.example.com/identity_credential"]))
        #expect(pid.allowsMultiple == false)
        #expect(pid.requiresCryptographicHolderBinding == true)
        #expect(pid.claims?.count == 4)
        #expect(pid.claims?[2].path.components == [.key("nationalities"), .allElements])
        #expect(pid.claims?[3].path.components == [.key("degrees"), .index(0), .key("type")])
        #expect(pid.claimSets == [["a", "c"], ["a", "b", "d"]])
        #expect(query.credentialSets == nil)
    }

    @Test func anMdocQueryWithCredentialSetsParses() throws {
        let query = try DCQLQuery(jsonText: """
            {"credentials": [
              {"id": "mdl", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
               "claims": [{"path": ["org.iso.18013.5.1", "age_over_18"], "values": [true], "intent_to_retain": false}]},
              {"id": "photo", "format": "mso_mdoc", "meta": {"doctype_value": "org.iso.23220.photoid.1"}}],
             "credential_sets": [{"options": [["mdl"], ["photo"]]}, {"required": false, "options": [["photo"]]}],
             "an_extension": {"ignored": true}}
            """)
        #expect(query.credentials.map(\.id) == ["mdl", "photo"])
        #expect(query.credentials[0].meta == .mdoc(doctypeValue: "org.iso.18013.5.1.mDL"))
        #expect(query.credentials[0].claims?[0].values == [.boolean(true)])
        #expect(query.credentials[0].claims?[0].intentToRetain == false)
        #expect(query.credentialSets?.map(\.isRequired) == [true, false])
        #expect(query.credentialSets?[0].options == [["mdl"], ["photo"]])
    }

    @Test func w3cTypeValuesAndUnknownFormatsParse() throws {
        let query = try DCQLQuery(jsonText: """
            {"credentials": [
              {"id": "degree", "format": "jwt_vc_json", "require_cryptographic_holder_binding": false, "multiple": true,
               "meta": {"type_values": [["https://www.w3.org/2018/credentials#VerifiableCredential", "https://example.org/UniversityDegree"]]},
               "trusted_authorities": [{"type": "aki", "values": ["s9tIpPmhxdiuNkHMEWNpYim8S8Y"]}]},
              {"id": "other", "format": "example_format", "meta": {"anything": [1, 2]}}]}
            """)
        #expect(query.credentials[0].meta == .w3c(typeValues: [[
            "https://www.w3.org/2018/credentials#VerifiableCredential", "https://example.org/UniversityDegree",
        ]]))
        #expect(query.credentials[0].allowsMultiple)
        #expect(!query.credentials[0].requiresCryptographicHolderBinding)
        #expect(query.credentials[0].trustedAuthorities == [TrustedAuthoritiesQuery(type: "aki", values: ["s9tIpPmhxdiuNkHMEWNpYim8S8Y"])])
        guard case let .other(meta) = query.credentials[1].meta else {
            Issue.record("an unknown format keeps its meta")
            return
        }
        #expect(meta["anything"] == [1, 2])
    }

    /// One malformed query per rule of §6, each rejected with the member at fault.
    @Test(arguments: [
        (#"[]"#, ""),
        (#"{}"#, "credentials"),
        (#"{"credentials": []}"#, "credentials"),
        (#"{"credentials": [{"format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}}]}"#, "credentials[0].id"),
        (#"{"credentials": [{"id": "a b", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}}]}"#, "credentials[0].id"),
        (#"{"credentials": [{"id": "", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}}]}"#, "credentials[0].id"),
        (#"{"credentials": [{"id": "a", "meta": {}}]}"#, "credentials[0].format"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt"}]}"#, "credentials[0].meta"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {}}]}"#, "credentials[0].meta.vct_values"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": []}}]}"#, "credentials[0].meta.vct_values"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": [3]}}]}"#, "credentials[0].meta.vct_values[0]"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {}}]}"#, "credentials[0].meta.doctype_value"),
        (#"{"credentials": [{"id": "a", "format": "jwt_vc_json", "meta": {"type_values": [[]]}}]}"#, "credentials[0].meta.type_values[0]"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}, {"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}]}"#, "credentials[1].id"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "multiple": "yes", "meta": {"doctype_value": "d"}}]}"#, "credentials[0].multiple"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}, "claims": []}]}"#, "credentials[0].claims"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}, "claims": [{"path": ["ns"]}]}]}"#, "credentials[0].claims[0].path"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}, "claims": [{"path": ["ns", 0]}]}]}"#, "credentials[0].claims[0].path"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": []}]}]}"#, "credentials[0].claims[0].path"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": ["a", -1]}]}]}"#, "credentials[0].claims[0].path"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": ["a", 1.5]}]}]}"#, "credentials[0].claims[0].path"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": ["a"], "values": [{"x": 1}]}]}]}"#, "credentials[0].claims[0].values[0]"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": ["a"], "values": [1.5]}]}]}"#, "credentials[0].claims[0].values[0]"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"id": "c", "path": ["a"]}, {"id": "c", "path": ["b"]}]}]}"#, "credentials[0].claims[1].id"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claim_sets": [["c"]]}]}"#, "credentials[0].claim_sets"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"id": "c", "path": ["a"]}, {"path": ["b"]}], "claim_sets": [["c"]]}]}"#, "credentials[0].claims[1].id"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"id": "c", "path": ["a"]}], "claim_sets": [["d"]]}]}"#, "credentials[0].claim_sets[0]"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"id": "c", "path": ["a"]}], "claim_sets": [[]]}]}"#, "credentials[0].claim_sets[0]"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "trusted_authorities": []}]}"#, "credentials[0].trusted_authorities"),
        (#"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "trusted_authorities": [{"type": "aki"}]}]}"#, "credentials[0].trusted_authorities[0].values"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}], "credential_sets": []}"#, "credential_sets"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}], "credential_sets": [{"options": [["b"]]}]}"#, "credential_sets[0].options[0]"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}], "credential_sets": [{"options": [[]]}]}"#, "credential_sets[0].options[0]"),
        (#"{"credentials": [{"id": "a", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}], "credential_sets": [{"options": [["a"]], "required": 1}]}"#, "credential_sets[0].required"),
    ])
    func malformedQueriesAreRejectedNamingTheMember(text: String, member: String) {
        #expect {
            _ = try DCQLQuery(jsonText: text)
        } throws: { error in
            guard case let .invalidQuery(path, _) = error as? DCQLError else { return false }
            return path == member
        }
    }

    @Test func notJSONIsATypedError() {
        #expect(throws: DCQLError.self) { try DCQLQuery(jsonText: "{\"credentials\": [") }
    }

    @Test func oversizedQueriesAreRefused() throws {
        let many = (0..<65).map { #"{"id": "q\#($0)", "format": "mso_mdoc", "meta": {"doctype_value": "d"}}"# }
        #expect(throws: DCQLError.limitExceeded(path: "credentials", limit: 64)) {
            try DCQLQuery(jsonText: #"{"credentials": [\#(many.joined(separator: ","))]}"#)
        }
        let deepPath = Array(repeating: #""a""#, count: 33).joined(separator: ",")
        #expect(throws: DCQLError.limitExceeded(path: "credentials[0].claims[0].path", limit: 32)) {
            try DCQLQuery(jsonText: #"{"credentials": [{"id": "a", "format": "dc+sd-jwt", "meta": {"vct_values": ["x"]}, "claims": [{"path": [\#(deepPath)]}]}]}"#)
        }
    }
}

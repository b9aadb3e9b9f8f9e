@testable import AnonCreds
import Foundation
import JSONModel
import Testing

/// Restrictions as anoncreds-rs 0.2 reads them: the WQL forms, each tag against the fixture's
/// credential (schema `vellum-test` 1.0, issuer `did:example:vellum-issuer`), the holder's and
/// the verifier's views.
@Suite("Restrictions: which credentials may answer a referent")
struct RestrictionTests {
    let fixture = IssuanceFixture.shared

    static func restriction(_ json: String) throws -> Restriction {
        try Restriction(json: JSONParser().parse(Data(json.utf8)))
    }

    func holderView() throws -> RestrictionSubject {
        try RestrictionSubject(credential: fixture.processed, schema: fixture.schema, definition: fixture.definition)
    }

    @Test("the JSON forms read as anoncreds-rs reads them")
    func forms() throws {
        #expect(try Self.restriction(#"{"schema_name": "vellum-test"}"#) == .equals(tag: "schema_name", value: "vellum-test"))
        #expect(try Self.restriction(#"{"a": "1", "b": {"$neq": "2"}}"#) == .all([.equals(tag: "a", value: "1"), .notEquals(tag: "b", value: "2")]))
        #expect(try Self.restriction(#"[{"a": "1", "b": null}, {}, {"c": {"$in": ["x", "y"]}}]"#)
            == .any([.equals(tag: "a", value: "1"), .oneOf(tag: "c", values: ["x", "y"])]))
        #expect(try Self.restriction("[]").isEmpty && Self.restriction("{}").isEmpty && Self.restriction(#"{"$or": []}"#).isEmpty)
        #expect(try Self.restriction(#"{"$not": {"$and": [{"a": "1"}, {"$or": [{"b": "2"}]}]}}"#)
            == .not(.all([.equals(tag: "a", value: "1"), .any([.equals(tag: "b", value: "2")])])))
        #expect(try Self.restriction(#"{"a": {"$gt": "1"}}"#) == .unsupported(operator: "$gt"))
        #expect(try Self.restriction(#"{"$exist": ["a"]}"#) == .unsupported(operator: "$exist"))
    }

    @Test("malformed restrictions are typed errors", arguments: [
        #""schema_id""#, #"[1]"#, #"{"$and": {}}"#, #"{"$or": ["a"]}"#, #"{"$not": []}"#, #"{"a": 1}"#, #"{"a": null}"#,
        #"{"a": {"$neq": "1", "$in": []}}"#, #"{"a": {"$in": [1]}}"#, #"{"a": {"$eq": "1"}}"#, #"{"$exist": 3}"#,
    ])
    func malformed(json: String) {
        #expect(throws: AnonCredsError.self) { try Self.restriction(json) }
    }

    @Test("a restriction of more than 1 024 conditions is refused")
    func bounded() throws {
        let wide = "[" + Array(repeating: #"{"a": "1"}"#, count: 600).joined(separator: ",") + "]"
        #expect(throws: AnonCredsError.malformedObject(type: "restriction", path: "", reason: "more than 1024 conditions")) {
            try Self.restriction(wide)
        }
        func request(_ restrictions: String) -> String {
            #"{"nonce": "1", "name": "n", "version": "1", "requested_attributes": {"r": {"name": "a", "restrictions": \#(restrictions)}}}"#
        }
        #expect(throws: AnonCredsError.self) { try PresentationRequest(jsonString: request(wide)) }
        #expect(try PresentationRequest(jsonString: request(#"[{"a": "1"}]"#)).requestedAttributes["r"]?.restriction == .any([.equals(tag: "a", value: "1")]))
    }

    @Test("each tag against the fixture's credential, as its holder knows it", arguments: [
        (#"{"schema_id": "did:example:vellum-issuer/schema/1"}"#, true),
        (#"{"schema_id": "did:example:other/schema/1"}"#, false),
        (#"{"schema_name": "vellum-test", "schema_version": "1.0"}"#, true),
        (#"{"schema_version": "2.0"}"#, false),
        (#"{"cred_def_id": "did:example:vellum-issuer/cred-def/1"}"#, true),
        (#"{"issuer_id": "did:example:vellum-issuer", "schema_issuer_id": "did:example:vellum-issuer"}"#, true),
        // The legacy tags match only a legacy (unqualified) DID, as in anoncreds-rs.
        (#"{"issuer_did": "did:example:vellum-issuer"}"#, false),
        (#"{"schema_issuer_did": "did:example:vellum-issuer"}"#, false),
        (#"{"attr::name::value": "Alice Example"}"#, true),
        (#"{"attr::name::value": "Mallory"}"#, false),
        (#"{"attr::degreename::value": "Bachelor of Science"}"#, true),
        (#"{"attr::age::marker": "1"}"#, true),
        (#"{"attr::phone::marker": "1"}"#, false),
        (#"{"unknown_tag": "x"}"#, false),
        (#"[{"schema_name": "other"}, {"attr::age::value": "28"}]"#, true),
        (#"{"$and": [{"schema_name": "vellum-test"}, {"attr::age::value": "29"}]}"#, false),
        (#"{"$not": {"schema_name": "other"}}"#, true),
        (#"{"schema_name": {"$in": ["a", "vellum-test"]}}"#, true),
        (#"{"schema_name": {"$neq": "vellum-test"}}"#, false),
        (#"{"attr::age::value": {"$gte": "18"}}"#, false),
    ])
    func holderTags(json: String, met: Bool) throws {
        #expect(try Self.restriction(json).isMet(by: holderView()) == met)
    }

    @Test("the verifier's view: attr tags compare revealed values of requested names only, as anoncreds-rs")
    func verifierView() throws {
        var subject = try holderView()
        subject.attributes = .presented(["name": "Alice Example", "age": nil])
        #expect(try Self.restriction(#"{"attr::name::value": "Alice Example"}"#).isMet(by: subject))
        #expect(try !Self.restriction(#"{"attr::name::value": "Mallory"}"#).isMet(by: subject))
        // A hidden value passes; a marker on a name not requested passes; a value tag on it does not.
        #expect(try Self.restriction(#"{"attr::age::value": "99"}"#).isMet(by: subject))
        #expect(try Self.restriction(#"{"attr::phone::marker": "1"}"#).isMet(by: subject))
        #expect(try !Self.restriction(#"{"attr::phone::value": "1"}"#).isMet(by: subject))
        // anoncreds-rs compares a revealed attribute's value with a marker's value too.
        #expect(try !Self.restriction(#"{"attr::name::marker": "1"}"#).isMet(by: subject))
    }
}

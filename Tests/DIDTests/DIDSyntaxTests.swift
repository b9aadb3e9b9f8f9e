import DID
import Foundation
import Testing

/// W3C DID Core 1.0 §3.1 (DID syntax) and §3.2 (DID URL syntax).
@Suite("DID and DID URL syntax")
struct DIDSyntaxTests {
    @Test("A DID splits into method and method-specific identifier", arguments: [
        ("did:example:123456789abcdefghi", "example", "123456789abcdefghi"),
        ("did:web:example.com%3A8443:users:alice", "web", "example.com%3A8443:users:alice"),
        ("did:peer:2.Vz6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc", "peer", "2.Vz6Mkj3PUd1WjvaDhNZhhhXQdz5UnZXmS7ehtx8bsPpD47kKc"),
        ("did:example:a::b", "example", "a::b"),
        ("did:m1:A-b_c.D", "m1", "A-b_c.D"),
    ])
    func parsesValidDIDs(input: String, method: String, id: String) throws {
        let did = try DIDIdentifier(input)
        #expect(did.method == method)
        #expect(did.methodSpecificID == id)
        #expect(did.description == input)
        #expect(try DIDIdentifier(method: method, methodSpecificID: id) == did)
    }

    @Test("Malformed DIDs are rejected with the reason", arguments: [
        ("", DIDError.missingScheme),
        ("DID:example:123", .missingScheme),
        ("urn:example:123", .missingScheme),
        ("did:", .invalidMethodName("")),
        ("did::123", .invalidMethodName("")),
        ("did:Example:123", .invalidMethodName("Example")),
        ("did:ex_ample:123", .invalidMethodName("ex_ample")),
        ("did:example", .invalidMethodSpecificID("")),
        ("did:example:", .invalidMethodSpecificID("")),
        ("did:example:abc:", .invalidMethodSpecificID("abc:")),
        ("did:example:a b", .invalidCharacter(" ", position: 13)),
        ("did:example:caf\u{E9}", .invalidCharacter("\u{E9}", position: 15)),
        ("did:example:%4", .invalidPercentEncoding(position: 12)),
        ("did:example:%zz", .invalidPercentEncoding(position: 12)),
        ("did:example:123#key-1", .invalidCharacter("#", position: 15)),
        ("did:example:123/path", .invalidCharacter("/", position: 15)),
    ])
    func rejectsMalformedDIDs(input: String, expected: DIDError) {
        #expect(throws: expected) { try DIDIdentifier(input) }
        #expect((try? DIDIdentifier(input)) == nil)
    }

    @Test("Oversized input is refused before scanning")
    func rejectsOversizedDID() {
        let long = "did:example:" + String(repeating: "a", count: DIDIdentifier.maximumLength)
        #expect(throws: DIDError.tooLong(limit: DIDIdentifier.maximumLength)) { try DIDIdentifier(long) }
    }

    @Test("A DID URL splits into DID, path, query and fragment")
    func parsesDIDURL() throws {
        let url = try DIDURL("did:example:123/path/to?versionId=1&x=%20#key-1")
        #expect(url.did == (try DIDIdentifier("did:example:123")))
        #expect(url.path == "/path/to")
        #expect(url.query == "versionId=1&x=%20")
        #expect(url.fragment == "key-1")
        #expect(url.description == "did:example:123/path/to?versionId=1&x=%20#key-1")
        #expect(!url.isDID)

        let service = try DIDURL("did:example:123?service=agent&relativeRef=/credentials#degree")
        #expect(service.path.isEmpty)
        #expect(service.query == "service=agent&relativeRef=/credentials")
        #expect(service.fragment == "degree")

        let empty = try DIDURL("did:example:123#")
        #expect(empty.fragment == "")
        #expect(try DIDURL("did:example:123").isDID)
    }

    @Test("Relative DID URLs resolve against the document's DID")
    func resolvesRelativeReferences() throws {
        let base = try DIDIdentifier("did:example:123")
        #expect(try DIDURL("#key-1", relativeTo: base).description == "did:example:123#key-1")
        #expect(try DIDURL("?service=files", relativeTo: base).description == "did:example:123?service=files")
        #expect(try DIDURL("/a/b#c", relativeTo: base).description == "did:example:123/a/b#c")
        #expect(try DIDURL("did:other:9#k", relativeTo: base).description == "did:other:9#k")
        #expect(throws: DIDError.relativeReferenceWithoutBase("key-1")) { try DIDURL("key-1", relativeTo: base) }
        #expect(throws: DIDError.self) { try DIDURL("#key-1") }
    }

    @Test("Malformed DID URLs are rejected", arguments: [
        ("did:example:123#frag#2", DIDError.invalidCharacter("#", position: 20)),
        ("did:example:123/pa th", .invalidCharacter(" ", position: 18)),
        ("did:example:123?%GG", .invalidPercentEncoding(position: 16)),
        ("did:example:123#%", .invalidPercentEncoding(position: 16)),
        ("did:example:123#a\u{0}", .invalidCharacter("\u{0}", position: 17)),
    ])
    func rejectsMalformedDIDURLs(input: String, expected: DIDError) {
        #expect(throws: expected) { try DIDURL(input) }
    }

    @Test("DIDs and DID URLs are Codable as JSON strings")
    func codable() throws {
        let did = try DIDIdentifier("did:example:123")
        let data = try JSONEncoder().encode([did])
        #expect(String(decoding: data, as: UTF8.self) == #"["did:example:123"]"#)
        #expect(try JSONDecoder().decode([DIDIdentifier].self, from: data) == [did])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([DIDIdentifier].self, from: Data(#"["did:Bad:1"]"#.utf8)) }
        let url = try DIDURL("did:example:123#k")
        #expect(try JSONDecoder().decode([DIDURL].self, from: JSONEncoder().encode([url])) == [url])
    }
}

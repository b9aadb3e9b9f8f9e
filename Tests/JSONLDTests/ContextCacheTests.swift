import JSONModel
import Testing
@testable import JSONLD

/// Cached context processing gives exactly what processing again would: a result is reused
/// only for the same active context, local context, base, flags, loader and limits.
@Suite("Context cache")
struct ContextCacheTests {
    static let loader = StaticDocumentLoader(documents: [
        "https://example.com/ctx": ["@context": ["b": "https://example.com/b"]],
    ])

    @Test("a remote context after different inline contexts is not mistaken for the same state")
    func inlineThenRemote() async throws {
        let options = JSONLDOptions(documentLoader: Self.loader)
        for target in ["https://one.example/a", "https://two.example/a"] {
            let document: JSONValue = [
                "@context": [.object(JSONObject([("a", .string(target))])), "https://example.com/ctx"],
                "a": "x", "b": "y",
            ]
            let expanded = try await JSONLDAPI.expand(document, options: options)
            #expect(expanded == [[.init(stringLiteral: target): [["@value": "x"]], "https://example.com/b": [["@value": "y"]]]])
        }
    }

    @Test("the same document expands the same the second time, from the cache")
    func repeatable() async throws {
        let document: JSONValue = [
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "type": ["VerifiableCredential"], "issuer": "did:example:issuer", "credentialSubject": ["id": "did:example:s"],
        ]
        let first = try await JSONLDAPI.toRDF(document)
        let second = try await JSONLDAPI.toRDF(document)
        #expect(first == second)
        #expect(first.count == 3)
    }
}

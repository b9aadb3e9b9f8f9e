import JSONModel
import Testing
@testable import JSONLD

/// Each bound in JSONLDLimits stops a document built to exceed it with its typed error, and
/// the protections the spec gives against context injection hold.
@Suite("JSON-LD limits and context protection")
struct JSONLDLimitsTests {
    /// A loader over made-up contexts.
    static func loader(_ documents: [String: JSONValue]) -> StaticDocumentLoader {
        StaticDocumentLoader(documents: documents)
    }

    @Test("a chain of remote contexts deeper than the limit is a context overflow")
    func remoteContextDepth() async {
        var documents: [String: JSONValue] = [:]
        for index in 0..<10 {
            documents["https://example.com/c\(index)"] = ["@context": .string("https://example.com/c\(index + 1)")]
        }
        documents["https://example.com/c10"] = ["@context": ["@vocab": "https://example.com/vocab#"]]
        var options = JSONLDOptions(documentLoader: Self.loader(documents))
        options.limits.maxRemoteContextDepth = 4
        await #expect(throws: JSONLDError.limitExceeded(.remoteContextDepth, limit: 4)) {
            _ = try await JSONLDAPI.expand(["@context": "https://example.com/c0", "a": "b"], options: options)
        }
        options.limits = .default
        let expanded = try? await JSONLDAPI.expand(["@context": "https://example.com/c0", "a": "b"], options: options)
        #expect(expanded == [["https://example.com/vocab#a": [["@value": "b"]]]])
    }

    @Test("a context that includes itself is a context overflow, not a hang")
    func recursiveContext() async {
        let options = JSONLDOptions(documentLoader: Self.loader(["https://example.com/self": ["@context": "https://example.com/self"]]))
        do {
            _ = try await JSONLDAPI.expand(["@context": "https://example.com/self"], options: options)
            Issue.record("a recursive context was accepted")
        } catch {
            #expect(error.code == "context overflow")
        }
    }

    @Test("more distinct remote contexts than the limit are refused")
    func remoteContextCount() async {
        var documents: [String: JSONValue] = [:]
        for index in 0..<5 { documents["https://example.com/c\(index)"] = ["@context": .object(JSONObject([("t\(index)", .string("https://example.com/t\(index)"))]))] }
        var options = JSONLDOptions(documentLoader: Self.loader(documents))
        options.limits.maxRemoteContexts = 3
        let contexts = JSONValue.array((0..<5).map { .string("https://example.com/c\($0)") })
        await #expect(throws: JSONLDError.limitExceeded(.remoteContexts, limit: 3)) {
            _ = try await JSONLDAPI.expand(["@context": contexts], options: options)
        }
    }

    @Test("nesting deeper than the expansion limit is refused")
    func expansionDepth() async {
        var document: JSONValue = ["https://example.com/p": "leaf"]
        for _ in 0..<40 { document = ["https://example.com/p": document] }
        var options = JSONLDOptions()
        options.limits.maxExpansionDepth = 20
        await #expect(throws: JSONLDError.limitExceeded(.expansionDepth, limit: 20)) {
            _ = try await JSONLDAPI.expand(document, options: options)
        }
    }

    @Test("more nodes or quads than allowed are refused")
    func nodesAndQuads() async {
        let nodes = JSONValue.array((0..<50).map { ["@id": .string("https://example.com/n\($0)"), "https://example.com/p": "v"] })
        var options = JSONLDOptions()
        options.limits.maxNodes = 10
        await #expect(throws: JSONLDError.limitExceeded(.nodes, limit: 10)) { _ = try await JSONLDAPI.toRDF(nodes, options: options) }
        options.limits = .default
        options.limits.maxQuads = 20
        await #expect(throws: JSONLDError.limitExceeded(.quads, limit: 20)) { _ = try await JSONLDAPI.toRDF(nodes, options: options) }
    }

    @Test("many distinct local contexts count against the processing limit; a repeated one is processed once")
    func contextProcessing() async throws {
        let distinct = JSONValue.array((0..<100).map { index in
            ["@context": .object(JSONObject([("p\(index)", .string("https://example.com/p\(index)"))])), "p\(index)": "v"]
        })
        var options = JSONLDOptions()
        options.limits.maxContextProcessing = 50
        await #expect(throws: JSONLDError.limitExceeded(.contextProcessing, limit: 50)) {
            _ = try await JSONLDAPI.expand(["@graph": distinct], options: options)
        }
        let context: JSONValue = ["T": ["@id": "https://example.com/T", "@context": ["p": "https://example.com/p"]]]
        let repeated = JSONValue.array((0..<100).map { _ in ["@type": "T", "p": "v"] })
        let expanded = try await JSONLDAPI.expand(["@context": context, "@graph": repeated], options: options)
        #expect(expanded.arrayValue?.count == 100)
    }

    @Test("a credential that redefines a protected term of the credentials context is refused")
    func protectedTermInjection() async {
        let injected: JSONValue = [
            "@context": ["https://www.w3.org/2018/credentials/v1", ["VerifiableCredential": "https://example.com/Evil"]],
            "type": ["VerifiableCredential"],
        ]
        do {
            _ = try await JSONLDAPI.expand(injected)
            Issue.record("a protected term was redefined")
        } catch {
            #expect(error.code == "protected term redefinition")
        }
        let nulled: JSONValue = ["@context": ["https://www.w3.org/ns/credentials/v2", .null], "type": "VerifiableCredential"]
        do {
            _ = try await JSONLDAPI.expand(nulled)
            Issue.record("a context with protected terms was nulled")
        } catch {
            #expect(error.code == "invalid context nullification")
        }
    }

    @Test("toRdf writes numbers in their canonical lexical forms")
    func numberForms() {
        #expect(CanonicalDouble.lexicalForm(11) == "1.1E1")
        #expect(CanonicalDouble.lexicalForm(1) == "1.0E0")
        #expect(CanonicalDouble.lexicalForm(-0.5) == "-5.0E-1")
        #expect(CanonicalDouble.lexicalForm(1.0e21) == "1.0E21")
        #expect(CanonicalDouble.lexicalForm(123.456) == "1.23456E2")
        #expect(CanonicalDouble.integerForm(JSONNumber("10.0")!) == "10")
    }
}

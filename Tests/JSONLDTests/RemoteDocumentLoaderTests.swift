import Foundation
import JSONLD
import JSONModel
import Testing
import VellumTestSupport

/// The opt-in network loader, against a real server on loopback through the fetcher a wallet
/// would inject: it reads only what its allow-list names, follows few redirects and only to
/// allowed URLs, refuses large, slow and non-JSON answers, and fetches each URL once.
@Suite("Remote document loader")
struct RemoteDocumentLoaderTests {
    static let context = Data(#"{"@context": {"@vocab": "https://example.org/vocab#", "name": "https://schema.org/name"}}"#.utf8)

    @Test("an allow-listed context is fetched once, cached, and used for expansion")
    func loadsAndCaches() async throws {
        let server = ContextServer()
        server.serve(.init(body: Self.context), at: "/contexts/v1")
        try await server.run { base in
            let loader = RemoteDocumentLoader(allowList: URLAllowList(prefixes: [base + "/contexts/"]), fetcher: HTTPClientFetcher())
            let document: JSONValue = ["@context": .string(base + "/contexts/v1"), "name": "Alice"]
            let options = JSONLDOptions(documentLoader: loader)
            let first = try await JSONLDAPI.expand(document, options: options)
            _ = try await JSONLDAPI.expand(document, options: options)
            #expect(first == [["https://schema.org/name": [["@value": "Alice"]]]])
            #expect(server.hitCount("/contexts/v1") == 1)
        }
    }

    @Test("a URL outside the allow-list is refused before any request")
    func refusesUnlisted() async throws {
        let server = ContextServer()
        server.serve(.init(body: Self.context), at: "/other/v1")
        try await server.run { base in
            let loader = RemoteDocumentLoader(allowList: URLAllowList(prefixes: [base + "/contexts/"]), fetcher: HTTPClientFetcher())
            for url in [base + "/other/v1", base + "/contexts-evil/v1", base + "/contexts/../other/v1"] {
                await #expect(throws: DocumentLoadingError.notAllowed(url: url)) { _ = try await loader.loadDocument(at: url) }
            }
            #expect(server.hitCount("/other/v1") == 0)
        }
    }

    @Test("a redirect is followed only to an allowed URL, and only so many times")
    func redirects() async throws {
        let server = ContextServer()
        server.serve(.init(body: Self.context), at: "/contexts/final")
        server.serve(.init(status: .found, location: "/contexts/final"), at: "/contexts/moved")
        server.serve(.init(status: .found, location: "/private/secret"), at: "/contexts/escape")
        server.serve(.init(status: .found, location: "/contexts/loop"), at: "/contexts/loop")
        try await server.run { base in
            let loader = RemoteDocumentLoader(allowList: URLAllowList(prefixes: [base + "/contexts/"]), fetcher: HTTPClientFetcher())
            let moved = try await loader.loadDocument(at: base + "/contexts/moved")
            #expect(moved.documentURL == base + "/contexts/final")
            await #expect(throws: DocumentLoadingError.notAllowed(url: base + "/private/secret")) {
                _ = try await loader.loadDocument(at: base + "/contexts/escape")
            }
            await #expect(throws: DocumentLoadingError.tooManyRedirects(url: base + "/contexts/loop")) {
                _ = try await loader.loadDocument(at: base + "/contexts/loop")
            }
            #expect(server.hitCount("/private/secret") == 0)
        }
    }

    @Test("a body over the size limit, a slow answer and a non-JSON answer are typed errors")
    func boundsAndTypes() async throws {
        let server = ContextServer()
        server.serve(.init(body: Data(repeating: 0x20, count: 4096) + Self.context), at: "/contexts/large")
        server.serve(.init(delay: .seconds(3), body: Self.context), at: "/contexts/slow")
        server.serve(.init(contentType: "text/html", body: Data("<html></html>".utf8)), at: "/contexts/html")
        server.serve(.init(status: .notFound, body: Data()), at: "/contexts/missing")
        try await server.run { base in
            // A time limit short enough for the slow answer, on its own loader: the other
            // answers get a generous one, since the suite runs many tests at once on two cores.
            func loader(timeout: Duration) -> RemoteDocumentLoader {
                RemoteDocumentLoader(
                    allowList: URLAllowList(prefixes: [base + "/contexts/"]), fetcher: HTTPClientFetcher(),
                    limits: RemoteDocumentLoader.Limits(maximumBytes: 1024, timeout: timeout, maximumRedirects: 2))
            }
            await #expect(throws: DocumentLoadingError.timedOut(url: base + "/contexts/slow")) {
                _ = try await loader(timeout: .milliseconds(300)).loadDocument(at: base + "/contexts/slow")
            }
            let loader = loader(timeout: .seconds(30))
            await #expect(throws: DocumentLoadingError.tooLarge(url: base + "/contexts/large", limit: 1024)) {
                _ = try await loader.loadDocument(at: base + "/contexts/large")
            }
            await #expect(throws: DocumentLoadingError.notJSON(url: base + "/contexts/html", reason: "content type text/html")) {
                _ = try await loader.loadDocument(at: base + "/contexts/html")
            }
            await #expect(throws: DocumentLoadingError.httpStatus(url: base + "/contexts/missing", status: 404)) {
                _ = try await loader.loadDocument(at: base + "/contexts/missing")
            }
        }
    }

    @Test("bundled contexts are answered without the network, and plain http to a public host is not allowed")
    func bundledFirst() async throws {
        let loader = RemoteDocumentLoader(allowList: URLAllowList(prefixes: ["https://www.w3.org/"]), fetcher: UnreachableFetcher())
        let credentials = try await loader.loadDocument(at: "https://www.w3.org/ns/credentials/v2")
        #expect(credentials.document["@context"] != nil)
        #expect(!URLAllowList(prefixes: ["http://example.com/"]).allows("http://example.com/contexts/v1"))
        #expect(!URLAllowList(prefixes: ["https://example.com/"]).allows("https://user@evil.example/contexts"))
    }
}

import CryptoKeys
import DID
import Foundation
import HTTP
import JSONModel
import Testing

/// did:web over real loopback HTTP: the resolver fetches, bounds, parses and checks the id.
@Suite("did:web resolution over loopback HTTP")
struct DIDWebResolverTests {
    static let client = URLSessionHTTPClient()
    static let resolver = DIDWebResolver(httpClient: client, allowsLoopbackHTTP: true)

    static func document(id: String, key: PublicKey) throws -> String {
        let multikey = try DIDKey.make(for: key).methodSpecificID
        return """
            {"@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
             "id": "\(id)",
             "verificationMethod": [{"id": "#key-1", "type": "Multikey", "controller": "\(id)", "publicKeyMultibase": "\(multikey)"}],
             "assertionMethod": ["#key-1"]}
            """
    }

    @Test("A bare domain is read from /.well-known/did.json, a path from <path>/did.json")
    func resolves() async throws {
        let key = PrivateKey(curve: .p256).publicKey
        try await DIDWebServer.with(pages: { port in
            let host = "did:web:127.0.0.1%3A\(port)"
            return [
                "/.well-known/did.json": .init(body: (try? Self.document(id: host, key: key)) ?? ""),
                "/users/alice/did.json": .init(body: (try? Self.document(id: host + ":users:alice", key: key)) ?? ""),
            ]
        }) { host in
            let bare = try DIDIdentifier("did:web:\(host)")
            let document = try await Self.resolver.resolve(bare).document
            #expect(document.id == bare)
            #expect(try document.verificationMethod(for: "#key-1", relationship: .assertionMethod).publicKey == key)

            let alice = try DIDIdentifier("did:web:\(host):users:alice")
            #expect(try await Self.resolver.resolve(alice).document.id == alice)
            let registry = DIDResolverRegistry(["web": Self.resolver])
            #expect(try await registry.resolve(alice).document.id == alice)
        }
    }

    @Test("A document whose id is another DID is rejected")
    func idMismatch() async throws {
        let key = PrivateKey(curve: .ed25519).publicKey
        try await DIDWebServer.with(pages: { _ in
            ["/.well-known/did.json": .init(body: (try? Self.document(id: "did:web:victim.example", key: key)) ?? "")]
        }) { host in
            await expectResolutionError(.documentIDMismatch) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host)")) }
        }
    }

    @Test("An oversized did.json is refused")
    func oversized() async throws {
        let key = PrivateKey(curve: .ed25519).publicKey
        try await DIDWebServer.with(pages: { port in
            let id = "did:web:127.0.0.1%3A\(port)"
            let padding = String(repeating: "x", count: DIDWebResolver.defaultMaximumDocumentBytes)
            let valid = (try? Self.document(id: id, key: key)) ?? ""
            return ["/.well-known/did.json": .init(body: String(valid.dropLast()) + #", "padding": "\#(padding)"}"#)]
        }) { host in
            await expectResolutionError(.documentTooLarge) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host)")) }
            // The same document is accepted under a larger cap, so the size is what failed.
            let generous = DIDWebResolver(httpClient: Self.client, maximumDocumentBytes: 1024 * 1024, allowsLoopbackHTTP: true)
            _ = try await generous.resolve(DIDIdentifier("did:web:\(host)"))
        }
    }

    @Test("Missing documents, bad JSON and server errors are told apart")
    func failures() async throws {
        try await DIDWebServer.with(pages: { _ in
            [
                "/broken/did.json": .init(body: "{not json"),
                "/error/did.json": .init(status: .internalServerError, body: "oops"),
                "/array/did.json": .init(body: "[]"),
            ]
        }) { host in
            await expectResolutionError(.notFound) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host)")) }
            await expectResolutionError(.invalidDocument) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host):broken")) }
            await expectResolutionError(.invalidDocument) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host):array")) }
            await expectResolutionError(.transport) { _ = try await Self.resolver.resolve(DIDIdentifier("did:web:\(host):error")) }
            // Without the loopback allowance the resolver speaks https, which this server does not.
            let strict = DIDWebResolver(httpClient: Self.client)
            await expectResolutionError(.transport) { _ = try await strict.resolve(DIDIdentifier("did:web:\(host)")) }
        }
    }

    @Test("The standard registry routes did:web and still rejects unknown methods")
    func registry() async throws {
        let registry = DIDResolverRegistry.standard(httpClient: Self.client)
        #expect(registry.resolvers.keys.sorted() == ["jwk", "key", "peer", "web"])
        await expectResolutionError(.methodNotSupported) { _ = try await registry.resolve("did:example:123") }
        await expectResolutionError(.invalidDID) { _ = try await registry.resolve("did:web:") }
    }
}

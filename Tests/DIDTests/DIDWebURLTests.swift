import DID
import Foundation
import Testing

/// did:web spec §"Read (Resolve)": the DID → HTTPS URL transformation.
@Suite("did:web URL transformation")
struct DIDWebURLTests {
    @Test("The spec's examples map to the spec's URLs", arguments: [
        ("did:web:w3c-ccg.github.io", "https://w3c-ccg.github.io/.well-known/did.json"),
        ("did:web:w3c-ccg.github.io:user:alice", "https://w3c-ccg.github.io/user/alice/did.json"),
        ("did:web:example.com%3A3000:user:alice", "https://example.com:3000/user/alice/did.json"),
        ("did:web:example.com%3a8443", "https://example.com:8443/.well-known/did.json"),
        ("did:web:Example.COM", "https://example.com/.well-known/did.json"),
    ])
    func transforms(did: String, url: String) throws {
        #expect(try DIDWeb.url(for: DIDIdentifier(did)).absoluteString == url)
    }

    @Test("Plain HTTP only for loopback hosts, and only when allowed")
    func loopbackHTTP() throws {
        let local = try DIDIdentifier("did:web:127.0.0.1%3A8080:users:alice")
        #expect(try DIDWeb.url(for: local).absoluteString == "https://127.0.0.1:8080/users/alice/did.json")
        #expect(try DIDWeb.url(for: local, allowingLoopbackHTTP: true).absoluteString == "http://127.0.0.1:8080/users/alice/did.json")
        #expect(try DIDWeb.url(for: DIDIdentifier("did:web:localhost"), allowingLoopbackHTTP: true).scheme == "http")
        #expect(try DIDWeb.url(for: DIDIdentifier("did:web:example.com"), allowingLoopbackHTTP: true).scheme == "https")
        #expect(try DIDWeb.url(for: DIDIdentifier("did:web:127.0.0.1.example.com"), allowingLoopbackHTTP: true).scheme == "https")
    }

    @Test("Domains, ports and paths that could redirect the fetch are rejected", arguments: [
        "did:web:example.com%2Fevil",
        "did:web:example.com%40evil.com",
        "did:web:exa_mple.com",
        "did:web:-bad.example",
        "did:web:example..com",
        "did:web:example.com%3A",
        "did:web:example.com%3A0",
        "did:web:example.com%3A99999",
        "did:web:example.com%3A80%3A81",
        "did:web:example.com::alice",
        "did:web:example.com:..:admin",
        "did:web:example.com:%2E%2E:admin",
        "did:web:example.com:a%2Fb",
        "did:web:example.com:a%3Fb",
        "did:web:example.com:a%23b",
    ])
    func rejects(did: String) throws {
        let parsed = try DIDIdentifier(did)
        expectResolutionError(.invalidDID) { _ = try DIDWeb.url(for: parsed) }
    }

    @Test("Other methods are not did:web")
    func otherMethod() {
        expectResolutionError(.methodNotSupported) { _ = try DIDWeb.url(for: DIDIdentifier("did:key:z6Mk")) }
    }
}

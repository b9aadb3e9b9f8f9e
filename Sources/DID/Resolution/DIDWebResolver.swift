import Foundation
import HTTP

/// Resolves did:web DIDs over HTTPS with an injected `HTTPClient`.
///
/// Checks, in order: the DID maps to a well-formed HTTPS URL (``DIDWeb/url(for:allowingLoopbackHTTP:)``),
/// the server answers 200 (404 and 410 become ``DIDResolutionError/notFound(_:)``), the body is
/// at most ``maximumDocumentBytes``, it is a valid DID document, and its `id` is exactly the
/// DID resolved — otherwise any server could answer for any DID.
public struct DIDWebResolver: DIDResolver {
    /// The default cap on a did.json body: generous for real documents (tens of keys and
    /// services), small enough that a hostile server cannot exhaust memory.
    public static let defaultMaximumDocumentBytes = 256 * 1024

    /// The client that fetches documents.
    public var httpClient: any HTTPClient
    /// The largest document accepted, in bytes.
    public var maximumDocumentBytes: Int
    /// Whether `http` is used for loopback hosts (tests and local sandboxes only).
    public var allowsLoopbackHTTP: Bool

    /// Creates a resolver.
    public init(
        httpClient: any HTTPClient, maximumDocumentBytes: Int = DIDWebResolver.defaultMaximumDocumentBytes,
        allowsLoopbackHTTP: Bool = false
    ) {
        self.httpClient = httpClient
        self.maximumDocumentBytes = maximumDocumentBytes
        self.allowsLoopbackHTTP = allowsLoopbackHTTP
    }

    public func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution {
        let url = try DIDWeb.url(for: did, allowingLoopbackHTTP: allowsLoopbackHTTP)
        let body = try await fetch(url, did: did)
        guard body.count <= maximumDocumentBytes else { throw .documentTooLarge(limit: maximumDocumentBytes) }
        let document: DIDDocument
        do {
            document = try DIDDocument(jsonData: body)
        } catch {
            throw .invalidDocument(error)
        }
        guard document.id == did else {
            throw .documentIDMismatch(expected: did.description, found: document.id.description)
        }
        return DIDResolution(
            document: document, contentType: document.context.isEmpty ? "application/did+json" : "application/did+ld+json")
    }
}

extension DIDWebResolver {
    /// GETs the document; maps transport failures and non-200 statuses to resolution errors.
    func fetch(_ url: URL, did: DIDIdentifier) async throws(DIDResolutionError) -> Data {
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/did+json, application/did+ld+json, application/json"])
        } catch .tooLarge(let limit) {
            throw .documentTooLarge(limit: min(limit, maximumDocumentBytes))
        } catch {
            throw .transport(error.description)
        }
        switch response.status {
        case 200: return response.body
        case 404, 410: throw .notFound(did.description)
        default: throw .transport("HTTP status \(response.status) from \(url.absoluteString)")
        }
    }
}

extension DIDResolverRegistry {
    /// did:key, did:jwk, did:peer and did:web (over `httpClient`).
    public static func standard(httpClient: any HTTPClient) -> DIDResolverRegistry {
        var registry = offline()
        registry.resolvers["web"] = DIDWebResolver(httpClient: httpClient)
        return registry
    }
}

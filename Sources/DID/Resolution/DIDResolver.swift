/// Turns a DID into its current DID document.
///
/// One protocol for every method lets verification code (JOSE `kid`s, Data Integrity proofs,
/// DIDComm) ask for a key without knowing how the DID is anchored; ``DIDResolverRegistry``
/// picks the implementation by method name.
public protocol DIDResolver: Sendable {
    /// Resolves `did`; throws rather than returning a partial document.
    func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution
}

/// The result of resolving a DID: the document and what the resolver knows about it.
public struct DIDResolution: Sendable, Hashable {
    /// The DID document.
    public var document: DIDDocument
    /// Metadata about the document (DID Core §7.1.3).
    public var documentMetadata: DIDDocumentMetadata
    /// The media type the document was read as (`application/did+json`, or
    /// `application/did+ld+json` when it has an `@context`).
    public var contentType: String

    /// Creates a resolution result.
    public init(
        document: DIDDocument, documentMetadata: DIDDocumentMetadata = DIDDocumentMetadata(),
        contentType: String = "application/did+ld+json"
    ) {
        self.document = document
        self.documentMetadata = documentMetadata
        self.contentType = contentType
    }
}

/// Document metadata (DID Core §7.1.3): the members a static-resolution method can know.
public struct DIDDocumentMetadata: Sendable, Hashable {
    /// Whether the DID has been deactivated.
    public var deactivated: Bool?
    /// Other DIDs that are the same subject (did:peer:4 long and short forms).
    public var equivalentID: [String]
    /// The canonical form of the DID, when the resolved one is an alias.
    public var canonicalID: String?

    /// Creates metadata.
    public init(deactivated: Bool? = nil, equivalentID: [String] = [], canonicalID: String? = nil) {
        self.deactivated = deactivated
        self.equivalentID = equivalentID
        self.canonicalID = canonicalID
    }
}

/// Dispatches resolution to a resolver per method name.
///
/// ``offline()`` covers the methods that need no network (did:key, did:jwk, did:peer);
/// ``standard(httpClient:)`` adds did:web. Unknown methods fail with
/// ``DIDResolutionError/methodNotSupported(_:)``.
public struct DIDResolverRegistry: DIDResolver {
    /// The resolvers by method name (`key`, `web`, …).
    public var resolvers: [String: any DIDResolver]

    /// Creates a registry from method names and resolvers.
    public init(_ resolvers: [String: any DIDResolver] = [:]) {
        self.resolvers = resolvers
    }

    /// did:key, did:jwk and did:peer with their default options.
    public static func offline() -> DIDResolverRegistry {
        DIDResolverRegistry(["key": DIDKeyResolver(), "jwk": DIDJWKResolver(), "peer": DIDPeerResolver()])
    }

    /// Resolves with the resolver registered for `did.method`.
    public func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution {
        guard let resolver = resolvers[did.method] else { throw .methodNotSupported(did.method) }
        return try await resolver.resolve(did)
    }

    /// Parses and resolves a DID string.
    public func resolve(_ string: String) async throws(DIDResolutionError) -> DIDResolution {
        let did: DIDIdentifier
        do {
            did = try DIDIdentifier(string)
        } catch {
            throw .invalidDID(error)
        }
        return try await resolve(did)
    }
}

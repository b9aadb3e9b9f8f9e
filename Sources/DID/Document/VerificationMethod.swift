import JSONModel

/// A verification method (DID Core §5.2): a public key with an id, a type and a controller.
///
/// The key material may be in any of the encodings DID documents use in practice:
/// `publicKeyJwk` (JsonWebKey2020, JsonWebKey), `publicKeyMultibase` (Multikey and the 2020
/// suites) or `publicKeyBase58` (the 2018/2019 suites that older documents, and the did:key
/// test vectors, still use). ``publicKey()`` turns any of them into a `PublicKey`.
public struct VerificationMethod: Sendable, Hashable {
    /// The id, a DID URL as written: absolute, or relative to the document such as `#key-1`.
    public var id: String
    /// The type, such as `Multikey`, `JsonWebKey2020` or `Ed25519VerificationKey2018`.
    public var type: String
    /// The DID that controls the key; DID Core requires it, did:peer:4 input documents omit it.
    public var controller: DIDIdentifier?
    /// The key as a JWK (public members only).
    public var publicKeyJwk: JSONObject?
    /// The key as a multibase, multicodec-prefixed string (`z6Mk…`).
    public var publicKeyMultibase: String?
    /// The raw key bytes in base58btc, used by the 2018/2019 suites.
    public var publicKeyBase58: String?
    /// Members this model has no property for, kept so a document round-trips.
    public var additionalMembers: JSONObject

    /// Creates a verification method.
    public init(
        id: String, type: String, controller: DIDIdentifier?, publicKeyJwk: JSONObject? = nil,
        publicKeyMultibase: String? = nil, publicKeyBase58: String? = nil,
        additionalMembers: JSONObject = JSONObject()
    ) {
        self.id = id
        self.type = type
        self.controller = controller
        self.publicKeyJwk = publicKeyJwk
        self.publicKeyMultibase = publicKeyMultibase
        self.publicKeyBase58 = publicKeyBase58
        self.additionalMembers = additionalMembers
    }

    /// The id as an absolute DID URL, resolving a relative id against the document's DID.
    public func absoluteID(relativeTo base: DIDIdentifier) throws(DIDError) -> DIDURL {
        try DIDURL(id, relativeTo: base)
    }
}

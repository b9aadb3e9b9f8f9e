import JOSE
import JSONModel

/// The SD-JWT VC issuer key resolution: picks the mechanism by what the credential carries.
///
/// An `x5c` header goes to the certificate resolver; a DID `kid` or `iss` to the DID
/// resolver (which takes a DID key only for an `iss` that is that DID); an http(s) `iss` to
/// the issuer metadata resolver. A mechanism the caller did
/// not configure is not tried, and nothing falls back to another mechanism: a credential
/// whose `x5c` chain is untrusted is refused, not retried through metadata.
public struct SDJWTVCIssuerKeyResolver: SDJWTIssuerKeyResolver {
    /// For `x5c` headers.
    public var certificates: X5CIssuerKeyResolver?
    /// For `https` issuers.
    public var metadata: IssuerMetadataKeyResolver?
    /// For DID issuers.
    public var dids: DIDIssuerKeyResolver?

    /// A resolver with the given mechanisms.
    public init(
        certificates: X5CIssuerKeyResolver? = nil, metadata: IssuerMetadataKeyResolver? = nil,
        dids: DIDIssuerKeyResolver? = nil
    ) {
        self.certificates = certificates
        self.metadata = metadata
        self.dids = dids
    }

    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        if header.certificateChain != nil {
            guard let certificates else { throw .issuerKeyNotFound("x5c is present but no trust anchors are configured") }
            return try await certificates.issuerKey(for: header, payload: payload)
        }
        let iss = payload["iss"]?.stringValue ?? ""
        if header.keyID?.hasPrefix("did:") == true || iss.hasPrefix("did:") {
            guard let dids else { throw .issuerKeyNotFound("a DID issuer but no DID resolver is configured") }
            return try await dids.issuerKey(for: header, payload: payload)
        }
        if iss.hasPrefix("https://") || iss.hasPrefix("http://") {
            guard let metadata else { throw .issuerKeyNotFound("no issuer metadata resolver is configured") }
            return try await metadata.issuerKey(for: header, payload: payload)
        }
        throw .issuerKeyNotFound("the credential has no x5c, DID or https issuer")
    }
}

import Foundation
import HTTP
import JSONModel

/// Fetches a credential issuer's metadata from its well-known location and binds it to the
/// issuer identifier (OpenID4VCI 1.0 §12.2.2).
///
/// The identifier comes from an untrusted offer, so the answer is only used when its
/// `credential_issuer` is exactly that identifier (simple string comparison, no
/// normalization): otherwise an offer could borrow another issuer's metadata. Signed metadata
/// is verified according to ``SignedMetadataPolicy``.
public struct CredentialIssuerMetadataResolver: Sendable {
    /// The transport for the GET.
    public let httpClient: any HTTPClient
    /// Which URLs may be contacted, for the metadata URL and every endpoint in it.
    public let transport: TransportSecurityPolicy
    /// How signed metadata is handled.
    public let signedMetadata: SignedMetadataPolicy
    /// The largest metadata document accepted, in bytes.
    public let maximumBytes: Int

    /// A resolver over `httpClient`; by default signatures are ignored and documents above
    /// 1 MiB are refused.
    public init(
        httpClient: any HTTPClient, transport: TransportSecurityPolicy = .default,
        signedMetadata: SignedMetadataPolicy = .ignore, maximumBytes: Int = 1 << 20
    ) {
        self.httpClient = httpClient
        self.transport = transport
        self.signedMetadata = signedMetadata
        self.maximumBytes = maximumBytes
    }

    /// The well-known metadata URL of an issuer: `/.well-known/openid-credential-issuer`
    /// inserted between the host and the path.
    public static func metadataURL(for issuer: URL) -> URL? {
        WellKnownLocation.inserting("openid-credential-issuer", into: issuer)
    }

    /// Fetches, verifies and parses the metadata of `issuer`.
    public func metadata(for issuer: URL) async throws(OpenID4VCIError) -> CredentialIssuerMetadata {
        try transport.check(issuer, name: "credential_issuer")
        guard let url = Self.metadataURL(for: issuer) else {
            throw .invalidIssuerMetadata(path: "(url)", reason: "cannot build the well-known URL for \(issuer.absoluteString)")
        }
        let endpoint = IssuerEndpoint.issuerMetadata
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": signedMetadata.acceptHeader])
        } catch {
            throw .transport(endpoint: endpoint, error)
        }
        guard response.status == 200 else { throw .invalidResponse(endpoint: endpoint, reason: "HTTP \(response.status) from \(url.absoluteString)") }
        guard response.body.count <= maximumBytes else {
            throw .invalidResponse(endpoint: endpoint, reason: "the metadata is larger than \(maximumBytes) bytes")
        }
        let mediaType = response.mediaType
        var document: JSONObject
        var signedClaims: JSONObject?
        switch mediaType ?? "" {
        case "application/jwt", "application/openidvci-issuer-metadata+jwt":
            guard let trust = signedMetadata.trust else {
                throw .signedMetadataRejected("the issuer answered with signed metadata and no signer is trusted")
            }
            let token = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let claims = try await SignedMetadataVerifier(trust: trust, clock: signedMetadata.clock)
                .verify(token, issuer: issuer.absoluteString)
            document = claims
            signedClaims = claims
        case "application/json":
            document = try Self.parseObject(response.body, endpoint: endpoint, limit: maximumBytes)
            if let trust = signedMetadata.trust, let signed = document["signed_metadata"] {
                guard let token = signed.stringValue else {
                    throw .signedMetadataRejected("signed_metadata is not a string")
                }
                signedClaims = try await SignedMetadataVerifier(trust: trust, clock: signedMetadata.clock)
                    .verify(token, issuer: issuer.absoluteString)
            }
        default:
            throw .invalidResponse(endpoint: endpoint, reason: "Content-Type \(mediaType ?? "missing"), not application/json")
        }
        if signedMetadata.requiresSignature, signedClaims == nil {
            throw .signedMetadataRejected("the policy requires signed metadata and the issuer sent none")
        }
        if let signedClaims {
            // Signed values take precedence over unsigned ones (§12.2.3).
            for (name, value) in signedClaims where !Self.jwtOnlyClaims.contains(name) { document[name] = value }
        }
        // The identifier check compares the text as written, before any URL parsing.
        if let written = document["credential_issuer"]?.stringValue, written != issuer.absoluteString {
            throw .credentialIssuerMismatch(expected: issuer.absoluteString, actual: written)
        }
        var metadata = try CredentialIssuerMetadata(json: .object(document), transport: transport)
        metadata.isSigned = signedClaims != nil
        return metadata
    }

    /// JWT claims of signed metadata that are not metadata parameters.
    static let jwtOnlyClaims: Set<String> = ["iss", "sub", "iat", "exp", "nbf", "jti"]

    /// Parses a JSON object body with limits sized for metadata.
    static func parseObject(_ body: Data, endpoint: IssuerEndpoint, limit: Int) throws(OpenID4VCIError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body, limits: JSONParser.Limits(maximumSize: limit, maximumDepth: 32))
        } catch {
            throw .invalidResponse(endpoint: endpoint, reason: "the body is not JSON: \(error)")
        }
        guard case let .object(object) = value else { throw .invalidResponse(endpoint: endpoint, reason: "the body is not a JSON object") }
        return object
    }
}

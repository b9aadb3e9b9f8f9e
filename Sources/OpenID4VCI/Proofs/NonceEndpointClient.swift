import Foundation
import HTTP
import JSONModel

/// Fetches a fresh `c_nonce` from the credential issuer's nonce endpoint (OpenID4VCI 1.0 §7).
///
/// Key proofs must carry a nonce the issuer handed out, so the wallet asks for one before each
/// credential request and again when the issuer answers `invalid_nonce`. The endpoint is not
/// a protected resource: no access token is sent.
public struct NonceEndpointClient: Sendable {
    /// A nonce response.
    public struct Response: Sendable, Hashable {
        /// The `c_nonce` to put in key proofs.
        public var cNonce: String
        /// A `DPoP-Nonce` header the issuer sent along (RFC 9449 §8.2), for the next DPoP proof
        /// at the credential endpoint.
        public var dpopNonce: String?

        public init(cNonce: String, dpopNonce: String? = nil) {
            self.cNonce = cNonce
            self.dpopNonce = dpopNonce
        }
    }

    /// The longest nonce response accepted, in bytes.
    public static let maximumResponseBytes = 16 * 1024
    /// The longest `c_nonce` accepted, in characters.
    public static let maximumNonceLength = 1024

    public let httpClient: any HTTPClient
    /// `nonce_endpoint` from the issuer metadata.
    public let url: URL

    public init(httpClient: any HTTPClient, url: URL) {
        self.httpClient = httpClient
        self.url = url
    }

    /// POSTs an empty request and reads `{"c_nonce": …}`.
    ///
    /// The answer must be 2xx `application/json` and uncacheable (`Cache-Control: no-store`,
    /// which §7.2 requires because a cached nonce would be replayed).
    public func fetchNonce() async throws(OpenID4VCIError) -> Response {
        let response: HTTPResponse
        do {
            response = try await httpClient.send(HTTPRequest(
                method: .post, url: url, headers: ["Accept": "application/json", "Content-Length": "0"], body: Data()))
        } catch {
            throw .transport(endpoint: .nonce, error)
        }
        try response.checkSize(Self.maximumResponseBytes, endpoint: .nonce)
        guard response.isSuccess else { throw response.issuerFailure(endpoint: .nonce) }
        guard response.mediaType == "application/json" else {
            throw .invalidResponse(endpoint: .nonce, reason: "Content-Type \(response.mediaType ?? "missing"), not application/json")
        }
        let cacheControl = response.headers.values(for: "Cache-Control").joined(separator: ",").lowercased()
        guard cacheControl.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "no-store" }) else {
            throw .invalidResponse(endpoint: .nonce, reason: "the nonce response is cacheable (no Cache-Control: no-store)")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: response.body, limits: .init(maximumSize: Self.maximumResponseBytes, maximumDepth: 8))
        } catch {
            throw .invalidResponse(endpoint: .nonce, reason: "the body is not JSON: \(error)")
        }
        guard let nonce = json["c_nonce"]?.stringValue, !nonce.isEmpty, nonce.count <= Self.maximumNonceLength else {
            throw .invalidResponse(endpoint: .nonce, reason: "c_nonce is missing, not a string, empty or too long")
        }
        return Response(cNonce: nonce, dpopNonce: response.headers["DPoP-Nonce"])
    }
}

import Foundation
import HTTP
import JSONModel

/// Finds the authorization server for an issuance and fetches its metadata.
///
/// For each identifier, RFC 8414's `/.well-known/oauth-authorization-server` (inserted before
/// the path) is tried first, then OpenID Connect's `/.well-known/openid-configuration`; the
/// document's `issuer` must equal the identifier, or a server could impersonate another.
public struct AuthorizationServerMetadataResolver: Sendable {
    /// The transport for the GETs.
    public let httpClient: any HTTPClient
    /// Which URLs may be contacted.
    public let transport: TransportSecurityPolicy
    /// The largest metadata document accepted, in bytes.
    public let maximumBytes: Int

    /// A resolver over `httpClient`; metadata documents above `maximumBytes` are refused.
    public init(httpClient: any HTTPClient, transport: TransportSecurityPolicy = .default, maximumBytes: Int = 256 * 1024) {
        self.httpClient = httpClient
        self.transport = transport
        self.maximumBytes = maximumBytes
    }

    /// The metadata of the authorization server `issuer`.
    public func metadata(issuer: URL) async throws(OpenID4VCIError) -> AuthorizationServerMetadata {
        try transport.check(issuer, name: "authorization server")
        let candidates = [
            WellKnownLocation.inserting("oauth-authorization-server", into: issuer),
            WellKnownLocation.appending("openid-configuration", to: issuer),
        ].compactMap { $0 }
        var lastError = OpenID4VCIError.authorizationServerUnavailable("no metadata location for \(issuer.absoluteString)")
        for url in candidates {
            let response: HTTPResponse
            do {
                response = try await httpClient.get(url, headers: ["Accept": "application/json"])
            } catch {
                lastError = .transport(endpoint: .authorizationServerMetadata, error)
                continue
            }
            // Not published here: try the next location. Anything else is this server's answer.
            guard response.status == 200 else {
                lastError = .invalidResponse(endpoint: .authorizationServerMetadata, reason: "HTTP \(response.status) from \(url.absoluteString)")
                continue
            }
            guard response.body.count <= maximumBytes else {
                throw .invalidResponse(endpoint: .authorizationServerMetadata, reason: "the metadata is larger than \(maximumBytes) bytes")
            }
            let object = try CredentialIssuerMetadataResolver.parseObject(
                response.body, endpoint: .authorizationServerMetadata, limit: maximumBytes)
            let written = object["issuer"]?.stringValue
            guard written == issuer.absoluteString else {
                throw .invalidAuthorizationServerMetadata(
                    issuer: issuer.absoluteString, reason: "issuer is \(written ?? "missing"), not \(issuer.absoluteString)")
            }
            return try AuthorizationServerMetadata(json: .object(object), transport: transport)
        }
        throw lastError
    }

    /// The authorization server to use for `grantType` with this issuer.
    ///
    /// With a `hint` (an offer grant's `authorization_server`), that server is used and must be
    /// one the issuer lists (§12.2.4: otherwise the wallet must not proceed). Without one, the
    /// issuer's servers are tried in order and the first that answers and supports the grant
    /// type wins.
    public func metadata(
        for issuer: CredentialIssuerMetadata, hint: URL? = nil, grantType: String? = nil
    ) async throws(OpenID4VCIError) -> AuthorizationServerMetadata {
        let servers = issuer.effectiveAuthorizationServers
        if let hint {
            guard servers.contains(where: { $0.absoluteString == hint.absoluteString }) else {
                throw .authorizationServerUnavailable(
                    "the offer names \(hint.absoluteString), which the issuer's authorization_servers do not list")
            }
            return try await metadata(issuer: hint)
        }
        var failures = [String]()
        for server in servers {
            do {
                let metadata = try await metadata(issuer: server)
                if let grantType, !metadata.supports(grantType: grantType) {
                    failures.append("\(server.absoluteString) does not support \(grantType)")
                    continue
                }
                return metadata
            } catch {
                if servers.count == 1 { throw error }
                failures.append(error.description)
            }
        }
        throw .authorizationServerUnavailable(failures.joined(separator: "; "))
    }
}

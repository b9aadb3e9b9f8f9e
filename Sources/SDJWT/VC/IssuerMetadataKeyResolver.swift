import Foundation
import HTTP
import JOSE
import JSONModel

/// Finds an SD-JWT VC issuer's key in its JWT VC Issuer Metadata
/// (`/.well-known/jwt-vc-issuer`), fetched over ``HTTP``.
///
/// The metadata's `issuer` must equal the credential's `iss` (otherwise one host could
/// publish keys for another issuer), it must carry exactly one of `jwks` and `jwks_uri`, and
/// the key is picked by the header's `kid` (a set of one key matches a header without one).
/// The HTTP client's policy decides which schemes are allowed (https, or http to loopback).
public struct IssuerMetadataKeyResolver: SDJWTIssuerKeyResolver {
    /// Fetches the metadata and `jwks_uri`.
    public let httpClient: any HTTPClient
    /// The largest metadata or JWK set document accepted, in bytes.
    public let maximumDocumentBytes: Int

    /// A resolver fetching with `httpClient`.
    public init(httpClient: any HTTPClient, maximumDocumentBytes: Int = 256 * 1024) {
        self.httpClient = httpClient
        self.maximumDocumentBytes = maximumDocumentBytes
    }

    /// The metadata URL for `iss`: the well-known segment inserted between host and path.
    public static func metadataURL(for iss: String) -> URL? {
        guard var components = URLComponents(string: iss), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", components.host?.isEmpty == false,
              components.query == nil, components.fragment == nil
        else { return nil }
        var path = components.path
        if path.hasSuffix("/") { path.removeLast() }
        components.path = "/.well-known/jwt-vc-issuer" + path
        return components.url
    }

    /// The key named by the header's `kid` in the metadata of the payload's `iss`; `nil`
    /// when `iss` is not an http(s) URL.
    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        guard case .string(let iss)? = payload["iss"], let url = Self.metadataURL(for: iss) else { return nil }
        let metadata = try await document(at: url, what: "issuer metadata")
        guard case .string(let issuer)? = metadata["issuer"], issuer == iss else {
            throw .issuerKeyNotFound("the issuer metadata at \(url) is not for \(iss)")
        }
        let jwks: JSONObject
        switch (metadata["jwks"], metadata["jwks_uri"]) {
        case (.object(let inline)?, nil):
            jwks = inline
        case (nil, .string(let uri)?):
            guard let jwksURL = URL(string: uri) else { throw .issuerKeyNotFound("jwks_uri is not a URL") }
            jwks = try await document(at: jwksURL, what: "JWK set")
        default:
            throw .issuerKeyNotFound("the issuer metadata must have exactly one of jwks and jwks_uri")
        }
        let key: JWSVerificationKey?
        do {
            key = try JWKSet(json: JSONValue.object(jwks).serialized()).verificationKey(for: header)
        } catch {
            throw .issuerKeyNotFound("the issuer's JWK set is unusable: \(error)")
        }
        guard let key else {
            throw .issuerKeyNotFound("the issuer metadata has no key \(header.keyID ?? "(no kid)")")
        }
        return key
    }

    /// GETs `url` and parses a JSON object.
    private func document(at url: URL, what: String) async throws(SDJWTError) -> JSONObject {
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/json"])
        } catch {
            throw .issuerKeyNotFound("could not fetch the \(what) at \(url): \(error)")
        }
        guard response.isSuccess else { throw .issuerKeyNotFound("the \(what) at \(url) answered \(response.status)") }
        guard response.body.count <= maximumDocumentBytes else {
            throw .limitExceeded("the \(what) is larger than \(maximumDocumentBytes) bytes")
        }
        guard let object = (try? JSONParser().parse(response.body))?.objectValue else {
            throw .issuerKeyNotFound("the \(what) at \(url) is not a JSON object")
        }
        return object
    }
}

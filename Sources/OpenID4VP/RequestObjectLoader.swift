import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats

/// Fetches and opens request objects (JAR, RFC 9101) as OpenID4VP 1.0 §5 requires.
///
/// `request_uri` is fetched with GET, or with POST carrying `wallet_metadata` and a fresh
/// `wallet_nonce` when the request says `request_uri_method=post` (§5.10); the answer must be
/// a `200` of type `application/oauth-authz-req+jwt`. An encrypted request object is
/// decrypted with the wallet's key. The object must be a JWS with `typ`
/// `oauth-authz-req+jwt`; its signature is checked later, by ``ClientAuthenticator``, with the
/// key the client identifier prefix vouches for.
struct RequestObjectLoader: Sendable {
    static let mediaType = "application/oauth-authz-req+jwt"
    static let maximumBytes = 256 * 1024
    static let selfIssuedAudience = "https://self-issued.me/v2"

    let httpClient: any HTTPClient
    let configuration: WalletConfiguration

    /// The opened request object and, for POST, the wallet nonce it must echo.
    struct Loaded {
        let object: JWSObject
        let claims: JSONObject
    }

    func fetch(_ uri: String, method: String?) async throws(OpenID4VPError) -> Loaded {
        guard let url = URL(string: uri), url.scheme != nil else {
            throw .invalidRequest(parameter: "request_uri", reason: "is not an absolute URL")
        }
        do {
            try HTTPClientPolicy().check(url)
        } catch {
            throw .invalidRequest(parameter: "request_uri", reason: "\(error)")
        }
        let response: HTTPResponse
        var walletNonce: String?
        do {
            switch method ?? "get" {
            case "get":
                response = try await httpClient.get(url, headers: ["Accept": Self.mediaType])
            case "post":
                let nonce = Base64URL.encode(SecureRandom.bytes(16))
                walletNonce = nonce
                response = try await httpClient.postForm(
                    url, form: [("wallet_metadata", JSONValue.object(configuration.walletMetadata).serializedString()),
                                ("wallet_nonce", nonce)],
                    headers: ["Accept": Self.mediaType])
            default:
                throw OpenID4VPError.invalidRequest(parameter: "request_uri_method", reason: "must be get or post")
            }
        } catch let error as HTTPError {
            throw .transport(error)
        } catch let error as OpenID4VPError {
            throw error
        } catch {
            throw .unexpectedResponse("\(error)")
        }
        guard response.status == 200 else {
            throw .unexpectedResponse("HTTP \(response.status) from the request_uri")
        }
        let mediaType = response.mediaType
        guard mediaType == Self.mediaType || mediaType == "application/jwt" else {
            throw .unexpectedResponse("Content-Type \(mediaType ?? "missing"), not \(Self.mediaType)")
        }
        guard response.body.count <= Self.maximumBytes else {
            throw .unexpectedResponse("the request object is larger than \(Self.maximumBytes) bytes")
        }
        let token = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let loaded = try open(token)
        if let walletNonce {
            guard loaded.claims["wallet_nonce"]?.stringValue == walletNonce else {
                throw .invalidRequestObject("the request object does not echo the wallet_nonce the wallet sent")
            }
        }
        return loaded
    }

    /// Decrypts (when a JWE) and parses a request object, checking `typ`, `aud`, `exp`/`iat`.
    func open(_ token: String) throws(OpenID4VPError) -> Loaded {
        var jws = token
        if token.split(separator: ".", omittingEmptySubsequences: false).count == 5 {
            guard let key = configuration.decryptionKey else {
                throw .invalidRequestObject("the request object is encrypted and the wallet has no decryption key")
            }
            do {
                jws = String(decoding: try JWE.decryptCompact(token, key: key).plaintext, as: UTF8.self)
            } catch {
                throw .invalidRequestObject("the encrypted request object cannot be decrypted: \(error)")
            }
        }
        let object: JWSObject
        do {
            object = jws.hasPrefix("{") ? try JWSObject(json: Data(jws.utf8)) : try JWSObject(compact: jws)
        } catch {
            throw .invalidRequestObject("not a JWS: \(error)")
        }
        for signature in object.signatures {
            guard let type = signature.header.type?.lowercased(),
                  type == ClientAuthenticator.requestObjectType || type == "application/\(ClientAuthenticator.requestObjectType)"
            else { throw .invalidRequestObject("typ must be \(ClientAuthenticator.requestObjectType)") }
        }
        guard let encoded = object.encodedPayload else { throw .invalidRequestObject("the request object has no payload") }
        let claims: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: Base64URL.decode(encoded)).objectValue else {
                throw OpenID4VPError.invalidRequestObject("the payload is not a JSON object")
            }
            claims = parsed
        } catch let error as OpenID4VPError {
            throw error
        } catch {
            throw .invalidRequestObject("the payload is not JSON: \(error)")
        }
        try checkTimes(claims)
        try checkAudience(claims)
        return Loaded(object: object, claims: claims)
    }

    private func checkTimes(_ claims: JSONObject) throws(OpenID4VPError) {
        let now = configuration.clock().timeIntervalSince1970
        if let exp = claims["exp"] {
            guard let seconds = exp.doubleValue else { throw .invalidRequestObject("exp is not a number") }
            guard now - seconds <= configuration.clockSkew else { throw .invalidRequestObject("the request object has expired") }
        }
        if let iat = claims["iat"] {
            guard let seconds = iat.doubleValue else { throw .invalidRequestObject("iat is not a number") }
            guard seconds - now <= configuration.clockSkew else { throw .invalidRequestObject("the request object is issued in the future") }
        }
    }

    private func checkAudience(_ claims: JSONObject) throws(OpenID4VPError) {
        guard let aud = claims["aud"] else { return }
        let audiences = aud.arrayValue?.compactMap(\.stringValue) ?? aud.stringValue.map { [$0] } ?? []
        let accepted = [Self.selfIssuedAudience] + (configuration.audience.map { [$0] } ?? [])
        guard audiences.contains(where: accepted.contains) else {
            throw .invalidRequestObject("aud \(audiences) is neither this wallet nor \(Self.selfIssuedAudience)")
        }
    }
}

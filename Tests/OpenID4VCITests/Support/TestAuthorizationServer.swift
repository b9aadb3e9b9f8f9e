import CryptoKeys
import Foundation
import HTTPTypes
import Hummingbird
import JOSE
import JSONModel
import Multiformats
import NIOCore
import VellumTestSupport

/// A credential issuer and OAuth authorization server on loopback for the metadata, token and
/// authorization code tests. It really checks what a real server checks: DPoP proofs
/// (signature with the embedded `jwk`, `typ`, `htm`, `htu`, `iat`, `jti` replay, `nonce`),
/// PKCE (`S256(code_verifier)` against the stored `code_challenge`), `redirect_uri`,
/// `client_id`, pre-authorized code and `tx_code` — so a wallet bug makes a test fail.
final class TestAuthorizationServer: @unchecked Sendable {
    /// What the server does; tests switch the misbehaviours on.
    struct Behaviour: Sendable {
        /// Issuer metadata names a separate authorization server at `/as`.
        var separateAuthorizationServer = true
        /// Publish AS metadata only at `/.well-known/openid-configuration` (OIDC form).
        var onlyOpenIDConfiguration = false
        /// Offer a PAR endpoint / require PAR.
        var pushedAuthorization = true
        var requirePushedAuthorization = false
        /// Advertise RFC 9207 and what `iss` the redirect carries.
        var advertiseIssParameter = true
        var issParameter: IssParameter = .correct
        /// Require DPoP proofs; demand a server nonce first; demand a new nonce every time.
        var requireDPoP = true
        /// `dpop_signing_alg_values_supported`; empty leaves the member out.
        var dpopAlgorithms = ["ES256"]
        var requireDPoPNonce = true
        var alwaysDemandNewNonce = false
        /// The `tx_code` the pre-authorized code needs (nil: none).
        var transactionCode: String? = "493536"
        /// Anonymous pre-authorized access.
        var anonymousAccess = true
        /// Replace the token response: token_type, or the whole body.
        var tokenTypeOverride: String?
        var tokenBodyOverride: String?
        /// Replace the issuer metadata body (`{base}` is replaced with the base URL).
        var issuerMetadataOverride: String?
        var issuerMetadataContentType = "application/json"
        /// Replace the AS metadata `issuer`.
        var authorizationServerIssuerOverride: String?
        /// Answer the authorization request with an error redirect.
        var denyAuthorization = false
        /// Replace the PAR response body and status.
        var pushedAuthorizationBodyOverride: String?
        var pushedAuthorizationStatus: HTTPResponse.Status = .created
    }

    enum IssParameter: Sendable { case correct, wrong, omitted }

    static let preAuthorizedCode = "pre-authorized-SplxlOBeZQQYbYS6WxSbIA"
    static let clientID = "wallet-dev"

    private let lock = NSLock()
    private var behaviourValue: Behaviour
    private var baseValue = ""
    private var nonce = "server-nonce-0"
    private var nonceCounter = 0
    private var seenProofIDs = Set<String>()
    private var codes: [String: (challenge: String, method: String, redirectURI: String, clientID: String, jkt: String?)] = [:]
    private var pushed: [String: (form: [String: String], jkt: String?)] = [:]
    private var tokenForms: [[String: String]] = []
    private var tokenRequests = 0
    private var parRequests = 0
    private var metadataAcceptValue: String?

    /// How many token / PAR requests arrived, and the `Accept` of the latest metadata GET.
    var tokenRequestCount: Int { lock.withLock { tokenRequests } }
    var parRequestCount: Int { lock.withLock { parRequests } }
    var metadataAccept: String? { lock.withLock { metadataAcceptValue } }

    init(_ behaviour: Behaviour = Behaviour()) {
        behaviourValue = behaviour
    }

    /// A server behaving as the defaults, except where `configure` says otherwise.
    convenience init(_ configure: (inout Behaviour) -> Void) {
        var behaviour = Behaviour()
        configure(&behaviour)
        self.init(behaviour)
    }

    var behaviour: Behaviour {
        get { lock.withLock { behaviourValue } }
        set { lock.withLock { behaviourValue = newValue } }
    }

    /// From now on, the default behaviour except that the issuer metadata is `document` served
    /// as `contentType` (`{base}` in it replaced by the base URL).
    func publishIssuerMetadata(_ document: String, contentType: String = "application/json") {
        var behaviour = Behaviour()
        behaviour.issuerMetadataOverride = document
        behaviour.issuerMetadataContentType = contentType
        self.behaviour = behaviour
    }

    var base: String { lock.withLock { baseValue } }
    var issuer: String { base + "/issuer" }
    var authorizationServer: String { behaviour.separateAuthorizationServer ? base + "/as" : issuer }
    var lastTokenForm: [String: String]? { lock.withLock { tokenForms.last } }

    /// Runs the server and hands `body` the base URL.
    func run(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { [self] request, _ -> Response in
            handle(method: "GET", path: request.uri.path, query: request.uri.query ?? "", body: "", headers: request.headers)
        }
        router.post("**") { [self] request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 256 * 1024)
            return handle(method: "POST", path: request.uri.path, query: "", body: String(buffer: buffer), headers: request.headers)
        }
        try await LoopbackHTTPServer.run(router, label: "openid4vci-test-issuer") { port in
            lock.withLock { baseValue = "http://127.0.0.1:\(port)" }
            try await body("http://127.0.0.1:\(port)")
        }
    }

    // MARK: - Routing

    private func handle(method: String, path: String, query: String, body: String, headers: HTTPFields) -> Response {
        let behaviour = self.behaviour
        let asPath = behaviour.separateAuthorizationServer ? "/as" : "/issuer"
        switch (method, path) {
        case ("GET", "/.well-known/openid-credential-issuer/issuer"):
            lock.withLock { metadataAcceptValue = headers[.accept] }
            if let override = behaviour.issuerMetadataOverride {
                return Self.response(.ok, override.replacingOccurrences(of: "{base}", with: base), type: behaviour.issuerMetadataContentType)
            }
            return Self.json(.ok, issuerMetadata())
        case ("GET", "/.well-known/oauth-authorization-server" + asPath):
            return behaviour.onlyOpenIDConfiguration ? Self.response(.notFound, "no", type: "text/plain") : Self.json(.ok, serverMetadata())
        case ("GET", asPath + "/.well-known/openid-configuration"):
            return Self.json(.ok, serverMetadata())
        case ("POST", asPath + "/token"):
            return token(form: Self.form(body), headers: headers, url: base + path)
        case ("POST", asPath + "/par"):
            return pushedAuthorization(form: Self.form(body), headers: headers, url: base + path)
        case ("GET", asPath + "/authorize"):
            return authorize(query: Self.form(query))
        default:
            return Self.response(.notFound, "not found", type: "text/plain")
        }
    }

    func issuerMetadata() -> JSONValue {
        var object: JSONObject = [
            "credential_issuer": .string(issuer),
            "credential_endpoint": .string(issuer + "/credential"),
            "nonce_endpoint": .string(issuer + "/nonce"),
            "credential_configurations_supported": [
                "org.iso.18013.5.1.mDL": [
                    "format": "mso_mdoc", "doctype": "org.iso.18013.5.1.mDL", "scope": "mdl",
                    "cryptographic_binding_methods_supported": ["cose_key"],
                    "credential_signing_alg_values_supported": [-7],
                    "proof_types_supported": ["jwt": ["proof_signing_alg_values_supported": ["ES256"]]],
                ],
                "pid": [
                    "format": "dc+sd-jwt", "vct": "urn:eudi:pid:1", "scope": "pid",
                    "cryptographic_binding_methods_supported": ["jwk"],
                    "proof_types_supported": ["jwt": ["proof_signing_alg_values_supported": ["ES256"]]],
                ],
            ],
        ]
        if behaviour.separateAuthorizationServer { object["authorization_servers"] = [.string(authorizationServer)] }
        return .object(object)
    }

    func serverMetadata() -> JSONValue {
        let behaviour = self.behaviour
        let server = authorizationServer
        var object: JSONObject = [
            "issuer": .string(behaviour.authorizationServerIssuerOverride ?? server),
            "authorization_endpoint": .string(server + "/authorize"),
            "token_endpoint": .string(server + "/token"),
            "code_challenge_methods_supported": ["S256"],
            "grant_types_supported": ["authorization_code", "urn:ietf:params:oauth:grant-type:pre-authorized_code"],
            "pre-authorized_grant_anonymous_access_supported": .bool(behaviour.anonymousAccess),
            "authorization_response_iss_parameter_supported": .bool(behaviour.advertiseIssParameter),
        ]
        if behaviour.pushedAuthorization { object["pushed_authorization_request_endpoint"] = .string(server + "/par") }
        if behaviour.requirePushedAuthorization { object["require_pushed_authorization_requests"] = true }
        if !behaviour.dpopAlgorithms.isEmpty {
            object["dpop_signing_alg_values_supported"] = .array(behaviour.dpopAlgorithms.map(JSONValue.string))
        }
        return .object(object)
    }

    // MARK: - DPoP

    /// Checks the request's DPoP proof; returns the key thumbprint, or the error response.
    private func checkDPoP(headers: HTTPFields, url: String) -> Result<String?, ResponseError> {
        let behaviour = self.behaviour
        guard let name = HTTPField.Name("DPoP"), let proof = headers[name] else {
            return behaviour.requireDPoP ? .failure(.init(error: "invalid_dpop_proof", description: "no DPoP header")) : .success(nil)
        }
        do {
            let object = try JWSObject(compact: proof)
            guard let header = object.signatures.first?.header, let jwk = try header.embeddedKey() else {
                return .failure(.init(error: "invalid_dpop_proof", description: "no jwk"))
            }
            let verified = try JWT.verify(
                proof, key: JWSVerificationKey(jwk: jwk), policy: JWSPolicy(requiredType: "dpop+jwt"),
                validator: JWTValidator(maximumAge: 120, requiredClaims: ["jti", "htm", "htu", "iat"]))
            let claims = verified.claims
            guard claims["htm"] == "POST", claims["htu"]?.stringValue == url else {
                return .failure(.init(error: "invalid_dpop_proof", description: "htm/htu"))
            }
            guard claims["ath"] == nil else { return .failure(.init(error: "invalid_dpop_proof", description: "ath at the AS")) }
            let fresh = lock.withLock { seenProofIDs.insert(claims.tokenID ?? "").inserted }
            guard fresh else { return .failure(.init(error: "invalid_dpop_proof", description: "jti replayed")) }
            let current = lock.withLock { () -> String in
                if behaviour.alwaysDemandNewNonce {
                    nonceCounter += 1
                    nonce = "server-nonce-\(nonceCounter)"
                }
                return nonce
            }
            if behaviour.requireDPoPNonce || behaviour.alwaysDemandNewNonce, claims.nonce != current || behaviour.alwaysDemandNewNonce {
                return .failure(.init(error: "use_dpop_nonce", description: "use the nonce", nonce: current))
            }
            return .success(try jwk.thumbprintString())
        } catch {
            return .failure(.init(error: "invalid_dpop_proof", description: "\(error)"))
        }
    }

    struct ResponseError: Error {
        var error: String
        var description: String
        var nonce: String?
    }

    // MARK: - Endpoints

    private func token(form: [String: String], headers: HTTPFields, url: String) -> Response {
        lock.withLock {
            tokenRequests += 1
            tokenForms.append(form)
        }
        let behaviour = self.behaviour
        let jkt: String?
        switch checkDPoP(headers: headers, url: url) {
        case let .failure(error): return Self.oauthError(error)
        case let .success(thumbprint): jkt = thumbprint
        }
        switch form["grant_type"] {
        case "urn:ietf:params:oauth:grant-type:pre-authorized_code"?:
            guard form["pre-authorized_code"] == Self.preAuthorizedCode else { return Self.oauthError(.init(error: "invalid_grant", description: "unknown code")) }
            switch (behaviour.transactionCode, form["tx_code"]) {
            case (nil, nil): break
            case (nil, _?), (_?, nil): return Self.oauthError(.init(error: "invalid_request", description: "tx_code"))
            case let (expected?, given?):
                guard expected == given else { return Self.oauthError(.init(error: "invalid_grant", description: "wrong tx_code")) }
            }
            if !behaviour.anonymousAccess, form["client_id"] == nil {
                return Self.oauthError(.init(error: "invalid_client", description: "client_id required"))
            }
        case "authorization_code"?:
            guard let code = form["code"], let issued = lock.withLock({ codes.removeValue(forKey: code) }) else {
                return Self.oauthError(.init(error: "invalid_grant", description: "unknown or used code"))
            }
            guard form["redirect_uri"] == issued.redirectURI, form["client_id"] == issued.clientID else {
                return Self.oauthError(.init(error: "invalid_grant", description: "redirect_uri or client_id differ"))
            }
            // RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge.
            let verifier = form["code_verifier"] ?? ""
            let computed = Base64URL.encode(DigestAlgorithm.sha256.hash(Data(verifier.utf8)))
            guard issued.method == "S256", (43...128).contains(verifier.count), computed == issued.challenge else {
                return Self.oauthError(.init(error: "invalid_grant", description: "PKCE verification failed"))
            }
            if let bound = issued.jkt, bound != jkt {
                return Self.oauthError(.init(error: "invalid_dpop_proof", description: "code bound to another key"))
            }
        default:
            return Self.oauthError(.init(error: "unsupported_grant_type", description: form["grant_type"] ?? "none"))
        }
        if let body = behaviour.tokenBodyOverride { return Self.response(.ok, body, type: "application/json") }
        var response: JSONObject = [
            "access_token": .string("at-" + UUID().uuidString),
            "token_type": .string(behaviour.tokenTypeOverride ?? (jkt == nil ? "Bearer" : "DPoP")),
            "expires_in": 300,
        ]
        if let details = form["authorization_details"], case let .array(entries)? = try? JSONValue(parsing: details) {
            response["authorization_details"] = .array(entries.map { entry in
                var object = entry.objectValue ?? JSONObject()
                let id = object["credential_configuration_id"]?.stringValue ?? "?"
                object["credential_identifiers"] = [.string("\(id)-dataset-1"), .string("\(id)-dataset-2")]
                return .object(object)
            })
        }
        return Self.json(.ok, .object(response))
    }

    private func pushedAuthorization(form: [String: String], headers: HTTPFields, url: String) -> Response {
        lock.withLock { parRequests += 1 }
        let behaviour = self.behaviour
        let jkt: String?
        switch checkDPoP(headers: headers, url: url) {
        case let .failure(error): return Self.oauthError(error)
        case let .success(thumbprint): jkt = thumbprint
        }
        guard form["response_type"] == "code", form["client_id"] == Self.clientID, form["code_challenge"] != nil,
              form["code_challenge_method"] == "S256", form["redirect_uri"] != nil, form["state"] != nil
        else { return Self.oauthError(.init(error: "invalid_request", description: "missing parameters")) }
        if let body = behaviour.pushedAuthorizationBodyOverride {
            return Self.response(behaviour.pushedAuthorizationStatus, body, type: "application/json")
        }
        let requestURI = "urn:ietf:params:oauth:request_uri:" + UUID().uuidString
        lock.withLock { pushed[requestURI] = (form, jkt) }
        return Self.json(.created, ["request_uri": .string(requestURI), "expires_in": 60])
    }

    private func authorize(query: [String: String]) -> Response {
        let behaviour = self.behaviour
        var parameters = query
        var jkt: String?
        if let requestURI = query["request_uri"] {
            guard let entry = lock.withLock({ pushed.removeValue(forKey: requestURI) }), entry.form["client_id"] == query["client_id"] else {
                return Self.response(.badRequest, "unknown request_uri", type: "text/plain")
            }
            parameters = entry.form
            jkt = entry.jkt
        } else if behaviour.requirePushedAuthorization {
            return Self.response(.badRequest, "PAR required", type: "text/plain")
        }
        guard parameters["response_type"] == "code", let challenge = parameters["code_challenge"],
              let method = parameters["code_challenge_method"], let redirect = parameters["redirect_uri"],
              let clientID = parameters["client_id"], let state = parameters["state"],
              var components = URLComponents(string: redirect)
        else { return Self.response(.badRequest, "bad authorization request", type: "text/plain") }
        var items = [URLQueryItem]()
        if behaviour.denyAuthorization {
            items = [URLQueryItem(name: "error", value: "access_denied"), URLQueryItem(name: "error_description", value: "the user said no")]
        } else {
            let code = "code-" + UUID().uuidString
            lock.withLock { codes[code] = (challenge, method, redirect, clientID, jkt) }
            items = [URLQueryItem(name: "code", value: code)]
        }
        items.append(URLQueryItem(name: "state", value: state))
        switch behaviour.issParameter {
        case .correct: items.append(URLQueryItem(name: "iss", value: authorizationServer))
        case .wrong: items.append(URLQueryItem(name: "iss", value: "https://attacker.example"))
        case .omitted: break
        }
        components.queryItems = items
        return Response(status: .found, headers: [.location: components.url?.absoluteString ?? redirect])
    }

    // MARK: - Encoding

    static func form(_ text: String) -> [String: String] {
        var form = [String: String]()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            form[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return form
    }

    static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        response(status, value.serializedString(), type: "application/json")
    }

    static func response(_ status: HTTPResponse.Status, _ text: String, type: String, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func oauthError(_ error: ResponseError) -> Response {
        var headers = HTTPFields()
        if let nonce = error.nonce, let name = HTTPField.Name("DPoP-Nonce") { headers[name] = nonce }
        let body: JSONValue = ["error": .string(error.error), "error_description": .string(error.description)]
        return response(.badRequest, body.serializedString(), type: "application/json", extra: headers)
    }
}

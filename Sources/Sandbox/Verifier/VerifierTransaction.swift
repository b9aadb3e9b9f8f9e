import CryptoKeys
import DCQL
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VP

/// One presentation request the sandbox verifier made, and what it needs to check the answer:
/// the nonce, the state, the query and the ephemeral key responses are encrypted to.
public struct VerifierTransaction: Sendable {
    /// The transaction id in the request and response URLs.
    public let id: String
    /// The client identifier the request was sent under.
    public let clientID: String
    /// How the request is authenticated.
    public let authentication: VerifierAuthentication
    /// The query the verifier asked.
    public let query: DCQLQuery
    /// The query as JSON, as it goes into the request object.
    public let queryJSON: JSONValue
    /// The nonce presentations must be bound to.
    public let nonce: String
    /// The state the response must echo.
    public let state: String
    /// How the wallet must answer.
    public let responseMode: ResponseMode
    /// Where the answer goes: the `response_uri` the wallet posts to, or for `query` and
    /// `fragment` the `redirect_uri` the browser brings it to. The mdoc session transcript
    /// binds it either way.
    public let responseURI: URL
    /// The ephemeral key `direct_post.jwt` responses are encrypted to.
    let encryptionKey: PrivateKey
    /// The `kid` of ``encryptionKey``.
    let encryptionKeyID: String

    init(
        id: String, clientID: String, authentication: VerifierAuthentication, queryJSON: JSONValue,
        responseMode: ResponseMode, responseURI: URL
    ) throws(DCQLError) {
        self.id = id
        self.clientID = clientID
        self.authentication = authentication
        self.queryJSON = queryJSON
        self.query = try DCQLQuery(json: queryJSON)
        self.nonce = Base64URL.encode(SecureRandom.bytes(16))
        self.state = Base64URL.encode(SecureRandom.bytes(16))
        self.responseMode = responseMode
        self.responseURI = responseURI
        self.encryptionKey = PrivateKey(curve: .p256)
        self.encryptionKeyID = "enc-\(id)"
    }

    /// The public encryption JWK, as published in `client_metadata.jwks`.
    var encryptionJWK: JWK {
        var jwk = JWK(publicKey: encryptionKey.publicKey, keyID: encryptionKeyID)
        jwk.alg = "ECDH-ES"
        jwk.use = "enc"
        return jwk
    }

    /// The request object claims (OpenID4VP 1.0 §5), echoing `walletNonce` when the wallet
    /// posted one.
    func requestObjectClaims(walletNonce: String?, now: Date) -> JSONObject {
        var claims: JSONObject = [
            "client_id": .string(clientID), "response_type": "vp_token", "response_mode": .string(responseMode.rawValue),
            responseMode.postsToResponseURI ? "response_uri" : "redirect_uri": .string(responseURI.absoluteString),
            "nonce": .string(nonce), "state": .string(state),
            "dcql_query": queryJSON, "aud": "https://self-issued.me/v2",
            "iat": .number(JSONNumber(Int(now.timeIntervalSince1970))),
            "exp": .number(JSONNumber(Int(now.timeIntervalSince1970) + 600)),
            "client_metadata": [
                "client_name": "Vellum Sandbox Verifier",
                "jwks": ["keys": [(try? JSONValue(parsing: encryptionJWK.jsonData())) ?? .null]],
                "encrypted_response_enc_values_supported": ["A128GCM", "A256GCM"],
                "vp_formats_supported": [
                    "dc+sd-jwt": ["sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"]],
                    "mso_mdoc": ["issuerauth_alg_values": [-7], "deviceauth_alg_values": [-7]],
                ],
            ],
        ]
        if let walletNonce { claims["wallet_nonce"] = .string(walletNonce) }
        return claims
    }
}

import CryptoKeys
import Foundation
import Hummingbird
import JOSE
import JSONModel
import Multiformats
import NIOCore
import OpenID4VCI
import VellumTestSupport

/// How the test issuer behaves: the honest defaults, and the switches the negative tests flip.
struct TestIssuerConfiguration: Sendable {
    enum Tampering: Sendable { case none, ciphertext, wrongKeyID, wrongEncryption, plaintext }

    var issuerID = "https://issuer.test"
    var accessToken = "access-token-1"
    /// When set, the token is DPoP-bound to this JWK thumbprint and proofs are verified.
    var dpopThumbprint: String?
    /// Demand a server DPoP nonce (RFC 9449 §9) before accepting a proof.
    var requiresDPoPNonce = false
    /// Answer `use_dpop_nonce` to every request, whatever the proof says.
    var dpopNonceLoop = false
    /// The `iss` key proofs must carry (`nil`: none, anonymous pre-authorized access).
    var expectedClientID: String?
    var batchSize = 1
    /// When set, every proof needs a `key_attestation` signed by this key naming the proof key.
    var attestationKey: PublicKey?
    /// Answer `invalid_nonce` this many times before checking nonces honestly.
    var invalidNonceAnswers = 0
    /// `nil`: issue at once; `n`: defer, answer pending `n` times, then issue.
    var pendingPolls: Int?
    /// When set, requests must be encrypted to this key (kid `issuer-enc-1`).
    var requestKey: PrivateKey?
    var tampering = Tampering.none
    /// When set, the credential endpoint answers exactly this.
    var rawCredentialAnswer: TestAnswer?
    var format = "dc+sd-jwt"
    /// Omit `Cache-Control: no-store` from nonce responses.
    var cacheableNonce = false
    /// Hand out the DPoP nonce with every `c_nonce` (OpenID4VCI 1.0 §7.2).
    var dpopNonceWithCNonce = false
}

/// A response the test issuer sends.
struct TestAnswer: Error, Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: Data = Data()

    static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> TestAnswer {
        TestAnswer(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + headers,
                   body: value.serialized(.compact))
    }

    static func error(_ code: String, _ description: String, status: Int = 400) -> TestAnswer {
        json(["error": .string(code), "error_description": .string(description)], status: status)
    }

    var response: Response {
        var fields = HTTPFields()
        for (name, value) in headers { fields[.init(name)!] = value }
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// A request as the test issuer sees it: lower-cased header names, the URL the client used.
struct TestRequest: Sendable {
    var headers: [String: String]
    var url: String
    var body: Data
}

/// An OpenID4VCI credential issuer for the client tests, over real loopback HTTP. It checks
/// what a real issuer checks — the access token, DPoP proofs with `ath`, `htm`, `htu`, `jti`
/// and nonce, key proof signatures and claims, key attestations, request encryption — and
/// encrypts its answers to the JWK the client sent, so every client-side check can fail.
actor TestIssuer {
    let configuration: TestIssuerConfiguration
    var issuedNonces = Set<String>()
    var invalidNonceAnswersSent = 0
    var dpopNonce: String?
    var seenProofIDs = Set<String>()
    var useDPoPNonceAnswers = 0
    var credentialRequests = 0
    var nonceRequests = 0
    var deferredPolls = 0
    var pendingCredentials: [JSONValue] = []
    var notifications: [JSONObject] = []
    var lastRequest: JSONObject?
    var lastDeferredRequest: JSONObject?
    var lastProofClaims: [JWTClaims] = []
    var lastProofHeaders: [JOSEHeader] = []

    init(_ configuration: TestIssuerConfiguration) {
        self.configuration = configuration
    }

    static let requestKeyID = "issuer-enc-1"

    /// Runs the issuer on loopback for `body`, which gets the issuer and its endpoints.
    static func run(
        _ configuration: TestIssuerConfiguration = TestIssuerConfiguration(),
        _ body: @Sendable (TestIssuer, CredentialIssuerEndpoints) async throws -> Void
    ) async throws {
        let issuer = TestIssuer(configuration)
        let router = Router()
        for path in ["nonce", "credential", "deferred", "notification"] {
            router.post("/\(path)") { request, _ -> Response in
                var headers = [String: String]()
                for field in request.headers { headers[field.name.canonicalName] = field.value }
                let buffer = try await request.body.collect(upTo: 1 << 20)
                let url = "http://\(request.head.authority ?? "")\(request.uri.path)"
                let seen = TestRequest(headers: headers, url: url, body: Data(buffer.readableBytesView))
                return await issuer.answer(path: path, request: seen).response
            }
        }
        try await LoopbackHTTPServer.run(router, label: "test-issuer") { port in
            let base = "http://127.0.0.1:\(port)"
            let endpoints = CredentialIssuerEndpoints(
                credential: URL(string: "\(base)/credential")!, nonce: URL(string: "\(base)/nonce")!,
                deferredCredential: URL(string: "\(base)/deferred")!, notification: URL(string: "\(base)/notification")!)
            try await body(issuer, endpoints)
        }
    }

    func answer(path: String, request: TestRequest) async -> TestAnswer {
        switch path {
        case "nonce": return nonce()
        case "credential": return await credential(request)
        case "deferred": return await deferred(request)
        default: return await notification(request)
        }
    }

    func nonce() -> TestAnswer {
        nonceRequests += 1
        let value = "c-nonce-\(nonceRequests)-\(UUID().uuidString)"
        issuedNonces.insert(value)
        var answer = TestAnswer.json(["c_nonce": .string(value)])
        if configuration.cacheableNonce { answer.headers.removeAll { $0.0 == "Cache-Control" } }
        if configuration.dpopNonceWithCNonce {
            let fresh = dpopNonce ?? "dpop-nonce-\(UUID().uuidString)"
            dpopNonce = fresh
            answer.headers.append(("DPoP-Nonce", fresh))
        }
        return answer
    }

    func notification(_ request: TestRequest) async -> TestAnswer {
        if let refusal = authorize(request) { return refusal }
        guard let body = try? JSONValue(parsing: request.body).objectValue else {
            return .error("invalid_notification_request", "not JSON")
        }
        guard body["notification_id"] == "note-1" else { return .error("invalid_notification_id", "unknown id") }
        guard let event = body["event"]?.stringValue,
            ["credential_accepted", "credential_failure", "credential_deleted"].contains(event)
        else { return .error("invalid_notification_request", "bad event") }
        notifications.append(body)
        return TestAnswer(status: 204)
    }
}

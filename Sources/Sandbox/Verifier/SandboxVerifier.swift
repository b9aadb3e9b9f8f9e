import DCQL
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import OpenID4VP
import X509Trust

/// A reference OpenID4VP 1.0 verifier for the demo and the tests: it makes signed
/// presentation requests as `x509_san_dns:` (by `request_uri`, GET or POST), receives
/// `direct_post` and `direct_post.jwt` responses (and `query`/`fragment` ones through its
/// callback page), checks them fully, and remembers the outcome of each transaction.
///
/// It is transport-neutral: a server (the sandbox's, or a test's) routes
/// `GET|POST /verifier/request/{id}` to ``requestObject(transactionID:walletNonce:)`` and
/// `POST /verifier/response/{id}` to ``receiveResponse(transactionID:form:)``.
public actor SandboxVerifier {
    /// Who the verifier is (its certificate and client identifier).
    public nonisolated let identity: VerifierIdentity
    /// Where the verifier is reachable, e.g. `http://localhost:8080`; the host must be the
    /// identity's DNS name for `x509_san_dns:` to hold.
    public nonisolated let baseURL: URL
    private let checker: PresentationChecker
    private let clock: @Sendable () -> Date
    private var transactions: [String: VerifierTransaction] = [:]
    private var outcomes: [String: PresentationOutcome] = [:]
    private var links: [String: String] = [:]

    /// A verifier trusting `issuerAnchors` for the credentials it receives, and the W3C
    /// issuers `w3cIssuers` (DIDs) for `ldp_vc` credentials.
    public init(
        identity: VerifierIdentity, baseURL: URL, issuerAnchors: TrustAnchorStore, w3cIssuers: Set<String> = [],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            identity: identity, baseURL: baseURL, issuerAnchors: issuerAnchors,
            w3cPresentations: W3CPresentationCheck(trustedIssuers: w3cIssuers), clock: clock)
    }

    /// A verifier judging `ldp_vc` presentations by `w3cPresentations` (the sandbox's own W3C
    /// issuers, and the claims their selectively disclosable credentials always reveal).
    init(
        identity: VerifierIdentity, baseURL: URL, issuerAnchors: TrustAnchorStore, w3cPresentations: W3CPresentationCheck,
        clock: @escaping @Sendable () -> Date
    ) {
        self.identity = identity
        self.baseURL = baseURL
        self.checker = PresentationChecker(issuerAnchors: issuerAnchors, w3cPresentations: w3cPresentations, clock: clock)
        self.clock = clock
    }

    /// Starts a transaction for `query` (a DCQL query) and returns the link a wallet opens:
    /// by `request_uri` for the signed prefixes, by value for unsigned `redirect_uri:`.
    public func createRequest(
        query: JSONValue, responseMode: ResponseMode = .directPostJWT, requestURIMethod: String? = nil,
        authentication: VerifierAuthentication = .x509SANDNS
    ) throws(DCQLError) -> (link: String, transactionID: String) {
        let id = Base64URL.encode(SecureRandom.bytes(12))
        // `direct_post(.jwt)` answers are posted to the response endpoint; `query` and
        // `fragment` answers come back through the browser to the callback page.
        let responseURI = baseURL.appendingPathComponent(
            responseMode.postsToResponseURI ? "verifier/response/\(id)" : "verifier/callback/\(id)")
        let clientID = identity.clientID(for: authentication, responseURI: responseURI)
        let transaction = try VerifierTransaction(
            id: id, clientID: clientID, authentication: authentication, queryJSON: query, responseMode: responseMode,
            responseURI: responseURI)
        transactions[id] = transaction
        guard authentication != .redirectURI else {
            let claims = transaction.requestObjectClaims(walletNonce: nil, now: clock())
            let parameters = claims.filter { !["aud", "iat", "exp"].contains($0.0) }.map { name, value in
                (name, value.stringValue ?? value.serializedString())
            }
            let link = "openid4vp://?" + FormURLEncoding.encode(parameters)
            links[id] = link
            return (link, id)
        }
        var parameters = [("client_id", clientID), ("request_uri", baseURL.appendingPathComponent("verifier/request/\(id)").absoluteString)]
        if let requestURIMethod { parameters.append(("request_uri_method", requestURIMethod)) }
        let link = "openid4vp://?" + FormURLEncoding.encode(parameters)
        links[id] = link
        return (link, id)
    }

    /// The link of a transaction, for its start page.
    public func link(transactionID: String) -> String? { links[transactionID] }

    /// The signed request object for a transaction (echoing `walletNonce` for POST).
    public func requestObject(transactionID: String, walletNonce: String?) async throws -> String {
        guard let transaction = transactions[transactionID] else { throw SandboxVerifierError.unknownTransaction }
        return try await identity.signRequestObject(
            transaction.requestObjectClaims(walletNonce: walletNonce, now: clock()), authentication: transaction.authentication)
    }

    /// Checks a posted response and records the outcome; returns the HTTP status and JSON body
    /// to answer with (200 with a `redirect_uri` when accepted or declined, 400 otherwise).
    public func receiveResponse(transactionID: String, form: [String: String]) async -> (status: Int, body: JSONObject) {
        guard let transaction = transactions[transactionID] else {
            return (404, ["error": "invalid_request", "error_description": "unknown transaction"])
        }
        guard outcomes[transactionID] == nil else {
            return (400, ["error": "invalid_request", "error_description": "this transaction has already been answered"])
        }
        let outcome = await checker.check(form: form, transaction: transaction)
        outcomes[transactionID] = outcome
        switch outcome.status {
        case .accepted, .declined:
            let result = baseURL.appendingPathComponent("verifier/result/\(transactionID)")
            return (200, ["redirect_uri": .string(result.absoluteString)])
        case let .rejected(reason):
            return (400, ["error": "invalid_request", "error_description": .string(reason)])
        }
    }

    /// The outcome of a transaction, once answered.
    public func outcome(transactionID: String) -> PresentationOutcome? { outcomes[transactionID] }
}

/// Why the sandbox verifier cannot serve a call.
public enum SandboxVerifierError: Error, Equatable, Sendable {
    /// No transaction has this id.
    case unknownTransaction
    /// `redirect_uri:` requests are unsigned; there is no request object to serve.
    case unsignedPrefix
}

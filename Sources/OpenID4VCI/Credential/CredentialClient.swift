import Foundation
import HTTP
import JSONModel

/// The wallet side of the credential issuer's protected endpoints (OpenID4VCI 1.0 §7–§11):
/// fetches a nonce, proves possession of the holder keys, requests credentials (encrypted if
/// asked), follows deferred issuance and sends notifications.
///
/// It starts where the token client stops: it takes an ``AccessToken``, the
/// ``DPoPProofProviding`` the token is bound to (if any), the endpoint URLs and the issuer's
/// rules as plain values. It never stores anything: a deferred issuance comes back as a
/// `Codable` ``DeferredCredentialHandle``.
public struct CredentialClient: Sendable {
    public let httpClient: any HTTPClient
    public let endpoints: CredentialIssuerEndpoints
    public let accessToken: AccessToken
    public let options: CredentialClientOptions
    let requester: ResourceServerRequester
    let clock: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - dpop: the DPoP key's proof maker; required when `accessToken` is a DPoP token.
    ///   - clock: the current time, for proofs and deferred waits.
    ///   - sleep: waits between deferred polls; tests pass one that returns at once.
    public init(
        httpClient: any HTTPClient, endpoints: CredentialIssuerEndpoints, accessToken: AccessToken,
        dpop: (any DPoPProofProviding)? = nil, options: CredentialClientOptions,
        clock: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.httpClient = httpClient
        self.endpoints = endpoints
        self.accessToken = accessToken
        self.options = options
        self.clock = clock
        self.sleep = sleep
        requester = ResourceServerRequester(
            httpClient: httpClient, dpop: dpop, nonces: DPoPNonceStore(),
            maximumNonceRetries: max(0, options.maximumDPoPNonceRetries))
    }

    /// Requests the credential `target` names, bound to `holderKeys` (one credential per key;
    /// more than one key needs the issuer's batch support).
    ///
    /// With a nonce endpoint, a fresh `c_nonce` goes into the proofs; if the issuer answers
    /// `invalid_nonce`, a new nonce is fetched and the request is sent once more. Returns the
    /// credentials, or a handle when the issuer defers.
    public func requestCredential(
        _ target: CredentialRequest.Target, format: String, holderKeys: [HolderKey]
    ) async throws(OpenID4VCIError) -> CredentialIssuanceOutcome {
        let proofBuilder = KeyProofMaker(options: options, clock: clock)
        // Refuse an unusable key set, or one the profile forbids, before any network step.
        try checkProfile()
        try proofBuilder?.check(holderKeys, batchSize: options.batchSize)
        var nonce: String?
        if proofBuilder != nil, endpoints.nonce != nil { nonce = try await freshNonce() }
        var attempt = 0
        while true {
            attempt += 1
            let proofs = try await proofBuilder?.proofs(for: holderKeys, nonce: nonce, batchSize: options.batchSize)
            let request = CredentialRequest(target: target, proofs: proofs)
            do {
                let response = try await exchange(
                    endpoints.credential, body: request.json, format: format, endpoint: .credential, accessToken: accessToken)
                return try outcome(response, target: target, format: format, keyCount: proofs?.keyCount)
            } catch let .issuerError(error) where error.code == .invalidNonce && attempt == 1 && proofBuilder != nil
                && endpoints.nonce != nil
            {
                nonce = try await freshNonce()
            }
        }
    }

    /// The profile's rules on the token and the DPoP key, before the token is presented.
    func checkProfile() throws(OpenID4VCIError) {
        try options.profile.check(dpop: requester.dpop)
        try options.profile.check(accessToken)
    }

    /// A `c_nonce` from the nonce endpoint (its DPoP nonce, if any, is kept for the next proof).
    public func freshNonce() async throws(OpenID4VCIError) -> String {
        guard let url = endpoints.nonce else { throw .invalidCredentialRequest("the issuer has no nonce endpoint") }
        let response = try await NonceEndpointClient(httpClient: httpClient, url: url).fetchNonce()
        if let nonce = response.dpopNonce { await requester.nonces.remember(nonce, for: url) }
        return response.cNonce
    }

    func outcome(
        _ response: CredentialResponse, target: CredentialRequest.Target, format: String, keyCount: Int?
    ) throws(OpenID4VCIError) -> CredentialIssuanceOutcome {
        switch response {
        case let .issued(credentials, notificationID):
            if let keyCount, credentials.count > keyCount {
                throw .invalidResponse(
                    endpoint: .credential, reason: "\(credentials.count) credentials for \(keyCount) holder keys")
            }
            let issued = credentials.map { IssuedCredential(credential: $0, format: format, notificationID: notificationID) }
            for credential in issued { try options.profile.check(credential) }
            return .issued(issued)
        case let .deferred(transactionID, interval):
            return .deferred(DeferredCredentialHandle(
                transactionID: transactionID, interval: interval, notBefore: clock().addingTimeInterval(TimeInterval(interval)),
                credentialIssuer: options.credentialIssuer, endpoints: endpoints, accessToken: accessToken, target: target,
                format: format))
        }
    }

    /// Sends one credential or deferred-credential request and reads the answer: adds the
    /// response-encryption key, encrypts the request if configured, insists on an encrypted
    /// answer when one was asked for, and checks the body.
    func exchange(
        _ url: URL, body: JSONObject, format: String, endpoint: IssuerEndpoint, accessToken: AccessToken
    ) async throws(OpenID4VCIError) -> CredentialResponse {
        let responseKey = options.responseEncryption.map(EphemeralResponseKey.init)
        var body = body
        if let responseKey { body["credential_response_encryption"] = responseKey.requestParameters.json }
        var bytes = JSONValue.object(body).serialized(.compact)
        var contentType = "application/json"
        if let requestEncryption = options.requestEncryption {
            bytes = Data(try requestEncryption.seal(bytes).utf8)
            contentType = "application/jwt"
        } else if responseKey != nil, !options.allowsResponseEncryptionWithoutRequestEncryption {
            throw .invalidCredentialRequest("response encryption needs request encryption (OpenID4VCI 1.0 §8.2)")
        }
        let response = try await requester.post(
            url, body: bytes, contentType: contentType, accessToken: accessToken, endpoint: endpoint)
        try response.checkSize(options.maximumResponseBytes, endpoint: endpoint)
        guard response.status == 200 || response.status == 202 else { throw response.issuerFailure(endpoint: endpoint) }
        let plaintext: Data
        if let responseKey {
            guard response.mediaType == "application/jwt" else {
                throw .encryptionFailed("the \(endpoint) response is \(response.mediaType ?? "untyped"), not an encrypted application/jwt")
            }
            plaintext = try responseKey.open(
                String(decoding: response.body, as: UTF8.self), endpoint: endpoint, maximumBytes: options.maximumResponseBytes)
        } else {
            guard response.mediaType == "application/json" else {
                throw .invalidResponse(
                    endpoint: endpoint, reason: "Content-Type \(response.mediaType ?? "missing"), not application/json")
            }
            plaintext = response.body
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: plaintext, limits: .init(maximumSize: options.maximumResponseBytes, maximumDepth: 64))
        } catch {
            throw .invalidResponse(endpoint: endpoint, reason: "the body is not JSON: \(error)")
        }
        let parsed = try CredentialResponse(json: json, format: format, endpoint: endpoint, limits: options.responseLimits)
        // §8.3 and §9.2: credentials come with 200, a deferral with 202.
        switch (parsed, response.status) {
        case (.issued, 200), (.deferred, 202): return parsed
        case (.issued, _): throw .invalidResponse(endpoint: endpoint, reason: "credentials must come with HTTP 200, not \(response.status)")
        case (.deferred, _): throw .invalidResponse(endpoint: endpoint, reason: "a deferral must come with HTTP 202, not \(response.status)")
        }
    }
}

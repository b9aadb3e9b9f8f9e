import Crypto
import Foundation
import Multiformats

/// DPoP (RFC 9449) proof checks shared by the token endpoint and the resource endpoints.
extension SandboxService {
    /// The longest `jti` accepted.
    static let maximumProofIDLength = 256

    /// Checks the request's `DPoP` header for a request to `path`; returns the proof key's
    /// thumbprint, or `nil` when the request has no proof.
    ///
    /// The proof must be typed `dpop+jwt`, signed by its `jwk`, and name this request's
    /// method and URL; its `jti` must be new, its `iat` recent; `ath` must hash the presented
    /// access token; and when nonces are required, `nonce` must be one this server issued.
    func checkDPoP(_ request: SandboxHTTPRequest, path: String, accessToken: String?) throws(ProofFailure) -> String? {
        // An issuer without DPoP ignores the header (RFC 9449 §5: it then issues bearer tokens).
        guard configuration.offersDPoP else { return nil }
        let count = request.headerCount("DPoP")
        guard count > 0 else { return nil }
        guard count == 1, let token = request.header("DPoP") else { throw .invalid("more than one DPoP header") }
        let proof = try HolderProofJWT(token, type: "dpop+jwt", algorithms: configuration.proofAlgorithms)
        guard proof.string("htm") == request.method else { throw .invalid("htm is not \(request.method)") }
        guard let htu = proof.string("htu"), Self.normalizedHTU(htu) == Self.normalizedHTU(url(path)) else {
            throw .invalid("htu is not \(url(path))")
        }
        try proof.checkIssuedAt(now: now, maximumAge: configuration.proofMaximumAge)
        guard let jti = proof.claims.tokenID, !jti.isEmpty, jti.count <= Self.maximumProofIDLength else {
            throw .invalid("jti is missing or too long")
        }
        if let accessToken {
            guard proof.string("ath") == Self.accessTokenHash(accessToken) else { throw .invalid("ath does not hash the access token") }
        }
        if faults.contains(.alwaysDemandsDPoPNonce) { throw .nonce("a new DPoP nonce is required") }
        if configuration.requiresDPoPNonce {
            guard let nonce = proof.claims.nonce ?? proof.string("nonce"), dpopNonces.contains(nonce, now: now) else {
                throw .nonce("the DPoP proof must carry a fresh server nonce")
            }
        }
        guard !dpopProofIDs.contains(proof.thumbprint + "|" + jti, now: now) else { throw .invalid("jti was used before") }
        dpopProofIDs.insert(proof.thumbprint + "|" + jti, expiresAt: now + 2 * configuration.proofMaximumAge, now: now)
        return proof.thumbprint
    }

    /// A fresh DPoP nonce (RFC 9449 §8), remembered for the nonce lifetime.
    func freshDPoPNonce() -> String {
        let nonce = RandomToken.make(16)
        dpopNonces.insert(nonce, expiresAt: now + configuration.nonceLifetime, now: now)
        return nonce
    }

    /// The `DPoP-Nonce` header every response carries when nonces are required.
    func dpopNonceHeaders() -> [(String, String)] {
        configuration.requiresDPoPNonce || faults.contains(.alwaysDemandsDPoPNonce)
            ? [("DPoP-Nonce", freshDPoPNonce())] : []
    }

    /// The authorization server's answer to a proof failure (RFC 9449 §5, §8).
    func tokenEndpointDPoPError(_ failure: ProofFailure) -> SandboxHTTPResponse {
        switch failure {
        case let .nonce(reason): .error("use_dpop_nonce", reason, headers: dpopNonceHeaders())
        case let .invalid(reason): .error("invalid_dpop_proof", reason, headers: dpopNonceHeaders())
        }
    }

    /// A resource server's answer to a proof or token failure (RFC 9449 §7.1, RFC 6750 §3).
    func resourceError(_ code: String, _ reason: String, status: Int = 401) -> SandboxHTTPResponse {
        let scheme = configuration.mustUseDPoP ? "DPoP" : "Bearer"
        let challenge =
            "\(scheme) error=\"\(code)\", error_description=\"\(SandboxHTTPResponse.asciiDescription(reason).replacingOccurrences(of: "\"", with: "'"))\""
            + (scheme == "DPoP" ? ", algs=\"\(configuration.proofAlgorithms.joined(separator: " "))\"" : "")
        return .error(code, reason, status: status, headers: [("WWW-Authenticate", challenge)] + dpopNonceHeaders())
    }

    /// base64url(SHA-256(token)): the `ath` claim.
    static func accessTokenHash(_ token: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(token.utf8))))
    }

    /// `htu` compared without query and fragment, scheme and host lower-cased (RFC 9449 §4.3).
    static func normalizedHTU(_ text: String) -> String? {
        guard var components = URLComponents(string: text), let scheme = components.scheme, let host = components.host else {
            return nil
        }
        components.query = nil
        components.fragment = nil
        components.scheme = scheme.lowercased()
        components.host = host.lowercased()
        if components.path.isEmpty { components.path = "/" }
        return components.string
    }
}

import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import Sandbox
@testable import Wallet

/// Obtains credentials from a running sandbox issuer by the pre-authorized code flow (token,
/// nonce, a `jwt` key proof by a fresh wallet holder key, credential) and stores each in the
/// wallet, so presentation tests start from credentials a real issuer bound to the wallet's keys.
enum SandboxClaim {
    /// A holder key signer without `kid`: a key proof carries its `jwk` instead.
    struct ProofSigner: Signer {
        let inner: SecureAreaSigner
        var publicKey: PublicKey { inner.publicKey }
        var algorithm: SignatureAlgorithm { inner.algorithm }
        var keyID: String? { nil }
        func sign(_ message: Data) async throws -> Data { try await inner.sign(message) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Claims one credential of each kind in `kinds` into `wallet`; returns the stored ids in order.
    static func claim(
        _ kinds: [SandboxCredentialKind], from issuer: SandboxIssuer, into wallet: CredentialWallet
    ) async throws -> [String] {
        guard let base = await issuer.baseURL else { throw Failure(description: "the sandbox is not running") }
        let http = URLSessionHTTPClient(policy: HTTPClientPolicy(redirects: .never))
        defer { http.invalidate() }
        // An offer names each kind once; the token then buys as many credentials as asked.
        let offered = kinds.reduce(into: [SandboxCredentialKind]()) { if !$0.contains($1) { $0.append($1) } }
        let offer = try await issuer.createOffer(for: offered, grant: .preAuthorized(txCode: nil))
        guard let code = offer.preAuthorizedCode else { throw Failure(description: "the offer has no pre-authorized code") }
        let tokenResponse = try await http.postForm(base.appendingPathComponent("token"), form: [
            ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"), ("pre-authorized_code", code),
        ])
        guard let token = try JSONValue(parsing: tokenResponse.body)["access_token"]?.stringValue else {
            throw Failure(description: "no access token: HTTP \(tokenResponse.status)")
        }
        var stored: [String] = []
        for kind in kinds {
            let key = try await wallet.createHolderKey()
            let nonceResponse = try await http.send(HTTPRequest(method: .post, url: base.appendingPathComponent("nonce")))
            let nonce = try JSONValue(parsing: nonceResponse.body)["c_nonce"]?.stringValue
            let proof = try await JWT.sign(
                JWTClaims(audience: [base.absoluteString], issuedAt: Date(), nonce: nonce),
                header: JOSEHeader(type: "openid4vci-proof+jwt"),
                signer: ProofSigner(inner: try await wallet.holderKeySigner(keyID: key.id)),
                options: JWS.SigningOptions(embedPublicKey: true))
            let request: JSONValue = .object([
                "credential_configuration_id": .string(kind.configurationID), "proofs": ["jwt": [.string(proof)]],
            ])
            let response = try await http.postJSON(
                base.appendingPathComponent("credential"), json: request.serialized(.compact),
                headers: ["Authorization": "Bearer " + token])
            guard let credential = try JSONValue(parsing: response.body)["credentials"]?[0]?["credential"]?.stringValue else {
                throw Failure(description: "no credential for \(kind): HTTP \(response.status) \(String(decoding: response.body, as: UTF8.self))")
            }
            let format: CredentialFormat = kind == .mDL ? .mdoc : .sdJWTVC
            let added = try await wallet.addCredential(try ReceivedCredential(
                format: format, credential: credential, holderKeyID: key.id,
                issuer: IssuerDisplayInfo(credentialIssuer: base.absoluteString, issuerDisplay: [["name": "Sandbox Issuer"]])))
            stored.append(added.id)
        }
        return stored
    }
}

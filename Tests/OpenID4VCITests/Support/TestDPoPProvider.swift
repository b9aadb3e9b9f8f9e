import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI

/// A test-only DPoP proof maker (RFC 9449 §4.2) with an in-memory P-256 key, so the credential
/// client's resource-server path runs against a server that really verifies the proofs. The
/// production one (DPoPProofBuilder) lives with the token client.
struct TestDPoPProvider: DPoPProofProviding {
    let signer: SoftwareSigner

    init() throws {
        signer = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
    }

    /// The proofs' `alg`, for profiles that restrict it.
    var signingAlgorithm: String? { "ES256" }

    /// The RFC 7638 thumbprint the access token is bound to (`cnf.jkt`).
    var thumbprint: String { Base64URL.encode(signer.publicKey.thumbprint()) }

    func proof(method: String, url: URL, accessToken: String?, nonce: String?) async throws(OpenID4VCIError) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        var extra: JSONObject = ["htm": .string(method), "htu": .string(components?.string ?? url.absoluteString)]
        if let accessToken { extra["ath"] = .string(Base64URL.encode(DigestAlgorithm.sha256.hash(Data(accessToken.utf8)))) }
        let claims = JWTClaims(issuedAt: Date(), tokenID: UUID().uuidString, nonce: nonce, additionalClaims: extra)
        do {
            return try await JWT.sign(
                claims, header: JOSEHeader(type: "dpop+jwt"), signer: signer, options: .init(embedPublicKey: true))
        } catch {
            throw .invalidCredentialRequest("test DPoP proof: \(error)")
        }
    }
}

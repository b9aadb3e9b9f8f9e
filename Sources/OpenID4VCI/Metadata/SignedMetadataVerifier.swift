import CryptoKeys
import Foundation
import JOSE
import JSONModel
import X509Trust

/// Verifies a signed metadata JWT (OpenID4VCI 1.0 §12.2.3) and returns its claims.
struct SignedMetadataVerifier {
    /// The explicit type of signed issuer metadata.
    static let type = "openidvci-issuer-metadata+jwt"

    let trust: SignedMetadataPolicy.Trust
    let clock: @Sendable () -> Date

    /// The verified claims: `typ` checked, an asymmetric `alg`, signature by the trusted signer,
    /// `sub` equal to the issuer identifier, `iat` present, `exp` (when present) not passed.
    func verify(_ token: String, issuer: String) async throws(OpenID4VCIError) -> JSONObject {
        let object: JWSObject
        do {
            object = try JWSObject(compact: token)
        } catch {
            throw .signedMetadataRejected("not a compact JWS: \(error)")
        }
        guard let header = object.signatures.first?.header else { throw .signedMetadataRejected("no signature") }
        let key: PublicKey
        switch trust {
        case let .key(trusted):
            key = trusted
        case let .certificateChain(anchors):
            guard let chain = header.certificateChain, !chain.isEmpty else {
                throw .signedMetadataRejected("the header has no x5c chain to validate")
            }
            do {
                let trusted = try await ChainValidator(anchors: anchors).validate(derChain: chain, at: clock()).get()
                key = try trusted.leafKey.publicKey
            } catch {
                throw .signedMetadataRejected("the x5c chain is not trusted: \(error)")
            }
        }
        let policy = JWSPolicy(requiredType: Self.type)
        let validator = JWTValidator(clock: clock, expectedSubject: issuer, requiredClaims: ["iat", "sub"])
        do {
            let verified = try JWT.verify(token, key: key, policy: policy, validator: validator)
            return verified.claims.jsonObject
        } catch {
            throw .signedMetadataRejected("\(error)")
        }
    }
}

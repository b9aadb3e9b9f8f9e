import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Encrypts an authorization response to the verifier (OpenID4VP 1.0 §8.3): an unsigned JWT
/// in a JWE, key agreement `ECDH-ES` to a key from `client_metadata.jwks`.
///
/// The key choice is deterministic — the first key, in the verifier's order, meant for
/// encryption (`use` absent or `enc`), with `alg` `ECDH-ES` and an EC or OKP key type — so the
/// same request always yields the same choice. The content encryption is the first of the
/// verifier's `encrypted_response_enc_values_supported` this wallet implements (A128GCM by
/// default), and the key's `kid` is copied into the JWE header so the verifier knows which
/// key to use.
public struct ResponseEncryption: Sendable, Hashable {
    /// The verifier key the response is encrypted to.
    public let key: JWK
    /// The content encryption algorithm.
    public let contentEncryption: String

    /// The content encryption algorithms this wallet implements, by identifier.
    static let supportedEncryption: [String: JWEContentEncryptionAlgorithm] = ["A128GCM": .a128GCM, "A256GCM": .a256GCM]

    /// The key and algorithm for `metadata`; throws when nothing suitable is offered.
    public init(metadata: ClientMetadata?) throws(OpenID4VPError) {
        guard let keys = metadata?.jwks else {
            throw .invalidRequest(parameter: "client_metadata.jwks", reason: "direct_post.jwt needs a verifier encryption key")
        }
        guard let key = keys.first(where: { jwk in
            (jwk.use == nil || jwk.use == "enc") && jwk.alg == "ECDH-ES" && (jwk.kty == .ec || jwk.kty == .okp)
                && (try? jwk.publicKey()) != nil
        }) else {
            throw .invalidRequest(parameter: "client_metadata.jwks", reason: "no ECDH-ES encryption key with alg and kid")
        }
        let offered = metadata?.encryptedResponseEncValues ?? ["A128GCM"]
        guard let enc = offered.first(where: { Self.supportedEncryption[$0] != nil }) else {
            throw .invalidRequest(parameter: "client_metadata.encrypted_response_enc_values_supported",
                                  reason: "none of \(offered) is supported (A128GCM, A256GCM)")
        }
        self.key = key
        self.contentEncryption = enc
    }

    /// The JWK thumbprint of the key, bound into the mdoc SessionTranscript handover.
    public var keyThumbprint: Data? { try? key.thumbprint() }

    /// The compact JWE of `parameters`.
    public func encrypt(_ parameters: JSONObject) throws(OpenID4VPError) -> String {
        guard let enc = Self.supportedEncryption[contentEncryption] else {
            throw .invalidRequest(parameter: "client_metadata", reason: "unsupported enc \(contentEncryption)")
        }
        do {
            return try JWE.encryptCompact(
                JSONValue.object(parameters).serialized(), to: key.publicOnly, keyManagement: .ecdhES,
                contentEncryption: enc)
        } catch {
            throw .invalidRequest(parameter: "client_metadata.jwks", reason: "encryption to the verifier key failed: \(error)")
        }
    }
}

import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// A credential request body (OpenID4VCI 1.0 §8.2).
///
/// Which credential is asked for is a ``Target``, so a request names a configuration id or a
/// credential identifier, never both and never neither.
public struct CredentialRequest: Sendable, Hashable {
    /// What the request asks for.
    public enum Target: Sendable, Hashable, Codable {
        /// `credential_configuration_id`: when the token response had no `credential_identifiers`.
        case configuration(String)
        /// `credential_identifier`: required when the token response returned
        /// `authorization_details` with `credential_identifiers`.
        case identifier(String)

        /// The target §8.2 prescribes for `configurationID` under `token`: its first
        /// `credential_identifiers` entry when the token has any for that configuration,
        /// otherwise the configuration id itself.
        public static func forConfiguration(_ configurationID: String, accessToken token: AccessToken) -> Target {
            if let identifier = token.credentialIdentifiers[configurationID]?.first { return .identifier(identifier) }
            return .configuration(configurationID)
        }
    }

    /// `credential_response_encryption`: where and how the issuer must encrypt its answer.
    public struct ResponseEncryption: Sendable, Hashable {
        /// The wallet's public key, with `alg` (the JWE `alg` to use) and `kid`.
        public var jwk: JWK
        /// The JWE `enc`.
        public var contentEncryption: JWEContentEncryptionAlgorithm
        /// Whether the issuer should compress (`zip: DEF`) before encrypting.
        public var compresses: Bool

        public init(jwk: JWK, contentEncryption: JWEContentEncryptionAlgorithm, compresses: Bool = false) {
            self.jwk = jwk
            self.contentEncryption = contentEncryption
            self.compresses = compresses
        }

        var json: JSONValue {
            var object = JSONObject()
            object["jwk"] = (try? JSONValue(parsing: jwk.publicOnly.jsonData())) ?? .null
            object["enc"] = .string(contentEncryption.rawValue)
            if compresses { object["zip"] = "DEF" }
            return .object(object)
        }
    }

    public var target: Target
    /// The key proofs, or `nil` when the configuration needs no key binding.
    public var proofs: CredentialProofs?
    /// Response encryption parameters, or `nil` for a plaintext answer.
    public var responseEncryption: ResponseEncryption?

    public init(target: Target, proofs: CredentialProofs? = nil, responseEncryption: ResponseEncryption? = nil) {
        self.target = target
        self.proofs = proofs
        self.responseEncryption = responseEncryption
    }

    /// The request as a JSON object.
    public var json: JSONObject {
        var object = JSONObject()
        switch target {
        case let .configuration(id): object["credential_configuration_id"] = .string(id)
        case let .identifier(id): object["credential_identifier"] = .string(id)
        }
        if let proofs { object["proofs"] = proofs.json }
        if let responseEncryption { object["credential_response_encryption"] = responseEncryption.json }
        return object
    }
}

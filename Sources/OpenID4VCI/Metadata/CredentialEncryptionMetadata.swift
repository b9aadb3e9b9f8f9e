import CryptoKeys
import Foundation
import JSONModel

/// `credential_request_encryption` (OpenID4VCI 1.0 §12.2.4): the issuer's keys and content
/// encryption algorithms for encrypting a credential request, and whether it insists.
public struct CredentialRequestEncryptionMetadata: Sendable, Hashable {
    /// `jwks.keys`: the issuer's public encryption keys, each with a `kid`.
    public var keys: [JWK]
    /// `enc_values_supported`: JWE content encryption algorithms, never empty.
    public var encryptionMethods: [String]
    /// `zip_values_supported`: JWE compression algorithms, empty when none.
    public var compressionMethods: [String]
    /// `encryption_required`: every request must be encrypted.
    public var encryptionRequired: Bool

    /// Request encryption metadata built in code.
    public init(keys: [JWK], encryptionMethods: [String], compressionMethods: [String] = [], encryptionRequired: Bool) {
        self.keys = keys
        self.encryptionMethods = encryptionMethods
        self.compressionMethods = compressionMethods
        self.encryptionRequired = encryptionRequired
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        guard let jwks = try members.object("jwks") else { throw members.fail("jwks", "missing") }
        guard let entries = try jwks.array("keys", limit: 32) else { throw jwks.fail("keys", "missing") }
        var keys = [JWK]()
        for (index, entry) in entries.enumerated() {
            guard case .object = entry, let key = try? JWK(jsonData: entry.serialized(.compact)), !key.isPrivate,
                  (try? key.publicKey()) != nil
            else {
                throw jwks.fail("keys[\(index)]", "not a public JWK")
            }
            guard key.kid != nil else { throw jwks.fail("keys[\(index)].kid", "missing") }
            keys.append(key)
        }
        self.keys = keys
        guard let methods = try members.strings("enc_values_supported", limit: 16) else {
            throw members.fail("enc_values_supported", "missing")
        }
        encryptionMethods = methods
        compressionMethods = try members.strings("zip_values_supported", limit: 16) ?? []
        guard let required = try members.bool("encryption_required") else { throw members.fail("encryption_required", "missing") }
        encryptionRequired = required
    }
}

/// `credential_response_encryption` (OpenID4VCI 1.0 §12.2.4): which JWE algorithms the issuer
/// can encrypt credential responses with, and whether the wallet must ask for encryption.
public struct CredentialResponseEncryptionMetadata: Sendable, Hashable {
    /// `alg_values_supported`: JWE key management algorithms (e.g. `ECDH-ES`), never empty.
    public var algorithms: [String]
    /// `enc_values_supported`: JWE content encryption algorithms (e.g. `A128GCM`), never empty.
    public var encryptionMethods: [String]
    /// `zip_values_supported`: JWE compression algorithms, empty when none.
    public var compressionMethods: [String]
    /// `encryption_required`: the wallet must send encryption parameters with every request.
    public var encryptionRequired: Bool

    /// Response encryption metadata built in code.
    public init(algorithms: [String], encryptionMethods: [String], compressionMethods: [String] = [], encryptionRequired: Bool) {
        self.algorithms = algorithms
        self.encryptionMethods = encryptionMethods
        self.compressionMethods = compressionMethods
        self.encryptionRequired = encryptionRequired
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        guard let algorithms = try members.strings("alg_values_supported", limit: 16) else {
            throw members.fail("alg_values_supported", "missing")
        }
        self.algorithms = algorithms
        guard let methods = try members.strings("enc_values_supported", limit: 16) else {
            throw members.fail("enc_values_supported", "missing")
        }
        encryptionMethods = methods
        compressionMethods = try members.strings("zip_values_supported", limit: 16) ?? []
        guard let required = try members.bool("encryption_required") else { throw members.fail("encryption_required", "missing") }
        encryptionRequired = required
    }
}

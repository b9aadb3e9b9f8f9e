import CryptoKeys
import JOSE
import JSONModel

/// The verifier metadata sent in `client_metadata` (OpenID4VP 1.0 §5.1 and §11), as far as the
/// wallet uses it: keys to encrypt the response to, accepted formats, and what to show the user.
public struct ClientMetadata: Sendable, Hashable {
    /// The `jwks` keys (each with a `kid`): response encryption keys are those with `use`
    /// absent or `enc`. They are never used to verify a request's signature.
    public let jwks: [JWK]?
    /// `vp_formats_supported`: format identifier → algorithm constraints, as sent.
    public let formatsSupported: JSONObject?
    /// `encrypted_response_enc_values_supported`; `A128GCM` when absent.
    public let encryptedResponseEncValues: [String]
    /// `client_name`, for the consent screen.
    public let clientName: String?
    /// `logo_uri`, for the consent screen.
    public let logoURI: String?
    /// The members as received.
    public let json: JSONObject

    /// Reads `client_metadata`; unknown members are kept in ``json`` and otherwise ignored.
    public init(json value: JSONValue) throws(OpenID4VPError) {
        guard let object = value.objectValue else {
            throw .invalidRequest(parameter: "client_metadata", reason: "must be a JSON object")
        }
        json = object
        if let keys = object["jwks"] {
            do {
                jwks = try JWKSet(json: keys.serialized()).keys
            } catch {
                throw .invalidRequest(parameter: "client_metadata.jwks", reason: "\(error)")
            }
            if jwks?.contains(where: { $0.kid == nil }) == true {
                throw .invalidRequest(parameter: "client_metadata.jwks", reason: "every key needs a kid")
            }
        } else {
            jwks = nil
        }
        if let formats = object["vp_formats_supported"] {
            guard let formats = formats.objectValue else {
                throw .invalidRequest(parameter: "client_metadata.vp_formats_supported", reason: "must be an object")
            }
            formatsSupported = formats
        } else {
            formatsSupported = nil
        }
        if let values = object["encrypted_response_enc_values_supported"] {
            guard let array = values.arrayValue, !array.isEmpty else {
                throw .invalidRequest(parameter: "client_metadata.encrypted_response_enc_values_supported",
                                      reason: "must be a non-empty array of strings")
            }
            var encs: [String] = []
            for entry in array {
                guard let enc = entry.stringValue else {
                    throw .invalidRequest(parameter: "client_metadata.encrypted_response_enc_values_supported",
                                          reason: "must be a non-empty array of strings")
                }
                encs.append(enc)
            }
            encryptedResponseEncValues = encs
        } else {
            encryptedResponseEncValues = ["A128GCM"]
        }
        clientName = object["client_name"]?.stringValue
        logoURI = object["logo_uri"]?.stringValue
    }
}

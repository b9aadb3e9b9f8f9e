import JSONModel
import Multiformats

/// One `transaction_data` entry (OpenID4VP 1.0 §5.1): details of a transaction the user is
/// asked to authorise with a credential, such as a payment.
///
/// The base64url string is kept as received because the key-binding proof carries a hash of
/// exactly those bytes (`transaction_data_hashes`).
public struct TransactionData: Sendable, Hashable {
    /// The entry as sent (base64url of a JSON object).
    public let encoded: String
    /// The `type` of transaction.
    public let type: String
    /// The credential query ids whose credential may authorise the transaction.
    public let credentialIDs: [String]
    /// The whole decoded object, for type-specific display.
    public let json: JSONObject
    /// `transaction_data_hashes_alg`: the hashes the Verifier accepts for this entry, in its
    /// order of preference; `["sha-256"]` when the entry names none (Appendix B.3.3.1).
    public let hashAlgorithms: [String]

    init(encoded: String, index: Int) throws(OpenID4VPError) {
        let parameter = "transaction_data[\(index)]"
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Base64URL.decode(encoded))
        } catch {
            throw .invalidRequest(parameter: parameter, reason: "not base64url-encoded JSON: \(error)")
        }
        guard let object = json.objectValue else {
            throw .invalidRequest(parameter: parameter, reason: "must encode a JSON object")
        }
        guard let type = object["type"]?.stringValue, !type.isEmpty else {
            throw .invalidRequest(parameter: "\(parameter).type", reason: "is required")
        }
        guard let ids = object["credential_ids"]?.arrayValue, !ids.isEmpty,
              case let strings = ids.compactMap(\.stringValue), strings.count == ids.count
        else {
            throw .invalidRequest(parameter: "\(parameter).credential_ids", reason: "must be a non-empty array of strings")
        }
        if let value = object["transaction_data_hashes_alg"] {
            guard let names = value.arrayValue, !names.isEmpty,
                  case let algorithms = names.compactMap(\.stringValue), algorithms.count == names.count
            else {
                throw .invalidRequest(parameter: "\(parameter).transaction_data_hashes_alg", reason: "must be a non-empty array of strings")
            }
            hashAlgorithms = algorithms
        } else {
            hashAlgorithms = ["sha-256"]
        }
        self.encoded = encoded
        self.type = type
        self.credentialIDs = strings
        self.json = object
    }
}

/// An attestation about the verifier from `verifier_info` (OpenID4VP 1.0 §5.11), kept for
/// display and policy; the wallet validates it only when a profile says how.
public struct VerifierAttestation: Sendable, Hashable {
    /// The attestation format identifier.
    public let format: String
    /// The attestation (a string such as a JWT, or an object).
    public let data: JSONValue
    /// The credential query ids it concerns; `nil` for all.
    public let credentialIDs: [String]?
}

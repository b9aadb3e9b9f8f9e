import Foundation
import JSONModel

/// An error object from the credential issuer (OpenID4VCI 1.0 §8.3.1.2, §9.3, §11.3):
/// `{"error": …, "error_description": …}` with a 4xx status.
///
/// Kept as data rather than one enum case per code because issuers may send codes this
/// module does not know; the well-known ones are constants on ``Code`` so a caller can
/// switch on them.
public struct CredentialIssuerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An `error` code: open, with the codes OpenID4VCI 1.0 and RFC 6750 define as constants.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The request is malformed or misses a parameter.
        public static let invalidCredentialRequest = Code(rawValue: "invalid_credential_request")
        /// The `credential_configuration_id` is unknown.
        public static let unknownCredentialConfiguration = Code(rawValue: "unknown_credential_configuration")
        /// The `credential_identifier` is unknown.
        public static let unknownCredentialIdentifier = Code(rawValue: "unknown_credential_identifier")
        /// A key proof is missing or invalid.
        public static let invalidProof = Code(rawValue: "invalid_proof")
        /// A key proof carries a stale or unknown `c_nonce`: fetch a new one and retry.
        public static let invalidNonce = Code(rawValue: "invalid_nonce")
        /// The encryption parameters are invalid, or missing where the issuer requires them.
        public static let invalidEncryptionParameters = Code(rawValue: "invalid_encryption_parameters")
        /// The issuer will not issue this credential; do not retry.
        public static let credentialRequestDenied = Code(rawValue: "credential_request_denied")
        /// The deferred `transaction_id` is unknown or already used.
        public static let invalidTransactionID = Code(rawValue: "invalid_transaction_id")
        /// The `notification_id` is unknown.
        public static let invalidNotificationID = Code(rawValue: "invalid_notification_id")
        /// The notification request is malformed.
        public static let invalidNotificationRequest = Code(rawValue: "invalid_notification_request")
        /// RFC 6750 §3.1: the access token is expired, revoked or malformed.
        public static let invalidToken = Code(rawValue: "invalid_token")
        /// RFC 6750 §3.1: the request is malformed (generic).
        public static let invalidRequest = Code(rawValue: "invalid_request")
    }

    /// The longest `error_description` kept; longer text is cut, since it only feeds logs.
    public static let maximumDescriptionLength = 512

    /// The error code.
    public var code: Code
    /// `error_description`, if the issuer sent one (cut to ``maximumDescriptionLength``).
    public var errorDescription: String?
    /// The HTTP status the error came with.
    public var status: Int

    /// An error value; used by parsers and tests.
    public init(code: Code, errorDescription: String? = nil, status: Int = 400) {
        self.code = code
        self.errorDescription = errorDescription.map { String($0.prefix(Self.maximumDescriptionLength)) }
        self.status = status
    }

    public var description: String {
        "\(code.rawValue) (HTTP \(status))" + (errorDescription.map { ": \($0)" } ?? "")
    }

    /// Reads an error object from a JSON body, or `nil` when the body is not one.
    init?(body: Data, status: Int) {
        guard let json = try? JSONValue(parsing: body, limits: .init(maximumSize: 64 << 10, maximumDepth: 8)),
            let code = json["error"]?.stringValue, !code.isEmpty, code.count <= 256
        else { return nil }
        self.init(code: Code(rawValue: code), errorDescription: json["error_description"]?.stringValue, status: status)
    }
}

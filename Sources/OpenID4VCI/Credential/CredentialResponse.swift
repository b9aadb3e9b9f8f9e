import Foundation
import JSONModel
import Multiformats

/// A credential or deferred-credential response body (OpenID4VCI 1.0 §8.3, §9.2): either the
/// credentials, or a `transaction_id` to poll later.
public enum CredentialResponse: Sendable, Hashable {
    /// Issued now: one or more credentials and an optional `notification_id`.
    case issued(credentials: [CredentialPayload], notificationID: String?)
    /// Deferred: poll the deferred credential endpoint with `transactionID`, no sooner than
    /// `interval` seconds from now.
    case deferred(transactionID: String, interval: Int)

    /// Bounds on a response body.
    public struct Limits: Sendable, Hashable {
        /// The most credentials accepted in one response.
        public var maximumCredentials: Int
        /// The longest `transaction_id` or `notification_id`.
        public var maximumIdentifierLength: Int
        /// The longest wait an `interval` may ask for, in seconds (longer is clamped, not refused).
        public var maximumInterval: Int

        public init(maximumCredentials: Int = 100, maximumIdentifierLength: Int = 1024, maximumInterval: Int = 86_400 * 30) {
            self.maximumCredentials = maximumCredentials
            self.maximumIdentifierLength = maximumIdentifierLength
            self.maximumInterval = maximumInterval
        }
    }

    /// String-only formats: §A defines their credentials as strings (binary as base64url).
    static let stringFormats: Set<String> = ["dc+sd-jwt", "vc+sd-jwt", "mso_mdoc", "jwt_vc_json"]

    /// Reads and checks a response for a credential of `format`.
    ///
    /// `credentials` and `transaction_id` are mutually exclusive and one is required;
    /// `interval` must be positive with `transaction_id`; `notification_id` only with
    /// credentials. `dc+sd-jwt`, `mso_mdoc` and `jwt_vc_json` credentials must be non-empty
    /// strings (an mdoc's must be base64url); other formats may also be JSON objects.
    public init(
        json: JSONValue, format: String, endpoint: IssuerEndpoint = .credential, limits: Limits = Limits()
    ) throws(OpenID4VCIError) {
        func fail(_ reason: String) -> OpenID4VCIError { .invalidResponse(endpoint: endpoint, reason: reason) }
        guard let object = json.objectValue else { throw fail("the response is not a JSON object") }
        let credentials = object["credentials"]
        let transactionID = object["transaction_id"]
        switch (credentials, transactionID) {
        case (nil, nil): throw fail("the response has neither credentials nor transaction_id")
        case (.some, .some): throw fail("the response has both credentials and transaction_id")
        case let (nil, .some(transaction)):
            guard let id = transaction.stringValue, !id.isEmpty, id.count <= limits.maximumIdentifierLength else {
                throw fail("transaction_id is not a usable string")
            }
            guard object["notification_id"] == nil else {
                throw fail("notification_id without credentials")
            }
            guard let seconds = object["interval"]?.doubleValue, seconds.isFinite, seconds > 0 else {
                throw fail("interval is missing or not a positive number")
            }
            self = .deferred(transactionID: id, interval: Int(min(seconds.rounded(.up), Double(limits.maximumInterval))))
        case let (.some(list), nil):
            guard let entries = list.arrayValue, !entries.isEmpty else {
                throw fail("credentials is not a non-empty array")
            }
            guard entries.count <= limits.maximumCredentials else {
                throw fail("more than \(limits.maximumCredentials) credentials")
            }
            var payloads = [CredentialPayload]()
            for (index, entry) in entries.enumerated() {
                payloads.append(try Self.payload(entry, index: index, format: format, fail: fail))
            }
            var notificationID: String?
            if let value = object["notification_id"] {
                guard let id = value.stringValue, !id.isEmpty, id.count <= limits.maximumIdentifierLength else {
                    throw fail("notification_id is not a usable string")
                }
                notificationID = id
            }
            self = .issued(credentials: payloads, notificationID: notificationID)
        }
    }

    private static func payload(
        _ entry: JSONValue, index: Int, format: String, fail: (String) -> OpenID4VCIError
    ) throws(OpenID4VCIError) -> CredentialPayload {
        guard let credential = entry.objectValue?["credential"] else {
            throw fail("credentials[\(index)] is not an object with a credential")
        }
        switch credential {
        case let .string(text):
            guard !text.isEmpty else { throw fail("credentials[\(index)].credential is empty") }
            if format == "mso_mdoc" {
                guard let bytes = try? Base64URL.decode(text), !bytes.isEmpty else {
                    throw fail("credentials[\(index)].credential is not base64url")
                }
            }
            return .string(text)
        case let .object(object) where !stringFormats.contains(format):
            return .object(object)
        default:
            throw fail("credentials[\(index)].credential has the wrong type for \(format)")
        }
    }
}

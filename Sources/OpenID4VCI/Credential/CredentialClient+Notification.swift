import Foundation
import JSONModel

extension CredentialClient {
    /// Tells the issuer what happened to the credentials of `notificationID`
    /// (OpenID4VCI 1.0 §11); any 2xx (204 recommended) is success.
    ///
    /// `eventDescription` must be printable ASCII without `"` and `\` (§11.1).
    public func notify(
        _ notificationID: String, event: NotificationEvent, eventDescription: String? = nil
    ) async throws(OpenID4VCIError) {
        guard let url = endpoints.notification else {
            throw .invalidCredentialRequest("the issuer has no notification endpoint")
        }
        var body: JSONObject = ["notification_id": .string(notificationID), "event": .string(event.rawValue)]
        if let eventDescription {
            let allowed = eventDescription.unicodeScalars.allSatisfy { scalar in
                (0x20...0x7E).contains(scalar.value) && scalar != "\"" && scalar != "\\"
            }
            guard allowed, eventDescription.count <= 1024 else {
                throw .invalidCredentialRequest("event_description must be at most 1024 printable ASCII characters without \" or \\")
            }
            body["event_description"] = .string(eventDescription)
        }
        let response = try await requester.post(
            url, body: JSONValue.object(body).serialized(.compact), contentType: "application/json",
            accessToken: accessToken, endpoint: .notification)
        guard response.isSuccess else { throw response.issuerFailure(endpoint: .notification) }
    }
}

import Foundation
import JSONModel

/// An `authorization_details` entry of type `openid_credential` (OpenID4VCI 1.0 §5.1.1, §6.2):
/// in a request it names a credential configuration; in a token response it also carries the
/// `credential_identifiers` the credential requests must then use.
public struct CredentialAuthorizationDetail: Sendable, Hashable, Codable {
    /// The authorization details type this specification defines.
    public static let type = "openid_credential"

    /// `credential_configuration_id`.
    public var credentialConfigurationID: String
    /// `locations`: the credential issuer identifier, required when the issuer uses separate
    /// authorization servers.
    public var locations: [String]?
    /// `credential_identifiers` (token responses only): the credential datasets this token may
    /// obtain.
    public var credentialIdentifiers: [String]

    /// An entry for one configuration; `locations` is the issuer identifier when the issuer
    /// uses separate authorization servers.
    public init(credentialConfigurationID: String, locations: [String]? = nil, credentialIdentifiers: [String] = []) {
        self.credentialConfigurationID = credentialConfigurationID
        self.locations = locations
        self.credentialIdentifiers = credentialIdentifiers
    }

    /// The request form: `type`, `credential_configuration_id` and `locations`.
    public var requestJSON: JSONValue {
        var object: JSONObject = [
            "type": .string(Self.type), "credential_configuration_id": .string(credentialConfigurationID),
        ]
        if let locations { object["locations"] = .array(locations.map(JSONValue.string)) }
        return .object(object)
    }

    /// The `authorization_details` parameter value for `details`.
    static func parameter(_ details: [CredentialAuthorizationDetail]) -> String {
        JSONValue.array(details.map(\.requestJSON)).serializedString()
    }

    /// Reads the `openid_credential` entries of a token response's `authorization_details`;
    /// entries of other types are skipped, as RFC 9396 lets servers mix types.
    static func list(_ members: JSONMembers) throws(OpenID4VCIError) -> [CredentialAuthorizationDetail] {
        guard let entries = try members.objects("authorization_details", limit: 64) else { return [] }
        var details = [CredentialAuthorizationDetail]()
        for entry in entries {
            guard try entry.requiredString("type") == type else { continue }
            let id = try entry.requiredString("credential_configuration_id")
            guard let identifiers = try entry.strings("credential_identifiers", limit: 256) else {
                throw entry.fail("credential_identifiers", "missing")
            }
            details.append(CredentialAuthorizationDetail(
                credentialConfigurationID: id, locations: try entry.strings("locations", limit: 16),
                credentialIdentifiers: identifiers))
        }
        return details
    }
}

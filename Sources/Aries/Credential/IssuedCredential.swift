import AnonCreds
import JSONModel

/// The credential an exchange received and checked: an AnonCreds credential, processed (its
/// signature unblinded and verified against the offer), or a W3C credential whose Linked Data
/// proof verified and that is the one requested.
public enum IssuedCredential: Sendable, Hashable, Codable {
    /// An AnonCreds (Indy or AnonCreds format) credential, processed.
    case anonCreds(Credential)
    /// A W3C credential with its proof (`aries/ld-proof-vc@v1.0`).
    case w3c(JSONValue)

    private enum CodingKeys: String, CodingKey { case anonCreds = "anoncreds", w3c }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let credential = try container.decodeIfPresent(Credential.self, forKey: .anonCreds) {
            self = .anonCreds(credential)
        } else {
            self = .w3c(try container.decode(JSONValue.self, forKey: .w3c))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .anonCreds(let credential): try container.encode(credential, forKey: .anonCreds)
        case .w3c(let document): try container.encode(document, forKey: .w3c)
        }
    }
}

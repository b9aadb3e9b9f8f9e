import Foundation
import HTTP
import JSONModel

/// Why a credential offer (or, later, an issuance step) could not be used.
public enum OpenID4VCIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not a credential offer: wrong scheme, no or both offer parameters.
    case invalidOfferLink(String)
    /// The offer's JSON breaks the OpenID4VCI 1.0 rules; the path names the member.
    case invalidOffer(path: String, reason: String)
    /// Fetching `credential_offer_uri` failed at the HTTP level.
    case transport(HTTPError)
    /// The server answered, but not with an offer (status, media type, size or JSON).
    case unexpectedResponse(String)

    public var description: String {
        switch self {
        case let .invalidOfferLink(reason): "not a credential offer link: \(reason)"
        case let .invalidOffer(path, reason): "invalid credential offer at \(path): \(reason)"
        case let .transport(error): "fetching the credential offer failed: \(error)"
        case let .unexpectedResponse(reason): "the credential offer endpoint answered unexpectedly: \(reason)"
        }
    }
}

import Foundation
import HTTP
import JSONModel

/// What a scanned or tapped credential offer link carries: the offer itself, or where to
/// fetch it (OpenID4VCI 1.0 §4.1.2 and §4.1.3).
public enum CredentialOfferLink: Sendable, Hashable {
    /// `credential_offer`: the offer by value.
    case byValue(CredentialOffer)
    /// `credential_offer_uri`: an `https` URL that serves the offer.
    case byReference(URL)

    /// The custom schemes wallets register for offers: the specification's, and HAIP's.
    public static let schemes: Set<String> = ["openid-credential-offer", "haip-vci"]

    /// The longest link accepted, in bytes (an offer by value rides in the query).
    public static let maximumLinkLength = 64 * 1024

    /// Reads a link: `openid-credential-offer://`, `haip-vci://`, or an `https` link whose
    /// query carries the same parameters (an issuer's universal link). Exactly one of
    /// `credential_offer` and `credential_offer_uri` must be present.
    public init(_ link: String) throws(OpenID4VCIError) {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count <= Self.maximumLinkLength else {
            throw .invalidOfferLink("longer than \(Self.maximumLinkLength) bytes")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidOfferLink("\(text.prefix(80)) is not a URL")
        }
        guard Self.schemes.contains(scheme) || scheme == "https" else {
            throw .invalidOfferLink("scheme \(scheme) is not openid-credential-offer, haip-vci or https")
        }
        // Form decoding (`+` is a space), as the encoders of most issuers write query strings.
        let items = FormURLEncoding.decode(components.percentEncodedQuery ?? "").map { URLQueryItem(name: $0.0, value: $0.1) }
        let byValue = items.filter { $0.name == "credential_offer" }
        let byReference = items.filter { $0.name == "credential_offer_uri" }
        switch (byValue.count, byReference.count) {
        case (1, 0):
            guard let encoded = byValue[0].value, !encoded.isEmpty else { throw .invalidOfferLink("credential_offer is empty") }
            let json: JSONValue
            do {
                json = try JSONValue(parsing: encoded)
            } catch {
                throw .invalidOffer(path: "(root)", reason: "credential_offer is not JSON: \(error)")
            }
            self = .byValue(try CredentialOffer(json: json))
        case (0, 1):
            guard let value = byReference[0].value else { throw .invalidOfferLink("credential_offer_uri is empty") }
            do {
                self = .byReference(try CredentialOffer.httpsURL(value, allowingQuery: true, path: "credential_offer_uri"))
            } catch let .invalidOffer(_, reason) {
                throw .invalidOfferLink("credential_offer_uri: \(reason)")
            }
        case (0, 0):
            throw .invalidOfferLink("neither credential_offer nor credential_offer_uri")
        default:
            throw .invalidOfferLink("credential_offer and credential_offer_uri must appear once, and not together")
        }
    }
}

import Foundation
import HTTP

/// The parameters of an OpenID4VP request link, as scanned from a QR code or received as a
/// deep link, before any of them is interpreted.
///
/// Accepted forms are the custom schemes wallets register (`openid4vp://`, `haip-vp://`,
/// `eudi-openid4vp://`) and `https` universal links. A parameter may appear once: a repeated
/// one is refused rather than guessing which copy the verifier meant.
public struct AuthorizationRequestLink: Sendable, Hashable {
    /// The custom schemes accepted besides `https`.
    public static let customSchemes: Set<String> = ["openid4vp", "haip-vp", "eudi-openid4vp"]
    /// The longest link accepted, in bytes.
    public static let maximumLength = 64 * 1024

    /// The query parameters, decoded.
    public let parameters: [String: String]
    /// The link as received.
    public let link: String

    /// Reads `link`'s query parameters.
    public init(_ link: String) throws(OpenID4VPError) {
        guard link.utf8.count <= Self.maximumLength else {
            throw .invalidRequestLink("longer than \(Self.maximumLength) bytes")
        }
        guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased() else {
            throw .invalidRequestLink("not a URL")
        }
        guard scheme == "https" || Self.customSchemes.contains(scheme) else {
            throw .invalidRequestLink("scheme '\(scheme)' is not an OpenID4VP scheme")
        }
        var parameters: [String: String] = [:]
        for (name, value) in FormURLEncoding.decode(components.percentEncodedQuery ?? "") {
            guard parameters[name] == nil else { throw .invalidRequestLink("parameter '\(name)' appears twice") }
            parameters[name] = value
        }
        guard !parameters.isEmpty else { throw .invalidRequestLink("the link carries no request parameters") }
        self.parameters = parameters
        self.link = link
    }
}

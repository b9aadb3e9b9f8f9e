import Foundation
import JSONModel

/// A logo or image an issuer supplies for display (`logo`, `background_image`).
///
/// The URI is kept as written: it may be `https:` or `data:`, and a wallet decides whether and
/// how to fetch it (fetching reveals the user's interest to the host).
public struct DisplayImage: Sendable, Hashable {
    /// `uri`: where the image is.
    public var uri: String
    /// `alt_text`: the alternative text, for accessibility.
    public var altText: String?

    /// An image reference built in code.
    public init(uri: String, altText: String? = nil) {
        self.uri = uri
        self.altText = altText
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        uri = try members.requiredString("uri")
        altText = try members.string("alt_text")
    }
}

/// How to show the credential issuer for one language (`display` in issuer metadata).
public struct IssuerDisplay: Sendable, Hashable {
    /// `name`: the issuer's display name.
    public var name: String?
    /// `locale`: a BCP 47 language tag.
    public var locale: String?
    /// `logo`: the issuer's logo.
    public var logo: DisplayImage?

    /// Issuer display properties built in code.
    public init(name: String? = nil, locale: String? = nil, logo: DisplayImage? = nil) {
        self.name = name
        self.locale = locale
        self.logo = logo
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        name = try members.string("name")
        locale = try members.string("locale")
        logo = try members.object("logo").map { value throws(OpenID4VCIError) in try DisplayImage(value) }
    }
}

/// How to show a credential of one configuration for one language (`credential_metadata.display`).
public struct CredentialDisplay: Sendable, Hashable {
    /// `name`: the credential's display name (required by the specification).
    public var name: String
    /// `locale`: a BCP 47 language tag.
    public var locale: String?
    /// `logo`: the credential's logo.
    public var logo: DisplayImage?
    /// `description`: a description for the user.
    public var description: String?
    /// `background_color`: a CSS colour.
    public var backgroundColor: String?
    /// `background_image`: an image behind the card.
    public var backgroundImage: DisplayImage?
    /// `text_color`: a CSS colour.
    public var textColor: String?

    /// Credential display properties built in code.
    public init(
        name: String, locale: String? = nil, logo: DisplayImage? = nil, description: String? = nil,
        backgroundColor: String? = nil, backgroundImage: DisplayImage? = nil, textColor: String? = nil
    ) {
        self.name = name
        self.locale = locale
        self.logo = logo
        self.description = description
        self.backgroundColor = backgroundColor
        self.backgroundImage = backgroundImage
        self.textColor = textColor
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        name = try members.requiredString("name")
        locale = try members.string("locale")
        logo = try members.object("logo").map { value throws(OpenID4VCIError) in try DisplayImage(value) }
        description = try members.string("description")
        backgroundColor = try members.string("background_color")
        backgroundImage = try members.object("background_image").map { value throws(OpenID4VCIError) in try DisplayImage(value) }
        textColor = try members.string("text_color")
    }
}

/// How to show one claim for one language (`claims[].display`).
public struct ClaimDisplay: Sendable, Hashable {
    /// `name`: the claim's display name.
    public var name: String?
    /// `locale`: a BCP 47 language tag.
    public var locale: String?

    /// Claim display properties built in code.
    public init(name: String? = nil, locale: String? = nil) {
        self.name = name
        self.locale = locale
    }

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        name = try members.string("name")
        locale = try members.string("locale")
    }
}

/// Display entries must not repeat a locale (OpenID4VCI 1.0 §12.2.4: "only one object for each
/// language identifier").
func checkUniqueLocales(_ locales: [String?], members: JSONMembers, name: String) throws(OpenID4VCIError) {
    var seen = Set<String>()
    for (index, locale) in locales.enumerated() {
        guard let locale else { continue }
        guard seen.insert(locale.lowercased()).inserted else {
            throw members.fail("\(name)[\(index)].locale", "locale \(locale) appears twice")
        }
    }
}

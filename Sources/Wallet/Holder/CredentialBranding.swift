import JSONModel

/// How to draw a credential: name, colours, logo and background, in one locale.
///
/// Read from the display information kept at issuance: an OpenID4VCI credential
/// configuration `display` entry (`name`, `description`, `background_color`,
/// `background_image.uri`, `text_color`, `logo.uri`, `logo.alt_text`) or an SD-JWT VC Type
/// Metadata `display` entry (the same under `rendering.simple`).
public struct CredentialBranding: Sendable, Hashable {
    /// The credential's display name.
    public var name: String?
    /// A longer description.
    public var description: String?
    /// The locale of the entry used (BCP 47), when it names one.
    public var locale: String?
    /// The background colour (CSS colour text, usually `#RRGGBB`).
    public var backgroundColor: String?
    /// The text colour.
    public var textColor: String?
    /// Where the logo image is.
    public var logoURI: String?
    /// The logo's text alternative.
    public var logoAltText: String?
    /// Where the background image is.
    public var backgroundImageURI: String?

    /// The branding in the entry of `display` best matching `locales`; `nil` when there is
    /// no usable entry.
    public init?(display: JSONValue?, preferring locales: [String] = []) {
        guard let entry = DisplayEntry.pick(display, preferring: locales) else { return nil }
        let simple = entry["rendering"]?["simple"]
        name = entry["name"]?.stringValue
        description = entry["description"]?.stringValue
        locale = entry["locale"]?.stringValue ?? entry["lang"]?.stringValue
        backgroundColor = entry["background_color"]?.stringValue ?? simple?["background_color"]?.stringValue
        textColor = entry["text_color"]?.stringValue ?? simple?["text_color"]?.stringValue
        let logo = entry["logo"] ?? simple?["logo"]
        logoURI = logo?["uri"]?.stringValue
        logoAltText = logo?["alt_text"]?.stringValue
        backgroundImageURI = entry["background_image"]?["uri"]?.stringValue
        if name == nil, description == nil, backgroundColor == nil, textColor == nil, logoURI == nil,
           backgroundImageURI == nil { return nil }
    }
}

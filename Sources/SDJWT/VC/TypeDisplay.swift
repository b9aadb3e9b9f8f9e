import JSONModel

/// How to show a credential type in one locale (draft-ietf-oauth-sd-jwt-vc, "Display
/// Metadata"): what a wallet puts on the card.
///
/// Everything here came from a document the wallet fetched, so it is checked before it is
/// handed out: texts are bounded and free of control characters, colours are plain CSS
/// colour values, and resource URIs are `https` or `data:` only.
public struct TypeDisplay: Sendable, Hashable, TypeMetadataLocalized {
    /// The language tag.
    public let locale: String
    /// `name`, for end users.
    public let name: String
    /// `description`, for end users.
    public let description: String?
    /// `rendering.simple`, for wallets that do not render SVG.
    public let simpleRendering: SimpleRendering?
    /// `rendering.svg_templates`.
    public let svgTemplates: [SVGTemplate]

    init(_ value: JSONValue, at location: String) throws(SDJWTVCError) {
        let members = try TypeMetadataMembers(value, at: location)
        locale = try members.locale()
        name = try members.text("name", required: true) ?? ""
        description = try members.text("description")
        let rendering = try members.member("rendering")
        if let simple = try rendering?.member("simple") {
            simpleRendering = try SimpleRendering(simple)
        } else {
            simpleRendering = nil
        }
        var templates = [SVGTemplate]()
        if let entries = try rendering?.array("svg_templates") {
            for (entry, entryLocation) in entries {
                templates.append(try SVGTemplate(try TypeMetadataMembers(entry, at: entryLocation)))
            }
            if templates.count > 1, templates.contains(where: { $0.properties == nil }) {
                throw .typeMetadata("\(location).rendering.svg_templates: properties are required with several templates")
            }
        }
        svgTemplates = templates
    }
}

/// The `simple` rendering method: a logo, a background and two colours.
public struct SimpleRendering: Sendable, Hashable {
    /// `logo`.
    public let logo: RenderingImage?
    /// `background_image`.
    public let backgroundImage: RenderingImage?
    /// `background_color`, a CSS colour value.
    public let backgroundColor: String?
    /// `text_color`, a CSS colour value.
    public let textColor: String?

    init(_ members: TypeMetadataMembers) throws(SDJWTVCError) {
        if let logo = try members.member("logo") { self.logo = try RenderingImage(logo) } else { logo = nil }
        if let background = try members.member("background_image") {
            backgroundImage = try RenderingImage(background)
        } else {
            backgroundImage = nil
        }
        backgroundColor = try Self.color(members, "background_color")
        textColor = try Self.color(members, "text_color")
    }

    /// A colour as CSS writes it (`#rgb`, `#rrggbb` with optional alpha, `rgb(…)`/`rgba(…)`,
    /// or a named colour): nothing a wallet could not put into a style attribute as it is.
    static func color(_ members: TypeMetadataMembers, _ name: String) throws(SDJWTVCError) -> String? {
        guard let value = try members.string(name) else { return nil }
        let scalars = Array(value.unicodeScalars)
        let isHexDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
        let valid: Bool
        if value.hasPrefix("#") {
            valid = [4, 5, 7, 9].contains(scalars.count) && scalars.dropFirst().allSatisfy(isHexDigit)
        } else if let open = value.firstIndex(of: "("), value.hasSuffix(")"),
                  ["rgb", "rgba"].contains(value[..<open].lowercased()) {
            let inside = value[value.index(after: open)..<value.index(before: value.endIndex)]
            valid = !inside.isEmpty && inside.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || " .,%/".unicodeScalars.contains($0) }
        } else {
            valid = (1...32).contains(scalars.count) && scalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        }
        guard valid, value.count <= 64 else { throw .typeMetadata("\(members.location).\(name) \(value) is not a CSS colour") }
        return value
    }
}

/// A logo or background image: where to get it and the digest it must match.
public struct RenderingImage: Sendable, Hashable {
    /// `uri`: `https` or `data:`.
    public let uri: String
    /// `uri#integrity`: the SRI digest the fetched image must match (see
    /// ``TypeMetadataResolver/matches(_:integrity:)``).
    public let integrity: String?
    /// `alt_text` (logos only).
    public let altText: String?

    init(_ members: TypeMetadataMembers) throws(SDJWTVCError) {
        uri = try members.resourceURI("uri")
        integrity = try members.string("uri#integrity")
        altText = try members.text("alt_text")
    }
}

/// One SVG template and what it is optimised for.
public struct SVGTemplate: Sendable, Hashable {
    /// What a template suits; a wallet picks the best one for its screen and user settings.
    public struct Properties: Sendable, Hashable {
        /// `orientation`: `portrait` or `landscape`.
        public let orientation: String?
        /// `color_scheme`: `light` or `dark`.
        public let colorScheme: String?
        /// `contrast`: `normal` or `high`.
        public let contrast: String?
    }

    /// `uri`: `https` or `data:`.
    public let uri: String
    /// `uri#integrity`.
    public let integrity: String?
    /// `properties`.
    public let properties: Properties?

    init(_ members: TypeMetadataMembers) throws(SDJWTVCError) {
        uri = try members.resourceURI("uri")
        integrity = try members.string("uri#integrity")
        if let properties = try members.member("properties") {
            let orientation = try Self.choice(properties, "orientation", ["portrait", "landscape"])
            let colorScheme = try Self.choice(properties, "color_scheme", ["light", "dark"])
            let contrast = try Self.choice(properties, "contrast", ["normal", "high"])
            guard orientation != nil || colorScheme != nil || contrast != nil else {
                throw .typeMetadata("\(properties.location) names no orientation, color_scheme or contrast")
            }
            self.properties = Properties(orientation: orientation, colorScheme: colorScheme, contrast: contrast)
        } else {
            properties = nil
        }
    }

    private static func choice(_ members: TypeMetadataMembers, _ name: String, _ allowed: [String]) throws(SDJWTVCError) -> String? {
        guard let value = try members.string(name) else { return nil }
        guard allowed.contains(value) else { throw .typeMetadata("\(members.location).\(name) is not one of \(allowed)") }
        return value
    }
}

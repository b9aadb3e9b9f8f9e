/// Something shown in one locale: a type's display or a claim's label.
public protocol TypeMetadataLocalized: Sendable {
    /// The language tag (RFC 5646).
    var locale: String { get }
}

/// Picks the entry "the consuming application considers most appropriate for the user"
/// (draft-ietf-oauth-sd-jwt-vc): the first of the user's preferred tags matched exactly,
/// then by its primary language, then the document's first entry, so a wallet always has
/// something to show.
public enum TypeMetadataLocale {
    /// The best of `entries` for `preferences` (most preferred first, e.g. `["de-CH", "en"]`);
    /// `nil` only when `entries` is empty.
    public static func best<Entry: TypeMetadataLocalized>(of entries: [Entry], preferring preferences: [String]) -> Entry? {
        for preference in preferences {
            if let exact = entries.first(where: { $0.locale.lowercased() == preference.lowercased() }) { return exact }
            let language = primaryLanguage(preference)
            if let near = entries.first(where: { primaryLanguage($0.locale) == language }) { return near }
        }
        return entries.first
    }

    static func primaryLanguage(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}

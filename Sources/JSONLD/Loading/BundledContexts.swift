import JSONModel

/// The JSON-LD contexts W3C credentials use, bundled so that processing them needs no
/// network. See `Docs/JSONLD-Contexts.md` for where each came from and its SHA-256.
public enum BundledContexts {
    /// Each context's URL and its text.
    static let texts: [String: String] = [:]

    /// The parsed contexts by URL.
    static let documents: [String: JSONValue] = texts.compactMapValues { text in
        try? JSONValue(parsing: Array(text.utf8))
    }

    /// The URLs of the bundled contexts.
    public static var urls: [String] { texts.keys.sorted() }
}

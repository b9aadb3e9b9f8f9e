/// The JSON-LD keywords and the tests on strings the algorithms make again and again.
enum Keyword {
    /// Every keyword of JSON-LD 1.1 and of JSON-LD 1.1 Framing (a term may not redefine one).
    static let all: Set<String> = [
        "@base", "@container", "@context", "@direction", "@graph", "@id", "@import", "@included", "@index",
        "@json", "@language", "@list", "@nest", "@none", "@prefix", "@propagate", "@protected", "@reverse",
        "@set", "@type", "@value", "@version", "@vocab",
        "@default", "@embed", "@explicit", "@omitDefault", "@requireAll",
    ]

    static func isKeyword(_ value: String) -> Bool { value.hasPrefix("@") && all.contains(value) }

    /// `@` followed by one or more ASCII letters: reserved for future keywords, so ignored
    /// with a warning rather than taken as a term or IRI.
    static func hasKeywordForm(_ value: String) -> Bool {
        let scalars = value.unicodeScalars
        guard scalars.count > 1, scalars.first == "@" else { return false }
        return scalars.dropFirst().allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    static func isBlankNode(_ value: String) -> Bool { value.hasPrefix("_:") }

    /// A BCP 47 tag in the loose form toRdf checks before writing a language-tagged literal.
    static func isWellFormedLanguage(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (1...8).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}

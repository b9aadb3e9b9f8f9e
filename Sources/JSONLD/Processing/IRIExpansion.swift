/// IRI Expansion (JSON-LD 1.1 API §4.3.2): a term, compact IRI, keyword alias or relative
/// reference to the absolute IRI, blank node identifier or keyword it stands for.
extension JSONLDProcessor {
    /// Expansion against a finished active context (no term is defined on the way). `nil`
    /// means the value stands for nothing (a term mapped to `null`, a keyword-like string).
    func expandIRI(_ value: String, in active: ActiveContext, documentRelative: Bool = false, vocab: Bool = false) -> String? {
        if Keyword.isKeyword(value) { return value }
        if Keyword.hasKeywordForm(value) { return nil }
        let definition = active.terms[value]
        if let definition, let iri = definition.iri, Keyword.isKeyword(iri) { return iri }
        if vocab, let definition { return definition.iri }
        if let colon = value.firstIndex(of: ":"), colon != value.startIndex {
            let prefix = value[..<colon]
            let suffix = value[value.index(after: colon)...]
            if prefix == "_" || suffix.hasPrefix("//") { return value }
            if let prefixDefinition = active.terms[String(prefix)], let iri = prefixDefinition.iri, prefixDefinition.isPrefix {
                return iri + suffix
            }
            if IRIReference.isAbsolute(value) { return value }
        }
        if vocab, let mapping = active.vocabularyMapping { return mapping + value }
        if documentRelative { return IRIReference.resolve(value, against: active.baseIRI) }
        return value
    }

    /// Expansion while a local context is being processed: terms of that context that the
    /// value names are defined first (steps 3 and 6.3).
    func expandIRI(
        _ value: String, in active: inout ActiveContext, defining definer: inout TermDefiner,
        documentRelative: Bool = false, vocab: Bool = false
    ) async throws(JSONLDError) -> String? {
        if Keyword.isKeyword(value) || Keyword.hasKeywordForm(value) {
            return expandIRI(value, in: active, documentRelative: documentRelative, vocab: vocab)
        }
        if definer.local.contains(value), definer.defined[value] != true {
            try await define(value, in: &active, with: &definer)
        }
        if let colon = value.firstIndex(of: ":"), colon != value.startIndex {
            let prefix = String(value[..<colon])
            let suffix = value[value.index(after: colon)...]
            if prefix != "_", !suffix.hasPrefix("//"), definer.local.contains(prefix), definer.defined[prefix] != true {
                try await define(prefix, in: &active, with: &definer)
            }
        }
        return expandIRI(value, in: active, documentRelative: documentRelative, vocab: vocab)
    }
}

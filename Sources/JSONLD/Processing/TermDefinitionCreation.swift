import JSONModel

/// The state Create Term Definition (JSON-LD 1.1 API §4.2.2) shares across the terms of one
/// local context: which terms are done or in progress (to find cycles) and the flags the
/// context was processed with.
struct TermDefiner {
    /// The context's own entries, which are not terms.
    static let contextKeywords: Set<String> = [
        "@base", "@direction", "@import", "@language", "@propagate", "@protected", "@version", "@vocab",
    ]
    static let definitionKeys: Set<String> = [
        "@id", "@reverse", "@container", "@context", "@direction", "@index", "@language", "@nest", "@prefix",
        "@protected", "@type",
    ]

    let local: JSONObject
    let baseURL: String?
    let defaultProtected: Bool
    let overrideProtected: Bool
    let remoteContexts: [String]
    var defined: [String: Bool] = [:]

    init(local: JSONObject, baseURL: String?, defaultProtected: Bool, overrideProtected: Bool, remoteContexts: [String]) {
        self.local = local
        self.baseURL = baseURL
        self.defaultProtected = defaultProtected
        self.overrideProtected = overrideProtected
        self.remoteContexts = remoteContexts
    }
}

extension JSONLDProcessor {
    /// Create Term Definition for `term` of the definer's local context.
    func define(_ term: String, in active: inout ActiveContext, with definer: inout TermDefiner) async throws(JSONLDError) {
        if let state = definer.defined[term] {
            if state { return }
            throw .error(.cyclicIRIMapping, "\(term) is defined through itself")
        }
        guard !term.isEmpty else { throw .error(.invalidTermDefinition, "the empty string is not a term") }
        definer.defined[term] = false
        var value = definer.local[term] ?? .null
        if term == "@type", !active.isJSONLD10, case let .object(object) = value {
            let allowed = object.allSatisfy { name, entry in
                (name == "@container" && entry == "@set") || name == "@protected"
            }
            guard allowed, !object.isEmpty else { throw .error(.keywordRedefinition, "@type may only be given @container @set") }
        } else if Keyword.isKeyword(term) {
            throw .error(.keywordRedefinition, "\(term) is a keyword")
        } else if Keyword.hasKeywordForm(term) {
            definer.defined[term] = true
            return
        }
        let previous = active.terms.removeValue(forKey: term)
        var simpleTerm = false
        switch value {
        case .null: value = ["@id": .null]
        case .string: value = ["@id": value]; simpleTerm = true
        case .object: break
        default: throw .error(.invalidTermDefinition, "the definition of \(term) is not a string or map")
        }
        guard case let .object(entries) = value else { return }
        var definition = TermDefinition()
        definition.isProtected = definer.defaultProtected
        if let protected = entries["@protected"] {
            if active.isJSONLD10 { throw .error(.invalidTermDefinition, "@protected in json-ld-1.0 mode") }
            guard case let .bool(flag) = protected else { throw .error(.invalidProtectedValue, "@protected of \(term)") }
            definition.isProtected = flag
        }
        if let type = entries["@type"] {
            guard case let .string(typeString) = type else { throw .error(.invalidTypeMapping, "@type of \(term) is not a string") }
            let expanded = try await expandIRI(typeString, in: &active, defining: &definer, vocab: true)
            guard let expanded else { throw .error(.invalidTypeMapping, "@type of \(term)") }
            if active.isJSONLD10 && (expanded == "@json" || expanded == "@none") {
                throw .error(.invalidTypeMapping, "\(expanded) in json-ld-1.0 mode")
            }
            guard ["@id", "@json", "@none", "@vocab"].contains(expanded) || IRIReference.isAbsolute(expanded) else {
                throw .error(.invalidTypeMapping, "@type of \(term) is \(expanded)")
            }
            definition.typeMapping = expanded
        }
        if let reverse = entries["@reverse"] {
            try await defineReverse(term, reverse, entries, &definition, in: &active, with: &definer)
            if let previous, previous.isProtected, !definer.overrideProtected, !previous.sameDefinition(as: definition) {
                throw .error(.protectedTermRedefinition, term)
            }
            if definition.iri != nil || !Keyword.hasKeywordForm(reverse.stringValue ?? "") {
                active.terms[term] = definition
            }
            definer.defined[term] = true
            return
        }
        guard try await mapIRI(term, entries, simpleTerm: simpleTerm, &definition, in: &active, with: &definer) else {
            definer.defined[term] = true
            return
        }
        try await readContainer(term, entries, &definition, in: &active, with: &definer)
        try await readScopedContext(term, entries, &definition, in: active, with: definer)
        try readValueMappings(term, entries, &definition, in: active)
        if entries.contains(where: { !TermDefiner.definitionKeys.contains($0.name) }) {
            throw .error(.invalidTermDefinition, "\(term) has an entry that is not a definition keyword")
        }
        if let previous, previous.isProtected, !definer.overrideProtected {
            guard previous.sameDefinition(as: definition) else { throw .error(.protectedTermRedefinition, term) }
            definition = previous
        }
        active.terms[term] = definition
        definer.defined[term] = true
    }

    private func defineReverse(
        _ term: String, _ reverse: JSONValue, _ entries: JSONObject, _ definition: inout TermDefinition,
        in active: inout ActiveContext, with definer: inout TermDefiner
    ) async throws(JSONLDError) {
        if entries.contains("@id") || entries.contains("@nest") {
            throw .error(.invalidReverseProperty, "\(term) has @reverse with @id or @nest")
        }
        guard case let .string(reverseIRI) = reverse else { throw .error(.invalidIRIMapping, "@reverse of \(term)") }
        if Keyword.hasKeywordForm(reverseIRI) { return }
        let expanded = try await expandIRI(reverseIRI, in: &active, defining: &definer, vocab: true)
        guard let expanded, IRIReference.isAbsolute(expanded) || Keyword.isBlankNode(expanded) else {
            throw .error(.invalidIRIMapping, "@reverse of \(term)")
        }
        definition.iri = expanded
        if let container = entries["@container"] {
            switch container {
            case .null: break
            case .string("@set"), .string("@index"): definition.container = [container.stringValue!]
            default: throw .error(.invalidReverseProperty, "\(term): a reverse property's container is @set or @index")
            }
        }
        definition.isReverse = true
        try await readIndex(term, entries, &definition, in: &active, with: &definer)
        try readValueMappings(term, entries, &definition, in: active)
    }

    /// Steps 14 to 18: the term's IRI mapping. `false` when the term is to be ignored (its
    /// `@id` has the form of a keyword that is not one).
    private func mapIRI(
        _ term: String, _ entries: JSONObject, simpleTerm: Bool, _ definition: inout TermDefinition,
        in active: inout ActiveContext, with definer: inout TermDefiner
    ) async throws(JSONLDError) -> Bool {
        let colon = term.firstIndex(of: ":")
        let hasInnerColon = colon.map { $0 != term.startIndex && term.index(after: $0) != term.endIndex } ?? false
        if let id = entries["@id"], id != .string(term) {
            guard case let .string(idString) = id else {
                if id == .null { return true }
                throw .error(.invalidIRIMapping, "@id of \(term) is not a string")
            }
            if !Keyword.isKeyword(idString) && Keyword.hasKeywordForm(idString) { return false }
            let expanded = try await expandIRI(idString, in: &active, defining: &definer, vocab: true)
            guard let expanded, Keyword.isKeyword(expanded) || IRIReference.isAbsolute(expanded) || Keyword.isBlankNode(expanded)
            else { throw .error(.invalidIRIMapping, "\(term) maps to \(idString)") }
            if expanded == "@context" { throw .error(.invalidKeywordAlias, "\(term) aliases @context") }
            definition.iri = expanded
            if hasInnerColon || term.contains("/") {
                definer.defined[term] = true
                let own = try await expandIRI(term, in: &active, defining: &definer, vocab: true)
                guard own == expanded else { throw .error(.invalidIRIMapping, "\(term) expands to something else") }
            }
            if !term.contains(":"), !term.contains("/"), simpleTerm,
               Keyword.isBlankNode(expanded) || expanded.last.map({ ":/?#[]@".contains($0) }) == true {
                definition.isPrefix = true
            }
        } else if let colon, colon != term.startIndex {
            let prefix = String(term[..<colon])
            let suffix = term[term.index(after: colon)...]
            if !suffix.hasPrefix("//"), definer.local.contains(prefix) { try await define(prefix, in: &active, with: &definer) }
            if !suffix.hasPrefix("//"), let prefixIRI = active.terms[prefix]?.iri {
                definition.iri = prefixIRI + suffix
            } else {
                definition.iri = term
            }
        } else if term.contains("/") {
            let expanded = expandIRI(term, in: active, vocab: true)
            guard let expanded, IRIReference.isAbsolute(expanded) else { throw .error(.invalidIRIMapping, "\(term) is relative") }
            definition.iri = expanded
        } else if term == "@type" {
            definition.iri = "@type"
        } else if let vocab = active.vocabularyMapping {
            definition.iri = vocab + term
        } else {
            throw .error(.invalidIRIMapping, "\(term) has no IRI and there is no @vocab")
        }
        return true
    }

    private func readContainer(
        _ term: String, _ entries: JSONObject, _ definition: inout TermDefinition,
        in active: inout ActiveContext, with definer: inout TermDefiner
    ) async throws(JSONLDError) {
        if let container = entries["@container"] {
            let values: [JSONValue] = if case let .array(items) = container { items } else { [container] }
            let strings = values.compactMap(\.stringValue)
            guard strings.count == values.count, Self.isValidContainer(Set(strings), count: strings.count) else {
                throw .error(.invalidContainerMapping, "@container of \(term)")
            }
            if active.isJSONLD10 {
                guard case let .string(single) = container, !["@graph", "@id", "@type"].contains(single) else {
                    throw .error(.invalidContainerMapping, "@container of \(term) in json-ld-1.0 mode")
                }
            }
            definition.container = Set(strings)
            if definition.container.contains("@type") {
                if definition.typeMapping == nil { definition.typeMapping = "@id" }
                guard definition.typeMapping == "@id" || definition.typeMapping == "@vocab" else {
                    throw .error(.invalidTypeMapping, "a type map's @type is @id or @vocab")
                }
            }
        }
        try await readIndex(term, entries, &definition, in: &active, with: &definer)
    }

    /// `@index`: the property an index map's keys are values of.
    private func readIndex(
        _ term: String, _ entries: JSONObject, _ definition: inout TermDefinition,
        in active: inout ActiveContext, with definer: inout TermDefiner
    ) async throws(JSONLDError) {
        if let index = entries["@index"] {
            guard !active.isJSONLD10, definition.container.contains("@index") else {
                throw .error(.invalidTermDefinition, "@index of \(term) without an index container")
            }
            guard case let .string(indexString) = index,
                  let expanded = try await expandIRI(indexString, in: &active, defining: &definer, vocab: true),
                  IRIReference.isAbsolute(expanded), !Keyword.isKeyword(indexString)
            else { throw .error(.invalidTermDefinition, "@index of \(term) is not an IRI") }
            definition.index = indexString
        }
    }

    /// The container combinations JSON-LD 1.1 allows (§4.2.2 step 19.1).
    static func isValidContainer(_ set: Set<String>, count: Int) -> Bool {
        guard set.count == count else { return false }
        let singles: Set<String> = ["@graph", "@id", "@index", "@language", "@list", "@set", "@type"]
        if count == 1 { return singles.contains(set.first!) }
        if set.contains("@list") { return false }
        if set.contains("@graph") {
            return set.subtracting(["@graph", "@id", "@index", "@set"]).isEmpty && !(set.contains("@id") && set.contains("@index"))
        }
        if set.contains("@set") {
            return set.count == 2 && set.subtracting(["@set", "@index", "@id", "@type", "@language"]).isEmpty
        }
        return false
    }

    private func readScopedContext(
        _ term: String, _ entries: JSONObject, _ definition: inout TermDefinition,
        in active: ActiveContext, with definer: TermDefiner
    ) async throws(JSONLDError) {
        guard let context = entries["@context"] else { return }
        if active.isJSONLD10 { throw .error(.invalidTermDefinition, "@context in a term definition in json-ld-1.0 mode") }
        var flags = ContextFlags()
        flags.overrideProtected = true
        flags.remoteContexts = definer.remoteContexts
        flags.validateScopedContext = false
        do {
            _ = try await processContext(active, local: context, baseURL: definer.baseURL, flags: flags)
        } catch {
            if case .limitExceeded = error { throw error }
            throw .error(.invalidScopedContext, "the context of \(term): \(error)")
        }
        definition.localContext = context
        definition.baseURL = definer.baseURL
    }

    private func readValueMappings(
        _ term: String, _ entries: JSONObject, _ definition: inout TermDefinition, in active: ActiveContext
    ) throws(JSONLDError) {
        if let language = entries["@language"], !entries.contains("@type") {
            switch language {
            case .null: definition.languageMapping = .null
            case let .string(tag): definition.languageMapping = .value(tag.lowercased())
            default: throw .error(.invalidLanguageMapping, "@language of \(term)")
            }
        }
        if let direction = entries["@direction"], !entries.contains("@type") {
            switch direction {
            case .null: definition.directionMapping = .null
            case .string("ltr"), .string("rtl"): definition.directionMapping = .value(direction.stringValue!)
            default: throw .error(.invalidBaseDirection, "@direction of \(term)")
            }
        }
        if let nest = entries["@nest"] {
            if active.isJSONLD10 { throw .error(.invalidTermDefinition, "@nest in json-ld-1.0 mode") }
            guard case let .string(nestString) = nest, nestString == "@nest" || !Keyword.isKeyword(nestString) else {
                throw .error(.invalidNestValue, "@nest of \(term)")
            }
            definition.nest = nestString
        }
        if let prefix = entries["@prefix"] {
            if active.isJSONLD10 || term.contains(":") || term.contains("/") {
                throw .error(.invalidTermDefinition, "@prefix of \(term)")
            }
            guard case let .bool(flag) = prefix else { throw .error(.invalidPrefixValue, "@prefix of \(term)") }
            definition.isPrefix = flag
            if flag, let iri = definition.iri, Keyword.isKeyword(iri) {
                throw .error(.invalidTermDefinition, "\(term) is a prefix for a keyword")
            }
        }
    }
}

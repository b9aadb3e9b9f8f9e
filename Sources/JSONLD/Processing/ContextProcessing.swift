import JSONModel

/// The Context Processing algorithm (JSON-LD 1.1 API §4.1.2): a local context applied to an
/// active context gives the new active context.
extension JSONLDProcessor {
    /// The flags the algorithm threads through its recursion.
    struct ContextFlags: Hashable {
        var remoteContexts: [String] = []
        var overrideProtected = false
        var propagate = true
        var validateScopedContext = true
    }

    /// Context processing through the cache: the same local context applied to the same
    /// active context with the same flags gives the same result, so a credential's contexts
    /// and each type's scoped context are processed once, not once per node or per document.
    func processContext(
        _ active: ActiveContext, local: JSONValue, baseURL: String?, flags: ContextFlags = ContextFlags()
    ) async throws(JSONLDError) -> ActiveContext {
        // A scoped context's validation runs on a context still being defined; its result is
        // thrown away, so it is neither looked up nor kept.
        guard flags.validateScopedContext else {
            var result = try await processUncached(active, local: local, baseURL: baseURL, flags: flags)
            result.identity = ContextCache.nextIdentity()
            return result
        }
        let key = ContextCache.Key(
            active: active.identity, local: local, baseURL: baseURL, flags: flags,
            loader: sharedLoaderIdentity, limits: limits)
        if let cached = contextCache.context(for: key) { return cached }
        var result = try await processUncached(active, local: local, baseURL: baseURL, flags: flags)
        result.identity = ContextCache.nextIdentity()
        contextCache.store(result, for: key)
        return result
    }

    private func processUncached(
        _ active: ActiveContext, local: JSONValue, baseURL: String?, flags: ContextFlags
    ) async throws(JSONLDError) -> ActiveContext {
        contextSteps += 1
        guard contextSteps <= limits.maxContextProcessing else {
            throw .limitExceeded(.contextProcessing, limit: limits.maxContextProcessing)
        }
        var result = active
        var propagate = flags.propagate
        if case let .object(object) = local, let value = object["@propagate"] {
            guard case let .bool(flag) = value else { throw .error(.invalidPropagateValue, "@propagate must be a boolean") }
            propagate = flag
        }
        // Every state the result passes through has its own identity, so that the nested
        // (cached) processing of a remote context never takes it for another.
        if !propagate && result.previous == nil {
            result.previous = .init(active)
            result.identity = ContextCache.nextIdentity()
        }
        let contexts: [JSONValue] = if case let .array(items) = local { items } else { [local] }
        for context in contexts {
            switch context {
            case .null:
                if !flags.overrideProtected && result.hasProtectedTerms {
                    throw .error(.invalidContextNullification, "a context with protected terms cannot be nulled")
                }
                let before = result
                result = ActiveContext(base: active.originalBaseURL, processingMode: active.processingMode)
                if !propagate { result.previous = .init(before) }
                result.identity = ContextCache.nextIdentity()
            case let .string(reference):
                result = try await processRemoteContext(reference, into: result, baseURL: baseURL, flags: flags)
            case let .object(object):
                result = try await processLocalContext(object, into: result, baseURL: baseURL, flags: flags)
                result.identity = ContextCache.nextIdentity()
            default:
                throw .error(.invalidLocalContext, "a context must be null, a string or a map")
            }
        }
        return result
    }

    private func processRemoteContext(
        _ reference: String, into result: ActiveContext, baseURL: String?, flags: ContextFlags
    ) async throws(JSONLDError) -> ActiveContext {
        let url = IRIReference.resolve(reference, against: baseURL)
        if !flags.validateScopedContext && flags.remoteContexts.contains(url) { return result }
        guard flags.remoteContexts.count < limits.maxRemoteContextDepth else {
            throw .limitExceeded(.remoteContextDepth, limit: limits.maxRemoteContextDepth)
        }
        guard IRIReference.isAbsolute(url) else {
            throw .loadingRemoteContextFailed(url: url, reason: .notAvailable(url: url))
        }
        let loaded = try await loadRemoteContext(url)
        var nested = flags
        nested.remoteContexts.append(url)
        nested.overrideProtected = false
        nested.propagate = true
        return try await processContext(
            result, local: loaded.document["@context"] ?? .null, baseURL: loaded.documentURL, flags: nested)
    }

    private func processLocalContext(
        _ original: JSONObject, into start: ActiveContext, baseURL: String?, flags: ContextFlags
    ) async throws(JSONLDError) -> ActiveContext {
        var result = start
        var context = original
        if let version = context["@version"] {
            guard version.numberValue?.doubleValue == 1.1 else {
                throw .error(.invalidVersionValue, "@version must be 1.1")
            }
            if result.isJSONLD10 { throw .error(.processingModeConflict, "@version 1.1 in json-ld-1.0 mode") }
        }
        if let importValue = context["@import"] {
            context = try await importing(importValue, into: context, baseURL: baseURL, mode: result.processingMode)
        }
        if let base = context["@base"], flags.remoteContexts.isEmpty {
            switch base {
            case .null: result.baseIRI = nil
            case let .string(iri) where IRIReference.isAbsolute(iri): result.baseIRI = iri
            case let .string(iri) where result.baseIRI != nil: result.baseIRI = IRIReference.resolve(iri, against: result.baseIRI)
            default: throw .error(.invalidBaseIRI, "@base must be an IRI or null")
            }
        }
        if let vocab = context["@vocab"] {
            switch vocab {
            case .null: result.vocabularyMapping = nil
            case let .string(iri):
                let expanded = expandIRI(iri, in: result, documentRelative: true, vocab: true)
                guard let expanded, IRIReference.isAbsolute(expanded) || Keyword.isBlankNode(expanded)
                        || (result.isJSONLD10 == false && !Keyword.isKeyword(expanded)) else {
                    throw .error(.invalidVocabMapping, "@vocab must be an IRI or blank node")
                }
                if result.isJSONLD10 && !IRIReference.isAbsolute(expanded) && !Keyword.isBlankNode(expanded) {
                    throw .error(.invalidVocabMapping, "@vocab must be absolute in json-ld-1.0")
                }
                result.vocabularyMapping = expanded
            default: throw .error(.invalidVocabMapping, "@vocab must be a string or null")
            }
        }
        if let language = context["@language"] {
            switch language {
            case .null: result.defaultLanguage = nil
            case let .string(tag): result.defaultLanguage = tag.lowercased()
            default: throw .error(.invalidDefaultLanguage, "@language must be a string or null")
            }
        }
        if let direction = context["@direction"] {
            if result.isJSONLD10 { throw .error(.invalidContextEntry, "@direction in json-ld-1.0 mode") }
            switch direction {
            case .null: result.defaultDirection = nil
            case .string("ltr"), .string("rtl"): result.defaultDirection = direction.stringValue
            default: throw .error(.invalidBaseDirection, "@direction must be ltr, rtl or null")
            }
        }
        if let propagate = context["@propagate"] {
            if result.isJSONLD10 { throw .error(.invalidContextEntry, "@propagate in json-ld-1.0 mode") }
            guard case .bool = propagate else { throw .error(.invalidPropagateValue, "@propagate must be a boolean") }
        }
        var definer = TermDefiner(
            local: context, baseURL: baseURL, defaultProtected: context["@protected"]?.boolValue ?? false,
            overrideProtected: flags.overrideProtected, remoteContexts: flags.remoteContexts)
        if let protected = context["@protected"], protected.boolValue == nil {
            throw .error(.invalidProtectedValue, "@protected must be a boolean")
        }
        for (term, _) in context where !TermDefiner.contextKeywords.contains(term) {
            try await define(term, in: &result, with: &definer)
        }
        return result
    }

    /// `@import`: the imported context's entries, overridden by this context's own.
    private func importing(
        _ value: JSONValue, into context: JSONObject, baseURL: String?, mode: JSONLDOptions.ProcessingMode
    ) async throws(JSONLDError) -> JSONObject {
        if mode == .jsonLD10 { throw .error(.invalidContextEntry, "@import in json-ld-1.0 mode") }
        guard case let .string(reference) = value else { throw .error(.invalidImportValue, "@import must be a string") }
        let url = IRIReference.resolve(reference, against: baseURL)
        let loaded = try await loadRemoteContext(url)
        guard case let .object(imported) = loaded.document["@context"] ?? .null else {
            throw .error(.invalidRemoteContext, "the @context of \(url) is not a map")
        }
        if imported.contains("@import") { throw .error(.invalidContextEntry, "\(url) imports again") }
        var merged = imported
        for (name, entry) in context where name != "@import" { merged[name] = entry }
        return merged
    }
}

import JSONModel

/// The Expansion algorithm (JSON-LD 1.1 API §5.1.2): a document with contexts becomes one
/// without, every term an IRI and every value an explicit value, node, list or set object.
extension JSONLDProcessor {
    func expand(
        _ element: JSONValue, in active: ActiveContext, property: String?, baseURL: String?,
        fromMap: Bool = false, depth: Int
    ) async throws(JSONLDError) -> JSONValue {
        guard depth <= limits.maxExpansionDepth else {
            throw .limitExceeded(.expansionDepth, limit: limits.maxExpansionDepth)
        }
        let definition = property.flatMap { active.terms[$0] }
        switch element {
        case .null:
            return .null
        case let .array(items):
            var result: [JSONValue] = []
            for item in items {
                var expanded = try await expand(item, in: active, property: property, baseURL: baseURL, fromMap: fromMap, depth: depth + 1)
                if definition?.container.contains("@list") == true, case .array = expanded {
                    expanded = ["@list": expanded]
                }
                switch expanded {
                case let .array(inner): result.append(contentsOf: inner)
                case .null: break
                default: result.append(expanded)
                }
            }
            return .array(result)
        case let .object(object):
            return try await expandMap(object, in: active, property: property, definition: definition,
                                       baseURL: baseURL, fromMap: fromMap, depth: depth)
        default:
            if property == nil || property == "@graph" { return .null }
            var context = active
            if let scoped = definition?.localContext {
                context = try await processContext(active, local: scoped, baseURL: definition?.baseURL)
            }
            return .object(expandValue(element, in: context, property: property))
        }
    }

    private func expandMap(
        _ element: JSONObject, in start: ActiveContext, property: String?, definition: TermDefinition?,
        baseURL: String?, fromMap: Bool, depth: Int
    ) async throws(JSONLDError) -> JSONValue {
        var active = start
        if let previous = active.previous, !fromMap, !revertsNot(element, in: active) {
            active = previous.context
        }
        if let scoped = definition?.localContext {
            var flags = ContextFlags()
            flags.overrideProtected = true
            active = try await processContext(active, local: scoped, baseURL: definition?.baseURL, flags: flags)
        }
        if let local = element["@context"] {
            active = try await processContext(active, local: local, baseURL: baseURL)
        }
        let typeScoped = active
        var inputType: String?
        for key in element.keys.sorted(by: Self.codePointOrder) where expandIRI(key, in: active, vocab: true) == "@type" {
            let values: [JSONValue] = if case let .array(items) = element[key]! { items } else { [element[key]!] }
            for term in values.compactMap(\.stringValue).sorted(by: Self.codePointOrder) {
                if let typeDefinition = typeScoped.terms[term], let scoped = typeDefinition.localContext {
                    var flags = ContextFlags()
                    flags.propagate = false
                    active = try await processContext(active, local: scoped, baseURL: typeDefinition.baseURL, flags: flags)
                }
            }
            if inputType == nil, let last = values.last?.stringValue {
                inputType = expandIRI(last, in: active, documentRelative: true, vocab: true)
            }
        }
        var state = ExpansionState(active: active, typeScoped: typeScoped, property: property, baseURL: baseURL,
                                   inputType: inputType, depth: depth)
        try await expandEntries(of: element, into: &state)
        return try finish(state.result, property: property)
    }

    /// Step 7's exception: a value object, or a map that is only an `@id`, keeps a
    /// type-scoped context.
    private func revertsNot(_ element: JSONObject, in active: ActiveContext) -> Bool {
        var ids = 0
        for key in element.keys {
            let expanded = expandIRI(key, in: active, vocab: true)
            if expanded == "@value" { return true }
            if expanded == "@id" { ids += 1 }
        }
        return element.count == 1 && ids == 1
    }

    /// Steps 15 to 20: the checks on the expanded map and the forms that collapse.
    private func finish(_ map: JSONObject, property: String?) throws(JSONLDError) -> JSONValue {
        var result = map
        if let value = result["@value"] {
            let allowed: Set<String> = ["@direction", "@index", "@language", "@type", "@value"]
            guard result.keys.allSatisfy(allowed.contains),
                  !(result.contains("@type") && (result.contains("@language") || result.contains("@direction")))
            else { throw .error(.invalidValueObject, "a value object has entries it may not have") }
            if result["@type"] != .string("@json") {
                if value == .null || value == .array([]) { return .null }
                if case .array = value { throw .error(.invalidValueObjectValue, "@value is an array") }
                if case .object = value { throw .error(.invalidValueObjectValue, "@value is a map") }
                if result.contains("@language"), value.stringValue == nil {
                    throw .error(.invalidLanguageTaggedValue, "a language-tagged value is not a string")
                }
                if let type = result["@type"], !(type.stringValue.map(IRIReference.isWellFormed) ?? false) {
                    throw .error(.invalidTypedValue, "the @type of a value is not an IRI")
                }
            }
        } else if let type = result["@type"], type.arrayValue == nil {
            result["@type"] = [type]
        } else if result.contains("@set") || result.contains("@list") {
            guard result.count <= 2, result.count == 1 || result.contains("@index") else {
                throw .error(.invalidSetOrListObject, "a set or list object has other entries")
            }
            if let set = result["@set"] { return set }
        }
        if result.count == 1, result.contains("@language") { return .null }
        if property == nil || property == "@graph" {
            if result.isEmpty || result.contains("@value") || result.contains("@list") { return .null }
            if result.count == 1, result.contains("@id") { return .null }
        }
        return .object(result)
    }

    static func codePointOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }

    static func array(_ value: JSONValue) -> [JSONValue] {
        if case let .array(items) = value { return items }
        return [value]
    }
}

/// What the entries of one map are expanded with and into (steps 12 to 14).
struct ExpansionState {
    var active: ActiveContext
    let typeScoped: ActiveContext
    let property: String?
    let baseURL: String?
    let inputType: String?
    let depth: Int
    var result = JSONObject()
    var nests: [String] = []

    /// Appends `values` to the entry `key` of `map`, making it an array.
    static func add(_ values: [JSONValue], to key: String, in map: inout JSONObject) {
        var existing = map[key].map(JSONLDProcessor.array) ?? []
        existing.append(contentsOf: values)
        map[key] = .array(existing)
    }
}

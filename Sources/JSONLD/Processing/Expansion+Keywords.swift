import JSONModel

/// Step 13.4 of the Expansion algorithm: entries whose key expands to a keyword.
extension JSONLDProcessor {
    func expandEntries(of element: JSONObject, into state: inout ExpansionState) async throws(JSONLDError) {
        let keys = options.ordered ? element.keys.sorted(by: Self.codePointOrder) : element.keys
        for key in keys where key != "@context" {
            let value = element[key]!
            guard let expanded = expandIRI(key, in: state.active, vocab: true),
                  expanded.contains(":") || Keyword.isKeyword(expanded) else { continue }
            if Keyword.isKeyword(expanded) {
                try await expandKeyword(expanded, key: key, value: value, into: &state)
            } else {
                try await expandProperty(expanded, key: key, value: value, into: &state)
            }
        }
        let nests = state.nests
        state.nests = []
        for nestingKey in nests.sorted(by: Self.codePointOrder) {
            let outer = state.active
            if let definition = outer.terms[nestingKey], let scoped = definition.localContext {
                var flags = ContextFlags()
                flags.overrideProtected = true
                state.active = try await processContext(outer, local: scoped, baseURL: definition.baseURL, flags: flags)
            }
            for nested in Self.array(element[nestingKey] ?? .null) {
                guard case let .object(nestedMap) = nested,
                      !nestedMap.keys.contains(where: { expandIRI($0, in: state.active, vocab: true) == "@value" })
                else { throw .error(.invalidNestValue, "\(nestingKey) holds something that is not a node's map") }
                try await expandEntries(of: nestedMap, into: &state)
            }
            state.active = outer
        }
    }

    private func expandKeyword(
        _ keyword: String, key: String, value: JSONValue, into state: inout ExpansionState
    ) async throws(JSONLDError) {
        let active = state.active
        if state.property == "@reverse" { throw .error(.invalidReversePropertyMap, "\(key) in a reverse map") }
        if state.result.contains(keyword), active.isJSONLD10 || (keyword != "@included" && keyword != "@type") {
            throw .error(.collidingKeywords, "\(keyword) twice")
        }
        var expandedValue: JSONValue
        switch keyword {
        case "@id":
            guard case let .string(id) = value else { throw .error(.invalidIDValue, "@id is not a string") }
            expandedValue = expandIRI(id, in: active, documentRelative: true).map(JSONValue.string) ?? .null
        case "@type":
            let types = Self.array(value)
            guard types.allSatisfy({ $0.stringValue != nil }) else { throw .error(.invalidTypeValue, "@type is not a string or strings") }
            let expandedTypes = types.map {
                expandIRI($0.stringValue!, in: state.typeScoped, documentRelative: true, vocab: true).map(JSONValue.string) ?? .null
            }
            expandedValue = value.arrayValue == nil ? expandedTypes[0] : .array(expandedTypes)
            if let existing = state.result["@type"] {
                expandedValue = .array(Self.array(existing) + expandedTypes)
            }
        case "@graph":
            expandedValue = .array(Self.array(try await expand(value, in: active, property: "@graph", baseURL: state.baseURL, depth: state.depth + 1)))
        case "@included":
            if active.isJSONLD10 { return }
            let included = Self.array(try await expand(value, in: active, property: nil, baseURL: state.baseURL, depth: state.depth + 1))
            guard included.allSatisfy(Self.isNodeObject) else { throw .error(.invalidIncludedValue, "@included holds a non-node") }
            expandedValue = .array(Self.array(state.result["@included"] ?? .array([])) + included)
        case "@value":
            if state.inputType == "@json" {
                if active.isJSONLD10 { throw .error(.invalidValueObjectValue, "@json in json-ld-1.0 mode") }
                expandedValue = value
            } else {
                switch value {
                case .array, .object: throw .error(.invalidValueObjectValue, "@value is not a scalar")
                case .null:
                    state.result["@value"] = .null
                    return
                default: expandedValue = value
                }
            }
        case "@language":
            guard case let .string(tag) = value else { throw .error(.invalidLanguageTaggedString, "@language is not a string") }
            expandedValue = .string(tag.lowercased())
        case "@direction":
            if active.isJSONLD10 { return }
            guard value == "ltr" || value == "rtl" else { throw .error(.invalidBaseDirection, "@direction is not ltr or rtl") }
            expandedValue = value
        case "@index":
            guard case .string = value else { throw .error(.invalidIndexValue, "@index is not a string") }
            expandedValue = value
        case "@list":
            if state.property == nil || state.property == "@graph" { return }
            expandedValue = .array(Self.array(try await expand(value, in: active, property: state.property, baseURL: state.baseURL, depth: state.depth + 1)))
        case "@set":
            expandedValue = try await expand(value, in: active, property: state.property, baseURL: state.baseURL, depth: state.depth + 1)
        case "@reverse":
            guard case .object = value else { throw .error(.invalidReverseValue, "@reverse is not a map") }
            try await expandReverse(value, into: &state)
            return
        case "@nest":
            state.nests.append(key)
            return
        case "@default", "@embed", "@explicit", "@omitDefault", "@requireAll":
            return
        default:
            return
        }
        state.result[keyword] = expandedValue
    }

    private func expandReverse(_ value: JSONValue, into state: inout ExpansionState) async throws(JSONLDError) {
        let expanded = try await expand(value, in: state.active, property: "@reverse", baseURL: state.baseURL, depth: state.depth + 1)
        guard case let .object(map) = expanded else { return }
        if case let .object(doubleReversed) = map["@reverse"] ?? .null {
            for (property, item) in doubleReversed {
                ExpansionState.add(Self.array(item), to: property, in: &state.result)
            }
        }
        var reverseMap = state.result["@reverse"]?.objectValue ?? JSONObject()
        var hasReverse = state.result["@reverse"] != nil
        for (property, items) in map where property != "@reverse" {
            for item in Self.array(items) {
                if item["@value"] != nil || item["@list"] != nil {
                    throw .error(.invalidReversePropertyValue, "a reverse property's value is a value or list")
                }
                ExpansionState.add([item], to: property, in: &reverseMap)
            }
            hasReverse = true
        }
        if hasReverse { state.result["@reverse"] = .object(reverseMap) }
    }

    static func isNodeObject(_ value: JSONValue) -> Bool {
        guard case let .object(map) = value else { return false }
        return !map.contains("@value") && !map.contains("@list") && !map.contains("@set")
    }
}

import JSONModel

/// Steps 13.5 to 13.14 of the Expansion algorithm: an entry whose key is a property, through
/// the container its term declares (language, index, id, type and graph maps, lists).
extension JSONLDProcessor {
    func expandProperty(
        _ property: String, key: String, value: JSONValue, into state: inout ExpansionState
    ) async throws(JSONLDError) {
        let active = state.active
        let definition = active.terms[key]
        let container = definition?.container ?? []
        var expandedValue: JSONValue
        if definition?.typeMapping == "@json" {
            expandedValue = ["@value": value, "@type": "@json"]
        } else if container.contains("@language"), case let .object(map) = value {
            expandedValue = .array(try expandLanguageMap(map, definition: definition, in: active))
        } else if !container.isDisjoint(with: ["@index", "@type", "@id"]), case let .object(map) = value {
            expandedValue = .array(try await expandIndexMap(map, key: key, definition: definition!, state: state))
        } else {
            expandedValue = try await expand(value, in: active, property: key, baseURL: state.baseURL, depth: state.depth + 1)
        }
        if expandedValue == .null { return }
        if container.contains("@list"), expandedValue["@list"] == nil {
            expandedValue = ["@list": .array(Self.array(expandedValue))]
        }
        if container.contains("@graph"), !container.contains("@id"), !container.contains("@index") {
            expandedValue = .array(Self.array(expandedValue).map { ["@graph": .array(Self.array($0))] })
        }
        if definition?.isReverse == true {
            var reverseMap = state.result["@reverse"]?.objectValue ?? JSONObject()
            for item in Self.array(expandedValue) {
                if item["@value"] != nil || item["@list"] != nil {
                    throw .error(.invalidReversePropertyValue, "\(key) is a reverse property with a value or list")
                }
                ExpansionState.add([item], to: property, in: &reverseMap)
            }
            state.result["@reverse"] = .object(reverseMap)
        } else {
            ExpansionState.add(Self.array(expandedValue), to: property, in: &state.result)
        }
    }

    private func expandLanguageMap(
        _ map: JSONObject, definition: TermDefinition?, in active: ActiveContext
    ) throws(JSONLDError) -> [JSONValue] {
        var result: [JSONValue] = []
        var direction = active.defaultDirection
        if let mapping = definition?.directionMapping {
            if case let .value(value) = mapping { direction = value } else { direction = nil }
        }
        let keys = options.ordered ? map.keys.sorted(by: Self.codePointOrder) : map.keys
        for language in keys {
            for item in Self.array(map[language]!) {
                if item == .null { continue }
                guard case .string = item else { throw .error(.invalidLanguageMapValue, "\(language) maps to a non-string") }
                var value: JSONObject = ["@value": item]
                if language != "@none", expandIRI(language, in: active, vocab: true) != "@none" {
                    value["@language"] = .string(language.lowercased())
                }
                if let direction { value["@direction"] = .string(direction) }
                result.append(.object(value))
            }
        }
        return result
    }

    private func expandIndexMap(
        _ map: JSONObject, key: String, definition: TermDefinition, state: ExpansionState
    ) async throws(JSONLDError) -> [JSONValue] {
        let active = state.active
        let container = definition.container
        let indexKey = definition.index ?? "@index"
        var result: [JSONValue] = []
        let keys = options.ordered ? map.keys.sorted(by: Self.codePointOrder) : map.keys
        for index in keys {
            var mapContext = active
            if container.contains("@id") || container.contains("@type") {
                mapContext = active.previous?.context ?? active
            }
            if container.contains("@type"), let indexDefinition = mapContext.terms[index], let scoped = indexDefinition.localContext {
                mapContext = try await processContext(mapContext, local: scoped, baseURL: indexDefinition.baseURL)
            }
            let expandedIndex = expandIRI(index, in: active, vocab: true)
            let items = try await expand(.array(Self.array(map[index]!)), in: mapContext, property: key,
                                         baseURL: state.baseURL, fromMap: true, depth: state.depth + 1)
            for var item in Self.array(items) {
                if container.contains("@graph"), item["@graph"] == nil || !Self.isGraphObject(item) {
                    item = ["@graph": .array(Self.array(item))]
                }
                guard case var .object(itemMap) = item else { continue }
                if container.contains("@index"), indexKey != "@index", expandedIndex != "@none" {
                    let reExpanded = expandValue(.string(index), in: active, property: indexKey)
                    let indexProperty = expandIRI(indexKey, in: active, vocab: true) ?? indexKey
                    if itemMap.contains("@value") {
                        throw .error(.invalidValueObject, "a property-valued index on a value object")
                    }
                    let values = [JSONValue.object(reExpanded)] + (itemMap[indexProperty].map(Self.array) ?? [])
                    itemMap[indexProperty] = .array(values)
                } else if container.contains("@index"), !itemMap.contains("@index"), expandedIndex != "@none" {
                    itemMap["@index"] = .string(index)
                } else if container.contains("@id"), !itemMap.contains("@id"), expandedIndex != "@none" {
                    itemMap["@id"] = expandIRI(index, in: active, documentRelative: true).map(JSONValue.string) ?? .null
                } else if container.contains("@type"), expandedIndex != "@none" {
                    let types = [JSONValue.string(expandedIndex ?? index)] + (itemMap["@type"].map(Self.array) ?? [])
                    itemMap["@type"] = .array(types)
                }
                result.append(.object(itemMap))
            }
        }
        return result
    }

    /// A map with `@graph` and at most `@id` and `@index` besides.
    static func isGraphObject(_ value: JSONValue) -> Bool {
        guard case let .object(map) = value, map.contains("@graph") else { return false }
        return map.keys.allSatisfy { ["@graph", "@id", "@index", "@context"].contains($0) }
    }

    /// Value Expansion (§5.3.2): a scalar becomes a value object, or a node reference when
    /// the term's type says so.
    func expandValue(_ value: JSONValue, in active: ActiveContext, property: String?) -> JSONObject {
        let definition = property.flatMap { active.terms[$0] }
        if case let .string(string) = value {
            if definition?.typeMapping == "@id" {
                return ["@id": expandIRI(string, in: active, documentRelative: true).map(JSONValue.string) ?? .null]
            }
            if definition?.typeMapping == "@vocab" {
                return ["@id": expandIRI(string, in: active, documentRelative: true, vocab: true).map(JSONValue.string) ?? .null]
            }
        }
        var result: JSONObject = ["@value": value]
        if let type = definition?.typeMapping, !["@id", "@vocab", "@none"].contains(type) {
            result["@type"] = .string(type)
        } else if case .string = value {
            var language = active.defaultLanguage
            if let mapping = definition?.languageMapping {
                if case let .value(tag) = mapping { language = tag } else { language = nil }
            }
            var direction = active.defaultDirection
            if let mapping = definition?.directionMapping {
                if case let .value(value) = mapping { direction = value } else { direction = nil }
            }
            if let language { result["@language"] = .string(language) }
            if let direction { result["@direction"] = .string(direction) }
        }
        return result
    }
}

import JSONModel

/// The part of a JSON-LD document a set of JSON pointers (RFC 6901) selects, with what keeps it
/// meaningful: its `@context`, and the `id` (unless a blank node) and `type` of every object on
/// the way to each selected value (the selection algorithm of VC Data Integrity ECDSA
/// Cryptosuites §3.4, selectJsonLd). Arrays keep only their selected elements, in order.
///
/// What a holder reveals and what the mandatory statements are both come from here, so the
/// revealed document and the statements the issuer grouped are the same ones.
enum JSONPointerSelection {
    /// A selection being built: a value taken whole, an object of selected members, or an
    /// array of selected elements by position.
    private indirect enum Node {
        case value(JSONValue)
        case object(JSONObject, children: [String: Node], order: [String])
        case array([Int: Node])

        var json: JSONValue {
            switch self {
            case let .value(value): return value
            case let .object(base, children, order):
                var object = base
                for name in order { if let child = children[name] { object[name] = child.json } }
                return .object(object)
            case let .array(elements): return .array(elements.keys.sorted().compactMap { elements[$0]?.json })
            }
        }
    }

    /// The selection, or `nil` when `pointers` is empty.
    static func select(_ pointers: [String], from document: JSONObject) throws(DataIntegrityError) -> JSONObject? {
        guard !pointers.isEmpty else { return nil }
        var root = initialSelection(of: .object(document))
        if let context = document["@context"] {
            // First, as the document writes it, so the revealed document reads like the original.
            guard case .object(let base, let children, let order) = root else { return nil }
            var withContext: JSONObject = ["@context": context]
            for (name, value) in base { withContext[name] = value }
            root = .object(withContext, children: children, order: order)
        }
        for pointer in pointers {
            try select(tokens: try tokens(of: pointer), in: .object(document), into: &root, pointer: pointer)
        }
        return root.json.objectValue
    }

    /// `id` (not a blank node) and `type` of an object; an empty object for anything else.
    private static func initialSelection(of value: JSONValue) -> Node {
        var base = JSONObject()
        if let object = value.objectValue {
            for name in ["@id", "id"] {
                if let id = object[name], id.stringValue?.hasPrefix("_:") != true { base[name] = id }
            }
            for name in ["@type", "type"] { if let type = object[name] { base[name] = type } }
        }
        return .object(base, children: [:], order: [])
    }

    /// Walks `tokens` down `source`, creating the selection's path, and takes the value at the
    /// end: a primitive or array whole, an object merged over what its path already selected.
    private static func select(tokens: ArraySlice<String>, in source: JSONValue, into node: inout Node, pointer: String) throws(DataIntegrityError) {
        guard let token = tokens.first else {
            switch source {
            case .object(let object):
                if case .object(var base, _, _) = node {
                    for (name, value) in object { base[name] = value }
                    node = .value(.object(base))
                } else {
                    node = .value(source)
                }
            default: node = .value(source)
            }
            return
        }
        switch (source, node) {
        case let (.object(object), .object(base, children, order)):
            guard let child = object[token] else { throw .invalidProof("JSON pointer \(pointer) selects nothing") }
            var childNode = children[token] ?? fresh(for: child)
            try select(tokens: tokens.dropFirst(), in: child, into: &childNode, pointer: pointer)
            var updated = children
            updated[token] = childNode
            node = .object(base, children: updated, order: order.contains(token) ? order : order + [token])
        case let (.array(values), .array(elements)):
            guard let index = Int(token), token == String(index), values.indices.contains(index) else {
                throw .invalidProof("JSON pointer \(pointer) selects nothing")
            }
            var childNode = elements[index] ?? fresh(for: values[index])
            try select(tokens: tokens.dropFirst(), in: values[index], into: &childNode, pointer: pointer)
            var updated = elements
            updated[index] = childNode
            node = .array(updated)
        case (_, .value):
            // Already selected whole by an earlier pointer: nothing more to add.
            return
        default:
            throw .invalidProof("JSON pointer \(pointer) selects nothing")
        }
    }

    private static func fresh(for value: JSONValue) -> Node {
        if case .array = value { return .array([:]) }
        return initialSelection(of: value)
    }

    /// The reference tokens of an RFC 6901 pointer (`~1` is `/`, `~0` is `~`).
    static func tokens(of pointer: String) throws(DataIntegrityError) -> ArraySlice<String> {
        guard pointer.hasPrefix("/") else { throw .invalidProof("\(pointer) is not a JSON pointer") }
        return ArraySlice(pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        })
    }
}

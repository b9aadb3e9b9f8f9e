import JSONModel

/// Node Map Generation (JSON-LD 1.1 API §7.2.2): an expanded document flattened into graphs
/// of nodes by identifier, every blank node named, which toRdf then walks.
///
/// Nodes are reference types so that adding a value to a node deep in the recursion does not
/// copy the graph it is in.
final class NodeMap {
    final class Node {
        let id: String
        var properties: [String: [JSONValue]] = [:]
        var order: [String] = []
        var index: String?

        init(id: String) { self.id = id }

        func ensure(_ property: String) {
            if properties[property] == nil {
                properties[property] = []
                order.append(property)
            }
        }

        /// Adds `value` under `property`; unless `duplicates`, only when it is not there yet.
        func add(_ value: JSONValue, to property: String, duplicates: Bool = false) {
            ensure(property)
            if !duplicates, properties[property]!.contains(value) { return }
            properties[property]!.append(value)
        }
    }

    final class Graph {
        var nodes: [String: Node] = [:]
        var order: [String] = []
    }

    /// A list being filled (the spec passes the list object itself down the recursion).
    final class ListBuilder {
        var items: [JSONValue] = []
    }

    var graphs: [String: Graph] = [:]
    var graphOrder: [String] = []
    private(set) var nodeCount = 0
    let maxNodes: Int

    init(maxNodes: Int) {
        self.maxNodes = maxNodes
        _ = graph("@default")
    }

    func graph(_ name: String) -> Graph {
        if let existing = graphs[name] { return existing }
        let created = Graph()
        graphs[name] = created
        graphOrder.append(name)
        return created
    }

    func node(_ id: String, in graph: Graph) throws(JSONLDError) -> Node {
        if let existing = graph.nodes[id] { return existing }
        nodeCount += 1
        guard nodeCount <= maxNodes else { throw .limitExceeded(.nodes, limit: maxNodes) }
        let created = Node(id: id)
        graph.nodes[id] = created
        graph.order.append(id)
        return created
    }
}

extension JSONLDProcessor {
    /// The subject a value is added to: a node by identifier, or, for a reverse property,
    /// the node reference that becomes the value.
    enum NodeMapSubject {
        case none
        case node(String)
        case reverse(JSONValue)
    }

    /// The identifier of a node whose `@id` expanded to `null` (an ignored keyword-like
    /// string): not an IRI nor a blank node, so toRdf writes nothing about it.
    static let unnamedNode = "@null"

    func generateNodeMap(
        _ element: JSONValue, into map: NodeMap, graph graphName: String = "@default",
        subject: NodeMapSubject = .none, property: String? = nil, list: NodeMap.ListBuilder? = nil
    ) throws(JSONLDError) {
        if case let .array(items) = element {
            for item in items {
                try generateNodeMap(item, into: map, graph: graphName, subject: subject, property: property, list: list)
            }
            return
        }
        guard case var .object(object) = element else { return }
        let graph = map.graph(graphName)
        var subjectNode: NodeMap.Node?
        if case let .node(id) = subject { subjectNode = try map.node(id, in: graph) }
        if object["@value"] == nil, let types = object["@type"] {
            object["@type"] = .array(Self.array(types).map { type in
                if let label = type.stringValue, Keyword.isBlankNode(label) { return .string(blankNodeIdentifier(for: label)) }
                return type
            })
        }
        if object["@value"] != nil {
            if let list { list.items.append(.object(object)) } else if let property { subjectNode?.add(.object(object), to: property) }
            return
        }
        if let items = object["@list"] {
            let builder = NodeMap.ListBuilder()
            try generateNodeMap(items, into: map, graph: graphName, subject: subject, property: property, list: builder)
            var listObject: JSONObject = ["@list": .array(builder.items)]
            if let index = object["@index"] { listObject["@index"] = index }
            if let list { list.items.append(.object(listObject)) } else if let property {
                subjectNode?.add(.object(listObject), to: property, duplicates: true)
            }
            return
        }
        try generateNode(object, into: map, graph: graphName, subject: subject, subjectNode: subjectNode, property: property, list: list)
    }

    private func generateNode(
        _ object: JSONObject, into map: NodeMap, graph graphName: String, subject: NodeMapSubject,
        subjectNode: NodeMap.Node?, property: String?, list: NodeMap.ListBuilder?
    ) throws(JSONLDError) {
        let graph = map.graph(graphName)
        let id: String
        if object["@id"] == .null {
            id = Self.unnamedNode
        } else if let given = object["@id"]?.stringValue {
            id = Keyword.isBlankNode(given) ? blankNodeIdentifier(for: given) : given
        } else {
            id = blankNodeIdentifier(for: nil)
        }
        let node = try map.node(id, in: graph)
        if case let .reverse(reference) = subject, let property {
            node.add(reference, to: property)
        } else if let property {
            let reference: JSONValue = ["@id": .string(id)]
            if let list { list.items.append(reference) } else { subjectNode?.add(reference, to: property) }
        }
        if let types = object["@type"] {
            for type in Self.array(types) { node.add(type, to: "@type") }
        }
        if let index = object["@index"]?.stringValue {
            if let existing = node.index, existing != index { throw .error(.conflictingIndexes, "\(id) has two indexes") }
            node.index = index
        }
        if case let .object(reverseMap) = object["@reverse"] ?? .null {
            let reference: JSONValue = ["@id": .string(id)]
            for (reverseProperty, values) in reverseMap {
                for value in Self.array(values) {
                    try generateNodeMap(value, into: map, graph: graphName, subject: .reverse(reference), property: reverseProperty)
                }
            }
        }
        if let graphValue = object["@graph"] {
            try generateNodeMap(graphValue, into: map, graph: id)
        }
        if let included = object["@included"] {
            try generateNodeMap(included, into: map, graph: graphName)
        }
        for name in object.keys.sorted(by: Self.codePointOrder) where !Keyword.isKeyword(name) {
            let key = Keyword.isBlankNode(name) ? blankNodeIdentifier(for: name) : name
            node.ensure(key)
            try generateNodeMap(object[name]!, into: map, graph: graphName, subject: .node(id), property: key)
        }
    }
}

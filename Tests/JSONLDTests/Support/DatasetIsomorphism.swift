@testable import JSONLD

/// Whether two RDF datasets are the same up to blank node labels: a backtracking search for
/// a bijection between their blank nodes, guided by each node's signature (its quads with
/// blank nodes blotted out). Enough for the test suites' small graphs.
enum DatasetIsomorphism {
    static func isomorphic(_ lhs: RDFDataset, _ rhs: RDFDataset) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let leftNodes = blankNodes(lhs)
        let rightNodes = blankNodes(rhs)
        guard leftNodes.count == rightNodes.count else { return false }
        if leftNodes.isEmpty { return lhs == rhs }
        let leftSignatures = signatures(lhs)
        let rightSignatures = signatures(rhs)
        let ordered = leftNodes.sorted { (leftSignatures[$0]?.count ?? 0) > (leftSignatures[$1]?.count ?? 0) }
        let target = Set(rhs.quads)
        var mapping: [String: String] = [:]
        var used: Set<String> = []

        func search(_ position: Int) -> Bool {
            if position == ordered.count {
                return Set(lhs.quads.map { rename($0, mapping) }) == target
            }
            let node = ordered[position]
            for candidate in rightNodes where !used.contains(candidate) && leftSignatures[node] == rightSignatures[candidate] {
                mapping[node] = candidate
                used.insert(candidate)
                if consistent(lhs, mapping, target), search(position + 1) { return true }
                used.remove(candidate)
                mapping[node] = nil
            }
            return false
        }
        return search(0)
    }

    /// Every quad whose blank nodes are all mapped must be in the target.
    private static func consistent(_ dataset: RDFDataset, _ mapping: [String: String], _ target: Set<RDFQuad>) -> Bool {
        for quad in dataset.quads where terms(quad).allSatisfy({ term in
            if case let .blankNode(label) = term { return mapping[label] != nil }
            return true
        }) {
            if !target.contains(rename(quad, mapping)) { return false }
        }
        return true
    }

    private static func terms(_ quad: RDFQuad) -> [RDFTerm] {
        [quad.subject, quad.predicate, quad.object] + (quad.graph.map { [$0] } ?? [])
    }

    private static func blankNodes(_ dataset: RDFDataset) -> [String] {
        var seen: [String] = []
        var set: Set<String> = []
        for quad in dataset.quads {
            for case let .blankNode(label) in terms(quad) where set.insert(label).inserted { seen.append(label) }
        }
        return seen
    }

    private static func signatures(_ dataset: RDFDataset) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for quad in dataset.quads {
            for (position, term) in terms(quad).enumerated() {
                guard case let .blankNode(label) = term else { continue }
                let blotted = terms(quad).enumerated().map { index, other -> String in
                    if case .blankNode = other { return index == position ? "SELF" : "BNODE" }
                    return "\(other)"
                }
                result[label, default: []].append("\(position):" + blotted.joined(separator: " "))
            }
        }
        return result.mapValues { $0.sorted() }
    }

    private static func rename(_ quad: RDFQuad, _ mapping: [String: String]) -> RDFQuad {
        func map(_ term: RDFTerm) -> RDFTerm {
            if case let .blankNode(label) = term { return .blankNode(mapping[label] ?? label) }
            return term
        }
        return RDFQuad(subject: map(quad.subject), predicate: map(quad.predicate), object: map(quad.object), graph: quad.graph.map(map))
    }
}

import Foundation
import JSONModel

/// Deserialize JSON-LD to RDF (JSON-LD 1.1 API §8.1): the node map written out as quads,
/// lists as `rdf:first`/`rdf:rest` chains, values as typed literals.
extension JSONLDProcessor {
    func dataset(from map: NodeMap) throws(JSONLDError) -> RDFDataset {
        var dataset = RDFDataset()
        func emit(_ quad: RDFQuad) throws(JSONLDError) {
            dataset.insert(quad)
            guard dataset.count <= limits.maxQuads else { throw .limitExceeded(.quads, limit: limits.maxQuads) }
        }
        for graphName in map.graphOrder.sorted(by: Self.codePointOrder) {
            let graphTerm: RDFTerm?
            if graphName == "@default" {
                graphTerm = nil
            } else if let term = Self.resource(graphName) {
                graphTerm = term
            } else {
                continue
            }
            let graph = map.graphs[graphName]!
            for subjectID in graph.order.sorted(by: Self.codePointOrder) {
                guard let subject = Self.resource(subjectID) else { continue }
                let node = graph.nodes[subjectID]!
                for property in node.order.sorted(by: Self.codePointOrder) {
                    let values = node.properties[property]!
                    if property == "@type" {
                        for type in values {
                            guard let typeTerm = type.stringValue.flatMap(Self.resource) else { continue }
                            try emit(RDFQuad(subject: subject, predicate: .iri(RDFVocabulary.rdfType), object: typeTerm, graph: graphTerm))
                        }
                        continue
                    }
                    if Keyword.isKeyword(property) { continue }
                    if Keyword.isBlankNode(property) && !options.produceGeneralizedRDF { continue }
                    guard let predicate = Self.resource(property) else { continue }
                    for item in values {
                        var listTriples: [(RDFTerm, RDFTerm, RDFTerm)] = []
                        if let object = objectTerm(item, listTriples: &listTriples) {
                            try emit(RDFQuad(subject: subject, predicate: predicate, object: object, graph: graphTerm))
                        }
                        for (s, p, o) in listTriples {
                            try emit(RDFQuad(subject: s, predicate: p, object: o, graph: graphTerm))
                        }
                    }
                }
            }
        }
        return dataset
    }

    /// An IRI or blank node term for an identifier, `nil` when it is neither (a relative IRI).
    static func resource(_ identifier: String) -> RDFTerm? {
        if Keyword.isBlankNode(identifier) { return .blankNode(String(identifier.dropFirst(2))) }
        return IRIReference.isWellFormed(identifier) ? .iri(identifier) : nil
    }

    /// Object to RDF (§8.1.3 and List to RDF, §8.1.4).
    private func objectTerm(_ item: JSONValue, listTriples: inout [(RDFTerm, RDFTerm, RDFTerm)]) -> RDFTerm? {
        guard case let .object(map) = item else { return nil }
        if let list = map["@list"] {
            let items = Self.array(list)
            guard !items.isEmpty else { return .iri(RDFVocabulary.rdfNil) }
            let nodes = items.map { _ in RDFTerm.blankNode(String(blankNodeIdentifier(for: nil).dropFirst(2))) }
            for (position, element) in items.enumerated() {
                var nested: [(RDFTerm, RDFTerm, RDFTerm)] = []
                if let object = objectTerm(element, listTriples: &nested) {
                    listTriples.append((nodes[position], .iri(RDFVocabulary.rdfFirst), object))
                }
                listTriples.append(contentsOf: nested)
                let rest = position + 1 < nodes.count ? nodes[position + 1] : .iri(RDFVocabulary.rdfNil)
                listTriples.append((nodes[position], .iri(RDFVocabulary.rdfRest), rest))
            }
            return nodes[0]
        }
        guard let value = map["@value"] else {
            return map["@id"]?.stringValue.flatMap(Self.resource)
        }
        return literalTerm(value, map: map, listTriples: &listTriples)
    }

    private func literalTerm(_ value: JSONValue, map: JSONObject, listTriples: inout [(RDFTerm, RDFTerm, RDFTerm)]) -> RDFTerm? {
        var datatype = map["@type"]?.stringValue
        if let type = datatype, type != "@json", !IRIReference.isWellFormed(type) { return nil }
        let language = map["@language"]?.stringValue
        if let language, !Keyword.isWellFormedLanguage(language) { return nil }
        let lexical: String
        if datatype == "@json" {
            guard let canonical = try? value.canonicalized() else { return nil }
            lexical = String(decoding: canonical, as: UTF8.self)
            datatype = RDFVocabulary.rdfJSON
        } else {
            switch value {
            case let .bool(flag):
                lexical = flag ? "true" : "false"
                datatype = datatype ?? RDFVocabulary.xsdBoolean
            case let .number(number):
                let double = number.doubleValue
                if double.rounded() != double || abs(double) >= 1e21 || datatype == RDFVocabulary.xsdDouble {
                    lexical = CanonicalDouble.lexicalForm(double)
                    datatype = datatype ?? RDFVocabulary.xsdDouble
                } else {
                    lexical = CanonicalDouble.integerForm(number)
                    datatype = datatype ?? RDFVocabulary.xsdInteger
                }
            case let .string(string):
                lexical = string
            default:
                return nil
            }
        }
        if let direction = map["@direction"]?.stringValue, let mode = options.rdfDirection {
            switch mode {
            case .i18nDatatype:
                let tag = (language ?? "").lowercased()
                return .literal(RDFLiteral(lexical, datatype: "https://www.w3.org/ns/i18n#\(tag)_\(direction)"))
            case .compoundLiteral:
                let node = RDFTerm.blankNode(String(blankNodeIdentifier(for: nil).dropFirst(2)))
                listTriples.append((node, .iri(RDFVocabulary.rdfValue), .literal(RDFLiteral(lexical))))
                if let language { listTriples.append((node, .iri(RDFVocabulary.rdfLanguage), .literal(RDFLiteral(language.lowercased())))) }
                listTriples.append((node, .iri(RDFVocabulary.rdfDirection), .literal(RDFLiteral(direction))))
                return node
            }
        }
        if let language, datatype == nil { return .literal(RDFLiteral(lexical, language: language)) }
        return .literal(RDFLiteral(lexical, datatype: datatype))
    }
}

/// The lexical forms toRdf writes numbers in.
enum CanonicalDouble {
    /// The canonical xsd:double form: one digit before the point, at least one after, an
    /// exponent without `+` or leading zeros (`1.1E1`, `1.0E0`, `-5.0E-1`).
    static func lexicalForm(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0E0" : "0.0E0" }
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        let text = abs(value).description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = integerPart + fraction
        var pointAfter = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointAfter -= 1
        }
        while digits.count > 1 && digits.last == "0" { digits.removeLast() }
        let head = digits.prefix(1)
        let tail = digits.count > 1 ? String(digits.dropFirst()) : "0"
        return (value < 0 ? "-" : "") + head + "." + tail + "E" + String(pointAfter - 1)
    }

    /// An integral number as xsd:integer: its digits without exponent or fraction.
    static func integerForm(_ number: JSONNumber) -> String {
        if let exact = number.int64Value { return String(exact) }
        let double = number.doubleValue
        if let exact = Int64(exactly: double) { return String(exact) }
        return String(format: "%.0f", double)
    }
}

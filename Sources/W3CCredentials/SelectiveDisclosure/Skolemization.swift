import JSONLD
import JSONModel

/// Gives every node of a compact JSON-LD document a name, so that the statements of a
/// selection and of the whole document name the same blank nodes: each object without an id
/// (and each blank node id) gets a `urn:bnid:` IRI, which after toRdf is turned back into a
/// blank node (ECDSA Cryptosuites §3.4 skolemization and deskolemization).
///
/// Works on the compact form: every JSON object other than a value object (`@value`), a
/// `@context` or a list/set object is taken for a node object — what credentials are made of;
/// a term typed `@json` whose value is an object would be renamed too, and is not supported.
enum Skolemization {
    static let prefix = "urn:bnid:"

    /// The document with every node named.
    static func skolemize(_ document: JSONObject) -> JSONObject {
        var counter = 0
        return skolemize(document, counter: &counter)
    }

    private static func skolemize(_ object: JSONObject, counter: inout Int) -> JSONObject {
        var result = JSONObject()
        let isNode = object["@value"] == nil && object["@list"] == nil && object["@set"] == nil
        if isNode {
            if let id = (object["@id"] ?? object["id"])?.stringValue {
                if id.hasPrefix("_:") { result[object["@id"] != nil ? "@id" : "id"] = .string(prefix + id.dropFirst(2)) }
            } else {
                result["@id"] = .string(prefix + "b\(counter)")
                counter += 1
            }
        }
        for (name, value) in object {
            if result[name] != nil { continue }
            result[name] = name == "@context" || !isNode ? value : skolemize(value, counter: &counter)
        }
        return result
    }

    private static func skolemize(_ value: JSONValue, counter: inout Int) -> JSONValue {
        switch value {
        case let .object(object): return .object(skolemize(object, counter: &counter))
        case let .array(values): return .array(values.map { skolemize($0, counter: &counter) })
        default: return value
        }
    }

    /// The dataset with every `urn:bnid:` IRI a blank node again.
    static func deskolemize(_ dataset: RDFDataset) -> RDFDataset {
        RDFDataset(dataset.quads.map { quad in
            RDFQuad(
                subject: deskolemize(quad.subject), predicate: quad.predicate, object: deskolemize(quad.object),
                graph: quad.graph.map(deskolemize))
        })
    }

    private static func deskolemize(_ term: RDFTerm) -> RDFTerm {
        if case let .iri(iri) = term, iri.hasPrefix(prefix) { return .blankNode(String(iri.dropFirst(prefix.count))) }
        return term
    }
}

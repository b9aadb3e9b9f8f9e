import JSONModel

/// What a context says about one term (JSON-LD 1.1 API §4.1): the IRI it expands to and how
/// its values are read.
struct TermDefinition: Sendable, Equatable {
    /// A mapping that may be absent (use the context's default), explicitly `null`, or a value.
    enum Override: Sendable, Equatable {
        case null
        case value(String)
    }

    /// The IRI, blank node or keyword the term expands to; `nil` for a term mapped to `null`,
    /// which is then never expanded.
    var iri: String?
    var isPrefix = false
    var isProtected = false
    var isReverse = false
    var typeMapping: String?
    var languageMapping: Override?
    var directionMapping: Override?
    var container: Set<String> = []
    var index: String?
    var nest: String?
    /// A scoped context, unprocessed, and the base URL its relative references resolve against.
    var localContext: JSONValue?
    var baseURL: String?

    /// Equal except for `protected`: what the spec compares when a protected term is defined
    /// again.
    func sameDefinition(as other: TermDefinition) -> Bool {
        var mine = self
        mine.isProtected = other.isProtected
        return mine == other
    }
}

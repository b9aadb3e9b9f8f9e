/// The context in force at one point of a document (JSON-LD 1.1 API §4.1): term definitions,
/// base IRI, vocabulary mapping, defaults, and the context to fall back to when a type-scoped
/// context stops applying.
struct ActiveContext: Sendable {
    /// Held by reference so a context chain is not copied at every step.
    final class Previous: Sendable {
        let context: ActiveContext
        init(_ context: ActiveContext) { self.context = context }
    }

    var terms: [String: TermDefinition] = [:]
    var baseIRI: String?
    var originalBaseURL: String?
    var vocabularyMapping: String?
    var defaultLanguage: String?
    var defaultDirection: String?
    var previous: Previous?
    var processingMode: JSONLDOptions.ProcessingMode
    /// Names this context for ``ContextCache``: every context processing result gets a fresh
    /// one, and a context made from nothing but a processing mode (no base) always has the
    /// same one, so that results cached from it can be found again by the next document.
    var identity: UInt64

    init(base: String?, processingMode: JSONLDOptions.ProcessingMode) {
        self.baseIRI = base
        self.originalBaseURL = base
        self.processingMode = processingMode
        self.identity = base == nil ? (processingMode == .jsonLD11 ? 1 : 2) : ContextCache.nextIdentity()
    }

    var isJSONLD10: Bool { processingMode == .jsonLD10 }

    var hasProtectedTerms: Bool { terms.values.contains { $0.isProtected } }
}

import JSONModel

/// What a Linked Data signature's proof options are canonicalized as: the options with the
/// document's `@context`, followed by the proof's own `@context` when it carries one.
///
/// jsonld-signatures and ACA-Py embed proofs without a context and canonicalize them under the
/// document's; DIDKit (spruceid/ssi) writes the suite's context into a proof whose document
/// lacks it, and processes the document's contexts first, then the proof's. Both give these
/// same options, so one rule verifies either (a test checks each producer).
enum LinkedDataProofConfiguration {
    /// `options` with the `@context` it is canonicalized under, given the document's.
    static func make(options: JSONObject, documentContext: JSONValue?) -> JSONObject {
        var configuration = options
        let documentContexts = documentContext.map { $0.arrayValue ?? [$0] } ?? []
        let ownContexts = options["@context"].map { $0.arrayValue ?? [$0] } ?? []
        let contexts = documentContexts + ownContexts
        if !contexts.isEmpty {
            configuration.updateValue(contexts.count == 1 ? contexts[0] : .array(contexts), forName: "@context")
        }
        return configuration
    }
}

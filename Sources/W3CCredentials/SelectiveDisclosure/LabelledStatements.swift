import CryptoKeys
import Foundation
import JSONLD
import JSONModel
import Multiformats

/// A document's statements as ecdsa-sd-2023 signs them: canonical N-Quads (RDFC-1.0) whose
/// blank node labels are replaced (by the issuer's HMAC of the canonical label, or by a derived
/// proof's label map), sorted, and which input blank node got which label.
///
/// Replacing the labels is the point: canonical labels depend on the whole dataset, so they
/// would change when a holder reveals part of it; the HMAC labels do not, and they leak
/// nothing about the undisclosed statements (the HMAC key stays with the holder).
struct LabelledStatements {
    /// The relabelled N-Quads lines, sorted.
    var nQuads: [String]
    /// Input blank node label → its new label.
    var labels: [String: String]

    /// Canonicalizes `dataset`, then gives each canonical label the one `label` returns.
    init(_ dataset: RDFDataset, label: (String) throws(DataIntegrityError) -> String) throws(DataIntegrityError) {
        let canonical: CanonicalizedDataset
        do {
            canonical = try RDFCanonicalizer().canonicalize(dataset)
        } catch {
            throw .canonicalization("\(error)")
        }
        var byCanonical: [String: String] = [:]
        for canonicalLabel in canonical.issuedIdentifiers.values { byCanonical[canonicalLabel] = try label(canonicalLabel) }
        labels = canonical.issuedIdentifiers.compactMapValues { byCanonical[$0] }
        nQuads = canonical.quads.map { Self.relabel($0, byCanonical).nQuads }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The issuer's labels: `u` + base64url of HMAC-SHA-256 of the canonical label.
    static func hmacLabel(key: Data) -> (String) -> String {
        { Multibase.encode(DigestAlgorithm.sha256.authenticationCode(for: Data($0.utf8), key: key), as: .base64url) }
    }

    /// `quad` with its blank nodes renamed by `labels`.
    static func relabel(_ quad: RDFQuad, _ labels: [String: String]) -> RDFQuad {
        func term(_ term: RDFTerm) -> RDFTerm {
            if case let .blankNode(label) = term, let new = labels[label] { return .blankNode(new) }
            return term
        }
        return RDFQuad(subject: term(quad.subject), predicate: quad.predicate, object: term(quad.object), graph: quad.graph.map(term))
    }
}

/// The statements a set of JSON pointers selects, found among a document's labelled
/// statements: their positions (``matching``) and the rest (``nonMatching``), and the selected
/// statements with their blank nodes as the selection named them (for a derived label map).
struct StatementGroup {
    /// Position → statement, for the selected statements.
    var matching: [Int: String]
    /// Position → statement, for the others.
    var nonMatching: [Int: String]
    /// The selection's own statements, blank nodes as skolemization named them.
    var deskolemized: RDFDataset

    /// The group `pointers` select from the skolemized document, among `statements`.
    init(
        pointers: [String], skolemized: JSONObject, statements: LabelledStatements, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) {
        var dataset = RDFDataset()
        if let selection = try JSONPointerSelection.select(pointers, from: skolemized) {
            do {
                dataset = Skolemization.deskolemize(try await toRDF.dataset(of: selection))
            } catch {
                throw .canonicalization("\(error)")
            }
        }
        let selected = Set(dataset.quads.map { LabelledStatements.relabel($0, statements.labels).nQuads })
        var matching: [Int: String] = [:]
        var nonMatching: [Int: String] = [:]
        for (index, line) in statements.nQuads.enumerated() {
            if selected.contains(line) { matching[index] = line } else { nonMatching[index] = line }
        }
        self.matching = matching
        self.nonMatching = nonMatching
        deskolemized = dataset
    }
}

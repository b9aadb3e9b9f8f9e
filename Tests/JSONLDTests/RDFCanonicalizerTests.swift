import Testing
@testable import JSONLD

@Suite("RDFC-1.0")
struct RDFCanonicalizerTests {
    static let p = RDFTerm.iri("urn:ex:p")

    static func ring(_ labels: [String]) -> RDFDataset {
        RDFDataset(labels.indices.map {
            RDFQuad(subject: .blankNode(labels[$0]), predicate: p, object: .blankNode(labels[($0 + 1) % labels.count]))
        })
    }

    @Test("isomorphic datasets written with other labels and in another order canonicalize to the same bytes")
    func relabellingInvariance() throws {
        let first = Self.ring(["a", "b", "c", "d"])
        let second = RDFDataset(Self.ring(["zz", "y", "x1", "w"]).quads.reversed())
        let canonical = try RDFCanonicalizer().canonicalize(first)
        #expect(canonical.nQuads == (try RDFCanonicalizer().canonicalNQuads(second)))
        #expect(canonical.nQuads.hasPrefix("_:c14n0 <urn:ex:p> _:c14n"))
        #expect(Set(canonical.issuedIdentifiers.values) == ["c14n0", "c14n1", "c14n2", "c14n3"])
        #expect(canonical.quads.map(\.nQuads).joined() == canonical.nQuads)
    }

    @Test("a dataset without blank nodes is its sorted lines, nothing issued")
    func groundDataset() throws {
        let dataset = RDFDataset([
            RDFQuad(subject: .iri("urn:ex:b"), predicate: Self.p, object: .literal(RDFLiteral("2"))),
            RDFQuad(subject: .iri("urn:ex:a"), predicate: Self.p, object: .literal(RDFLiteral("1")), graph: .iri("urn:ex:g")),
        ])
        let canonical = try RDFCanonicalizer().canonicalize(dataset)
        #expect(canonical.nQuads == "<urn:ex:a> <urn:ex:p> \"1\" <urn:ex:g> .\n<urn:ex:b> <urn:ex:p> \"2\" .\n")
        #expect(canonical.issuedIdentifiers.isEmpty)
    }

    @Test("SHA-384 runs the same steps with another hash: a two-node ring has the same canonical form under both")
    func hashAlgorithms() throws {
        let dataset = Self.ring(["a", "b"])
        let sha256 = try RDFCanonicalizer().canonicalize(dataset)
        let sha384 = try RDFCanonicalizer(hashAlgorithm: .sha384).canonicalize(dataset)
        #expect(sha256.nQuads == "_:c14n0 <urn:ex:p> _:c14n1 .\n_:c14n1 <urn:ex:p> _:c14n0 .\n")
        #expect(sha384.nQuads == sha256.nQuads)
        #expect(try RDFCanonicalizer(hashAlgorithm: .sha384).canonicalize(dataset) == sha384)
    }

    @Test("each work limit is a typed error when a dataset needs more", arguments: [
        (RDFCanonicalizationLimits(maximumDeepIterations: 3), RDFCanonicalizationError.tooManyDeepIterations(limit: 3)),
        (RDFCanonicalizationLimits(maximumPermutations: 2), .tooManyPermutations(limit: 2)),
        (RDFCanonicalizationLimits(maximumRecursionDepth: 2), .recursionTooDeep(limit: 2)),
    ])
    func limits(_ limits: RDFCanonicalizationLimits, _ error: RDFCanonicalizationError) {
        let cube = RDFDataset((0..<8).flatMap { vertex in
            [1, 2, 4].filter { vertex & $0 == 0 }.map {
                RDFQuad(subject: .blankNode("v\(vertex)"), predicate: Self.p, object: .blankNode("v\(vertex | $0)"))
            }
        })
        #expect(throws: error) { try RDFCanonicalizer(limits: limits).canonicalize(cube) }
        #expect(throws: Never.self) { try RDFCanonicalizer().canonicalize(cube) }
    }

    @Test("a blank node as predicate (generalized RDF) has no canonical form")
    func blankPredicate() {
        let dataset = RDFDataset([RDFQuad(subject: .iri("urn:ex:s"), predicate: .blankNode("p"), object: .iri("urn:ex:o"))])
        #expect(throws: RDFCanonicalizationError.blankNodePredicate) { try RDFCanonicalizer().canonicalize(dataset) }
    }

    @Test("code point order on UTF-8: a prefix first, non-ASCII after ASCII, empty first")
    func codePointOrder() {
        let sorted = ["", "a", "ab", "b", "z", "é", "\u{1F600}"].map { Array($0.utf8) }
        #expect(sorted.shuffled().sorted(by: CodePointOrder.precedes) == sorted)
        #expect(!CodePointOrder.precedes(Array("ab".utf8), Array("ab".utf8)))
    }
}

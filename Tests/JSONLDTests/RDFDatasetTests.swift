import Testing
@testable import JSONLD

@Suite("RDF dataset")
struct RDFDatasetTests {
    @Test("a literal without a datatype is an xsd:string, one with a language an rdf:langString")
    func literalDatatypes() {
        #expect(RDFLiteral("a").datatype == RDFVocabulary.xsdString)
        #expect(RDFLiteral("a", language: "en").datatype == RDFVocabulary.rdfLangString)
    }

    @Test("a dataset keeps each quad once, in first-insertion order, and compares as a set")
    func setSemantics() {
        let first = RDFQuad(subject: .iri("urn:a"), predicate: .iri(RDFVocabulary.rdfType), object: .iri("urn:T"))
        let second = RDFQuad(subject: .blankNode("b0"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("x")))
        var dataset = RDFDataset()
        let added = [dataset.insert(first), dataset.insert(second), dataset.insert(first)]
        #expect(added == [true, true, false])
        #expect(dataset.quads == [first, second])
        #expect(dataset == RDFDataset([second, first]))
    }
}

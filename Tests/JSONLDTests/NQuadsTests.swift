import Testing
@testable import JSONLD

@Suite("N-Quads")
struct NQuadsTests {
    @Test("every term kind reads, with the default graph, a named graph, comments and blank lines")
    func reads() throws {
        let text = """
            # a comment
            <urn:s> <urn:p> <urn:o> .
            _:b0 <urn:p> "plain" <urn:g> .\r
            
            _:b0 <urn:p> "chat"@fr-BE _:g1 . # trailing comment
            <urn:s> <urn:p> "1"^^<http://www.w3.org/2001/XMLSchema#integer>.
            """
        let dataset = try NQuadsParser().parse(text)
        #expect(dataset.quads == [
            RDFQuad(subject: .iri("urn:s"), predicate: .iri("urn:p"), object: .iri("urn:o")),
            RDFQuad(subject: .blankNode("b0"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("plain")), graph: .iri("urn:g")),
            RDFQuad(subject: .blankNode("b0"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("chat", language: "fr-BE")), graph: .blankNode("g1")),
            RDFQuad(subject: .iri("urn:s"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("1", datatype: RDFVocabulary.xsdInteger))),
        ])
    }

    @Test("escapes are decoded: ECHAR, \\u and \\U in literals, UCHAR in IRIs")
    func escapes() throws {
        let dataset = try NQuadsParser().parse(#"<urn:\u00E9> <urn:p> "\t\b\n\r\f\"\'\\ \u00e9 \U0001F600" ."#)
        #expect(dataset.quads.first?.subject == .iri("urn:é"))
        #expect(dataset.quads.first?.object == .literal(RDFLiteral("\t\u{8}\n\r\u{C}\"'\\ é 😀")))
    }

    @Test("a blank node label may hold dots but not end with one, and may start with a digit")
    func blankNodeLabels() throws {
        let dataset = try NQuadsParser().parse("_:1a.b <urn:p> _:x.\n")
        #expect(dataset.quads.first?.subject == .blankNode("1a.b"))
        #expect(dataset.quads.first?.object == .blankNode("x"))
    }

    @Test("the canonical form escapes only what RDFC-1.0 says, in upper-case hex")
    func canonicalEscaping() {
        let literal = RDFTerm.literal(RDFLiteral("\u{0}\u{7}\u{8}\t\n\u{B}\u{C}\r\u{1F}\"\\\u{7F}é<>"))
        #expect(literal.nQuads == #""\u0000\u0007\b\t\n\u000B\f\r\u001F\"\\\u007Fé<>""#)
        #expect(RDFTerm.literal(RDFLiteral("x", datatype: RDFVocabulary.xsdString)).nQuads == #""x""#)
        #expect(RDFTerm.literal(RDFLiteral("x", language: "en")).nQuads == #""x"@en"#)
        let quad = RDFQuad(subject: .blankNode("b"), predicate: .iri("urn:p"), object: .iri("urn:o"), graph: .iri("urn:g"))
        #expect(quad.nQuads == "_:b <urn:p> <urn:o> <urn:g> .\n")
    }

    @Test("what is written reads back as the same dataset")
    func roundTrip() throws {
        let quads = [
            RDFQuad(subject: .blankNode("a"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("\u{1}\"\\\n é", language: "en")), graph: .blankNode("g")),
            RDFQuad(subject: .iri("urn:s"), predicate: .iri("urn:p"), object: .literal(RDFLiteral("5", datatype: RDFVocabulary.xsdInteger))),
        ]
        let dataset = RDFDataset(quads)
        #expect(try NQuadsParser().parse(dataset.nQuads) == dataset)
    }

    @Test("malformed statements are typed errors with their position", arguments: [
        ("<urn:s> <urn:p> <urn:o>", NQuadsError.Reason.expected("'.' ending the statement")),
        ("\"s\" <urn:p> <urn:o> .", .expected("an IRI or a blank node as subject")),
        ("<urn:s> _:p <urn:o> .", .expected("an IRI as predicate")),
        ("<urn:s> <urn:p> <urn:o> . <urn:x>", .expected("the end of the line after '.'")),
        ("<urn:s> <urn:p> <rel> .", .relativeIRI),
        ("<urn:s> <urn:p> <urn:a b> .", .invalidIRICharacter),
        ("<urn:s> <urn:p> <urn:\\u0020> .", .invalidIRICharacter),
        ("<urn:s> <urn:p> <urn:o", .expected("'>' closing the IRI")),
        ("_:-x <urn:p> <urn:o> .", .invalidBlankNodeLabel),
        ("_x <urn:p> <urn:o> .", .invalidBlankNodeLabel),
        ("<urn:s> <urn:p> \"a\nb\" .", .unterminatedLiteral),
        ("<urn:s> <urn:p> \"ab .", .unterminatedLiteral),
        ("<urn:s> <urn:p> \"\\q\" .", .invalidEscape),
        ("<urn:s> <urn:p> \"\\uD800\" .", .invalidEscape),
        ("<urn:s> <urn:p> \"\\u12\" .", .invalidEscape),
        ("<urn:s> <urn:p> \"a\"@ .", .invalidLanguageTag),
        ("<urn:s> <urn:p> \"a\"@en- .", .invalidLanguageTag),
        ("<urn:s> <urn:p> \"a\"^<urn:t> .", .expected("'^^<' before a datatype IRI")),
    ])
    func malformed(_ text: String, _ reason: NQuadsError.Reason) {
        #expect(throws: NQuadsError.self) { try NQuadsParser().parse(text) }
        do {
            _ = try NQuadsParser().parse(text)
        } catch {
            #expect(error.reason == reason, "\(text)")
            #expect(error.line == 1)
        }
    }

    @Test("the line of an error is counted across CR, LF and CRLF")
    func errorLine() {
        do {
            _ = try NQuadsParser().parse("<urn:s> <urn:p> <urn:o> .\r\n\n<urn:s> <urn:p> <urn:o> .\r<urn:s> <urn:p> x .")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 4)
            #expect(error.column == 17)
        }
    }

    @Test("input over the size or statement limit, and bytes that are not UTF-8, are refused")
    func limits() {
        let two = "<urn:s> <urn:p> <urn:o> .\n<urn:s> <urn:p> <urn:o2> .\n"
        #expect(throws: NQuadsError(.tooManyQuads(limit: 1), line: 2, column: 27)) {
            try NQuadsParser(limits: .init(maximumQuads: 1)).parse(two)
        }
        #expect(throws: NQuadsError(.tooLarge(limit: 10), line: 1, column: 1)) {
            try NQuadsParser(limits: .init(maximumSize: 10)).parse(two)
        }
        #expect(throws: NQuadsError(.invalidUTF8, line: 1, column: 1)) {
            try NQuadsParser().parse([0x3C, 0xFF, 0x3E])
        }
    }
}

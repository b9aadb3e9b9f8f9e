/// Canonical N-Quads (RDF 1.1 N-Quads, in the canonical form RDFC-1.0 §4.1 fixes): one
/// space between terms, ` .` and a single line feed after each statement, IRIs and blank node
/// labels as they are, and literals escaped minimally so that equal terms always serialize to
/// equal bytes — which is what makes the sorted lines a hashable, signable form.
extension RDFTerm {
    /// This term as N-Quads writes it (`<iri>`, `_:label`, `"lexical"@lang`,
    /// `"lexical"^^<datatype>`, with `xsd:string` left implicit).
    public var nQuads: String {
        var bytes: [UInt8] = []
        appendNQuads(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends this term's canonical N-Quads form to `bytes`.
    func appendNQuads(to bytes: inout [UInt8]) {
        switch self {
        case let .iri(iri):
            bytes.append(UInt8(ascii: "<"))
            bytes.append(contentsOf: iri.utf8)
            bytes.append(UInt8(ascii: ">"))
        case let .blankNode(label):
            bytes.append(UInt8(ascii: "_"))
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: label.utf8)
        case let .literal(literal):
            literal.appendNQuads(to: &bytes)
        }
    }
}

extension RDFLiteral {
    /// Appends the quoted, escaped lexical form and its language tag or (non-`xsd:string`)
    /// datatype.
    func appendNQuads(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        Self.appendEscaped(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        if let language {
            bytes.append(UInt8(ascii: "@"))
            bytes.append(contentsOf: language.utf8)
        } else if datatype != RDFVocabulary.xsdString {
            bytes.append(contentsOf: "^^<".utf8)
            bytes.append(contentsOf: datatype.utf8)
            bytes.append(UInt8(ascii: ">"))
        }
    }

    private static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The canonical escaping: `\"`, `\\`, and `\b \t \n \f \r` for those five controls;
    /// every other character below U+0020, and U+007F, as `\u00XX` in upper-case hex;
    /// everything else (all of non-ASCII included) as its own UTF-8.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let plain = !text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }
        if plain {  // the usual literal: copied in one go
            bytes.append(contentsOf: text.utf8)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x00..<0x20, 0x7F:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(upperHexDigits[Int(byte >> 4)])
                bytes.append(upperHexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
    }
}

extension RDFQuad {
    /// This quad as one canonical N-Quads line, line feed included.
    public var nQuads: String {
        var bytes: [UInt8] = []
        appendNQuads(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends this quad's canonical line (`s p o [g] .\n`) to `bytes`.
    func appendNQuads(to bytes: inout [UInt8]) {
        subject.appendNQuads(to: &bytes)
        bytes.append(UInt8(ascii: " "))
        predicate.appendNQuads(to: &bytes)
        bytes.append(UInt8(ascii: " "))
        object.appendNQuads(to: &bytes)
        if let graph {
            bytes.append(UInt8(ascii: " "))
            graph.appendNQuads(to: &bytes)
        }
        bytes.append(contentsOf: " .\n".utf8)
    }
}

extension RDFDataset {
    /// The dataset as N-Quads, one line per quad in the dataset's order (not sorted: sorting
    /// canonical lines is RDFC-1.0's job, see ``RDFCanonicalizer``).
    public var nQuads: String {
        var bytes: [UInt8] = []
        for quad in quads { quad.appendNQuads(to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@testable import JSONLD

/// Reads the N-Quads files the W3C toRdf tests expect (one statement a line), for comparing
/// against what toRdf produced. Test support only: it trusts its input.
enum NQuadsFixture {
    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "not an N-Quads statement: \(line)" }
    }

    static func parse(_ text: String) throws -> RDFDataset {
        var dataset = RDFDataset()
        for line in text.split(whereSeparator: \.isNewline) {
            var scanner = Scanner(Array(line.unicodeScalars))
            scanner.skipSpaces()
            if scanner.atEnd || scanner.peek == "#" { continue }
            guard let subject = try scanner.term(), let predicate = try scanner.term(), let object = try scanner.term() else {
                throw Malformed(line: String(line))
            }
            let graph = try scanner.term()
            dataset.insert(RDFQuad(subject: subject, predicate: predicate, object: object, graph: graph))
        }
        return dataset
    }

    private struct Scanner {
        var scalars: [Unicode.Scalar]
        var position = 0
        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }
        var atEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }

        mutating func skipSpaces() {
            while let next = peek, next == " " || next == "\t" { position += 1 }
        }

        mutating func until(_ stop: (Unicode.Scalar) -> Bool) -> String {
            var result = String.UnicodeScalarView()
            while let next = peek, !stop(next) {
                result.append(next)
                position += 1
            }
            return String(result)
        }

        mutating func term() throws -> RDFTerm? {
            skipSpaces()
            guard let next = peek else { return nil }
            switch next {
            case "<":
                position += 1
                let iri = unescape(until { $0 == ">" })
                position += 1
                return .iri(iri)
            case "_":
                position += 2
                return .blankNode(until { $0 == " " || $0 == "\t" })
            case "\"":
                position += 1
                var raw = String.UnicodeScalarView()
                while let scalar = peek, scalar != "\"" {
                    raw.append(scalar)
                    position += 1
                    if scalar == "\\", let escaped = peek {
                        raw.append(escaped)
                        position += 1
                    }
                }
                position += 1
                let value = unescape(String(raw))
                if peek == "@" {
                    position += 1
                    return .literal(RDFLiteral(value, language: until { $0 == " " || $0 == "\t" }))
                }
                if peek == "^" {
                    position += 3
                    let datatype = unescape(until { $0 == ">" })
                    position += 1
                    return .literal(RDFLiteral(value, datatype: datatype))
                }
                return .literal(RDFLiteral(value))
            default:
                return nil
            }
        }

        func unescape(_ text: String) -> String {
            guard text.contains("\\") else { return text }
            var result = String.UnicodeScalarView()
            let input = Array(text.unicodeScalars)
            var index = 0
            while index < input.count {
                let scalar = input[index]
                index += 1
                guard scalar == "\\", index < input.count else { result.append(scalar); continue }
                let code = input[index]
                index += 1
                switch code {
                case "t": result.append("\t")
                case "b": result.append("\u{8}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "f": result.append("\u{c}")
                case "u", "U":
                    let length = code == "u" ? 4 : 8
                    let hex = String(String.UnicodeScalarView(input[index..<min(index + length, input.count)]))
                    index += length
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { result.append(decoded) }
                default: result.append(code)
                }
            }
            return String(result)
        }
    }
}

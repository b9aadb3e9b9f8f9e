import Foundation
import Multiformats
import Testing
import VellumTestSupport

/// The multibase repository's `tests/*.csv`: each file names one input, then one line per
/// encoding with the expected multibase string.
@Suite("Multibase test vectors")
struct MultibaseVectorTests {
    struct Row { var encoding: String; var text: String }
    struct VectorFile { var name: String; var input: Data; var canonical: Bool; var rows: [Row] }

    static func unquote(_ field: Substring) -> String {
        var text = field.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    /// The input line spells zero bytes as `\x00`.
    static func unescape(_ text: String) -> Data {
        var output = Data()
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("\\x"), let byte = UInt8(rest.dropFirst(2).prefix(2), radix: 16) {
                output.append(byte)
                rest = rest.dropFirst(4)
            } else {
                output.append(contentsOf: String(rest.removeFirst()).utf8)
            }
        }
        return output
    }

    static func load() throws -> [VectorFile] {
        try Vectors.files(in: "multiformats/multibase/tests", suffix: ".csv").map { url in
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
            let header = try #require(lines.first?.split(separator: ",", maxSplits: 1))
            let rows = lines.dropFirst().map { line in
                let fields = line.split(separator: ",", maxSplits: 1)
                return Row(encoding: unquote(fields[0]), text: unquote(fields.count > 1 ? fields[1] : ""))
            }
            return VectorFile(
                name: url.lastPathComponent, input: unescape(unquote(header[1])),
                canonical: !header[0].contains("non-canonical"), rows: rows)
        }
    }

    @Test("Every vector decodes to its input, and every canonical one is what we encode",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func everyCSV() throws {
        let files = try Self.load()
        #expect(files.count == 4)
        var checked = 0
        for file in files {
            for row in file.rows {
                let encoding = try #require(MultibaseEncoding(rawValue: row.encoding), "\(file.name): \(row.encoding)")
                let decoded = try Multibase.decode(row.text)
                #expect(decoded.encoding == encoding, "\(file.name) \(row.encoding)")
                #expect(decoded.data == file.input, "\(file.name) \(row.encoding)")
                if file.canonical {
                    #expect(Multibase.encode(file.input, as: encoding) == row.text, "\(file.name) \(row.encoding)")
                }
                checked += 1
            }
        }
        #expect(checked > 80)
    }

    @Test("The README's table lists every encoding we claim, with the same prefix",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func prefixTable() throws {
        let csv = try String(contentsOf: Vectors.url("multiformats/multibase/multibase.csv"), encoding: .utf8)
        var table: [String: Character] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, let prefix = fields[1].first else { continue }
            table[fields[2]] = prefix
        }
        for encoding in MultibaseEncoding.allCases {
            #expect(table[encoding.rawValue] == encoding.prefix, "\(encoding)")
        }
    }
}

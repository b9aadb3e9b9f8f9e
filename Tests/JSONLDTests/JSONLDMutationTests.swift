import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import JSONLD

/// Bad input gets a typed error, never a crash: every input document of the W3C suites,
/// mutated at random (members dropped, renamed to keywords, values swapped for keywords, odd
/// containers and value objects), goes through expansion and toRdf.
@Suite("JSON-LD on mutated documents", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct JSONLDMutationTests {
    static let replacements: [JSONValue] = [
        .null, true, 1.5, 7, "", "@id", "@type", "@list", "@graph", "_:b", "http://x/", "@context", "ex:a",
        [], [:], ["@id": "x"], ["@value": 1], ["@list": []], ["@context": .null], ["@set": [1]],
        ["@reverse": ["a": "b"]], ["@container": "@list"], ["@container": ["@graph", "@id"]], ["@type": "@json"],
        ["@nest": "x"], ["@protected": true, "@id": "ex:x"], ["@value": "x", "@language": 5],
    ]
    static let keywords = [
        "@id", "@type", "@context", "@graph", "@value", "@list", "@reverse", "@included", "@nest", "@index",
        "@language", "@direction", "@set",
    ]

    static func mutate(_ value: JSONValue, _ generator: inout SeededGenerator) -> JSONValue {
        if Int.random(in: 0..<6, using: &generator) == 0 { return replacements.randomElement(using: &generator)! }
        switch value {
        case let .array(items):
            return .array(items.map { mutate($0, &generator) })
        case let .object(object):
            var mutated = JSONObject()
            for (name, member) in object where Int.random(in: 0..<12, using: &generator) != 0 {
                let key = Int.random(in: 0..<15, using: &generator) == 0 ? keywords.randomElement(using: &generator)! : name
                mutated[key] = mutate(member, &generator)
            }
            return .object(mutated)
        default:
            return value
        }
    }

    @Test("each W3C input document, mutated, converts to RDF or fails with a JSONLDError")
    func mutatedDocuments() async throws {
        var generator = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
        var converted = 0
        var refused = 0
        for folder in ["expand", "toRdf"] {
            let inputs = try Vectors.files(in: W3CManifest.folder + folder, suffix: "-in.jsonld")
            for input in inputs {
                guard let document = try? JSONValue(parsing: Data(contentsOf: input)) else { continue }
                var options = try await W3CManifest.options(for: .init(
                    id: "", name: "", types: [], input: "", option: JSONObject()))
                options.rdfDirection = converted % 2 == 0 ? .compoundLiteral : .i18nDatatype
                let url = W3CManifest.baseURL + folder + "/" + input.lastPathComponent
                do {
                    _ = try await JSONLDAPI.toRDF(Self.mutate(document, &generator), documentURL: url, options: options)
                    converted += 1
                } catch {
                    _ = error.code
                    refused += 1
                }
            }
        }
        print("mutated JSON-LD: \(converted) converted, \(refused) refused with a typed error")
        #expect(converted > 100 && refused > 100)
    }
}

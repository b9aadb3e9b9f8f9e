import CryptoKeys
import Foundation
import Testing
import VellumTestSupport
@testable import JSONLD

/// The W3C RDFC-1.0 test suite (`../shared/vectors/rdf-canon/tests/manifest.jsonld`): every
/// evaluation test's canonical N-Quads, every map test's issued identifiers, and the poison
/// clique refused with the typed error.
@Suite("RDFC-1.0 test suite")
struct RDFCanonicalizationSuiteTests {
    /// One manifest entry.
    struct Entry: Sendable, CustomTestStringConvertible {
        var id: String
        var kind: String
        var name: String
        var action: String
        var result: String?
        var hashAlgorithm: DigestAlgorithm
        var testDescription: String { "\(id) \(name)" }
    }

    static let folder = "rdf-canon/tests/"

    static let entries: [Entry] = {
        guard let manifest = try? Vectors.json(folder + "manifest.jsonld") as? [String: Any],
            let list = manifest["entries"] as? [[String: Any]]
        else { return [] }
        return list.compactMap { entry in
            guard let id = entry["id"] as? String, let kind = entry["type"] as? String,
                let action = entry["action"] as? String
            else { return nil }
            return Entry(
                id: id, kind: kind, name: entry["name"] as? String ?? "", action: action,
                result: entry["result"] as? String,
                hashAlgorithm: entry["hashAlgorithm"] as? String == "SHA384" ? .sha384 : .sha256)
        }
    }()

    /// Runs one entry; `nil` when it passes, else why not.
    static func run(_ entry: Entry) throws -> String? {
        let input = try NQuadsParser().parse(String(decoding: Vectors.data(folder + entry.action), as: UTF8.self))
        let canonicalizer = RDFCanonicalizer(hashAlgorithm: entry.hashAlgorithm)
        switch entry.kind {
        case "rdfc:RDFC10EvalTest":
            let expected = String(decoding: try Vectors.data(folder + (entry.result ?? "")), as: UTF8.self)
            let actual = try canonicalizer.canonicalize(input).nQuads
            return actual == expected ? nil : "canonical N-Quads differ:\n\(actual)\nexpected:\n\(expected)"
        case "rdfc:RDFC10MapTest":
            let expected = try Vectors.json(folder + (entry.result ?? "")) as? [String: String]
            let actual = try canonicalizer.canonicalize(input).issuedIdentifiers
            return actual == expected ? nil : "issued identifiers \(actual), expected \(expected ?? [:])"
        case "rdfc:RDFC10NegativeEvalTest":
            do {
                _ = try canonicalizer.canonicalize(input)
                return "a poison dataset was canonicalized"
            } catch .tooManyDeepIterations, .tooManyPermutations {
                return nil
            } catch {
                return "refused with \(error), not a work limit"
            }
        default:
            return "unknown test type \(entry.kind)"
        }
    }

    @Test("each manifest entry", .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: entries)
    func entry(_ entry: Entry) throws {
        let failure = try Self.run(entry)
        #expect(failure == nil, "\(entry.id): \(failure ?? "")")
    }

    @Test("all 86 entries pass (64 eval, 21 map, 1 negative)", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func passCount() throws {
        var passed = 0
        var failures: [String] = []
        for entry in Self.entries {
            if let failure = try Self.run(entry) { failures.append(entry.id + ": " + failure) } else { passed += 1 }
        }
        print("rdf-canon: \(passed)/\(Self.entries.count)")
        #expect(Self.entries.count == 86)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("the poison clique (test074) is refused quickly", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func poisonIsQuick() throws {
        let input = try NQuadsParser().parse(String(decoding: Vectors.data(Self.folder + "rdfc10/test074-in.nq"), as: UTF8.self))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try RDFCanonicalizer().canonicalize(input)
            Issue.record("the clique was canonicalized")
        } catch {
            #expect(error == .tooManyDeepIterations(limit: RDFCanonicalizationLimits.default.maximumDeepIterations))
        }
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(10), "took \(elapsed)")  // ~0.15 s alone; the margin is for a loaded CI machine
        print("rdf-canon test074 refused after \(elapsed)")
    }
}

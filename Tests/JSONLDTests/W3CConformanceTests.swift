import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import JSONLD

/// Every test of the W3C JSON-LD 1.1 API expansion and toRdf manifests, run against this
/// module: positive tests compare the output (expanded JSON as JSON-LD graphs, datasets up to
/// blank node relabelling), negative tests compare the error code exactly. Prints
/// `expand: N/M` and `toRdf: N/M` and each failure with its reason.
@Suite("W3C JSON-LD 1.1 test suites", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct W3CConformanceTests {
    /// Tests not run, each with its reason.
    static let skipped: [String: String] = [:]

    /// Whether a test applies: `specVersion: json-ld-1.0` tests pin 1.0 behaviour a 1.1
    /// processor replaces (the 1.1 manifests say so); they are counted as not applicable.
    static func applies(_ entry: W3CManifest.Entry) -> Bool {
        entry.specVersion != "json-ld-1.0"
    }

    @Test("the expansion manifest")
    func expansion() async throws {
        let manifest = try W3CManifest("expand-manifest.jsonld")
        var failures: [String] = []
        var passed = 0
        let applicable = manifest.entries.filter(Self.applies)
        for entry in applicable {
            if let reason = Self.skipped["expand" + entry.id] { failures.append("skip \(entry.id): \(reason)"); continue }
            if let failure = await Self.runExpand(entry) {
                failures.append("\(entry.id) \(entry.name): \(failure)")
            } else {
                passed += 1
            }
        }
        print("expand: \(passed)/\(applicable.count) (of \(manifest.entries.count); json-ld-1.0-only tests not applicable)")
        for failure in failures { print("  expand \(failure)") }
        #expect(failures.filter { !$0.hasPrefix("skip") }.isEmpty)
    }

    @Test("the toRdf manifest")
    func toRDF() async throws {
        let manifest = try W3CManifest("toRdf-manifest.jsonld")
        var failures: [String] = []
        var passed = 0
        let applicable = manifest.entries.filter(Self.applies)
        for entry in applicable {
            if let reason = Self.skipped["toRdf" + entry.id] { failures.append("skip \(entry.id): \(reason)"); continue }
            if let failure = await Self.runToRDF(entry) {
                failures.append("\(entry.id) \(entry.name): \(failure)")
            } else {
                passed += 1
            }
        }
        print("toRdf: \(passed)/\(applicable.count) (of \(manifest.entries.count); json-ld-1.0-only tests not applicable)")
        for failure in failures { print("  toRdf \(failure)") }
        #expect(failures.filter { !$0.hasPrefix("skip") }.isEmpty)
    }

    /// `nil` when the test passes, else why not.
    static func runExpand(_ entry: W3CManifest.Entry) async -> String? {
        do {
            let options = try await W3CManifest.options(for: entry)
            let result: JSONValue
            do {
                result = try await JSONLDAPI.expand(documentAt: W3CManifest.baseURL + entry.input, options: options)
            } catch {
                if entry.isNegative { return error.code == entry.expectErrorCode ? nil : "expected \(entry.expectErrorCode ?? ""), got \(error)" }
                return "error \(error)"
            }
            if entry.isNegative { return "expected error \(entry.expectErrorCode ?? ""), got \(result.serializedString())" }
            let expected = try JSONValue(parsing: Vectors.data(W3CManifest.folder + (entry.expect ?? "")))
            return ExpandedEquality.equal(result, expected) ? nil : "got \(result.serializedString())"
        } catch {
            return "harness: \(error)"
        }
    }

    static func runToRDF(_ entry: W3CManifest.Entry) async -> String? {
        do {
            let options = try await W3CManifest.options(for: entry)
            let result: RDFDataset
            do {
                result = try await JSONLDAPI.toRDF(documentAt: W3CManifest.baseURL + entry.input, options: options)
            } catch {
                if entry.isNegative { return error.code == entry.expectErrorCode ? nil : "expected \(entry.expectErrorCode ?? ""), got \(error)" }
                return "error \(error)"
            }
            if entry.isNegative { return "expected error \(entry.expectErrorCode ?? ""), got \(result.count) quads" }
            if entry.isSyntax { return nil }
            let expected = try NQuadsFixture.parse(W3CManifest.text(entry.expect ?? ""))
            return DatasetIsomorphism.isomorphic(result, expected) ? nil : "got \(result.quads.map { "\($0)" }.joined(separator: " | "))"
        } catch {
            return "harness: \(error)"
        }
    }
}

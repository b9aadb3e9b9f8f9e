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
    /// Tests not run, each with its reason. All are marked `specVersion: json-ld-1.0` in the
    /// manifests: they pin JSON-LD 1.0 behaviour that JSON-LD 1.1 replaced, and running them
    /// would mean giving up the 1.1 behaviour other tests require. (The other 1.0-marked tests
    /// behave the same in 1.1 and are run.)
    static let skipped: [String: String] = {
        let oneOh = "JSON-LD 1.0 only: "
        let reasons = [
            "t0026": "a term whose @id is @type may be redefined in a compact IRI form",
            "t0071": "a term that looks like a compact IRI may map to another IRI",
            "t0115": "an empty @vocab is an error (1.1 allows it)",
            "t0116": "a relative @vocab is an error (1.1 resolves it)",
            "ter02": "error code 'recursive context inclusion' (1.1: 'context overflow')",
            "ter03": "error code 'recursive context inclusion' (1.1: 'context overflow')",
            "ter24": "lists of lists are an error (1.1 allows them)",
            "ter32": "lists of lists are an error (1.1 allows them)",
        ]
        var skipped: [String: String] = [:]
        for (test, reason) in reasons {
            skipped["expand#" + test] = oneOh + reason
            // toRdf numbers the same tests "te026" where expand has "t0026".
            skipped["toRdf#" + test.replacingOccurrences(of: "t0", with: "te")] = oneOh + reason
        }
        skipped["toRdf#te014"] = oneOh + "an expanded term definition may be used as a prefix"
        return skipped
    }()

    @Test("the expansion manifest")
    func expansion() async throws {
        try await Self.run("expand", expectedSkips: 8, Self.runExpand)
    }

    @Test("the toRdf manifest")
    func toRDF() async throws {
        try await Self.run("toRdf", expectedSkips: 9, Self.runToRDF)
    }

    /// Runs every test of `<name>-manifest.jsonld` but the skipped ones, prints the count and
    /// each skip and failure, and expects no failure.
    static func run(
        _ name: String, expectedSkips: Int, _ runTest: (W3CManifest.Entry) async -> String?
    ) async throws {
        let manifest = try W3CManifest("\(name)-manifest.jsonld")
        var failures: [String] = []
        var skips: [String] = []
        var passed = 0
        for entry in manifest.entries {
            if let reason = skipped[name + entry.id] {
                skips.append("\(entry.id): \(reason)")
            } else if let failure = await runTest(entry) {
                failures.append("\(entry.id) \(entry.name): \(failure)")
            } else {
                passed += 1
            }
        }
        print("\(name): \(passed)/\(manifest.entries.count) (\(skips.count) skipped, \(failures.count) failed)")
        for skip in skips { print("  \(name) skipped \(skip)") }
        for failure in failures { print("  \(name) FAILED \(failure)") }
        #expect(failures.isEmpty)
        #expect(skips.count == expectedSkips)
    }

    /// `nil` when the test passes, else why not.
    static func runExpand(_ entry: W3CManifest.Entry) async -> String? {
        await evaluate(entry, JSONLDAPI.expand(documentAt:options:)) { result in
            let expected = try JSONValue(parsing: Vectors.data(W3CManifest.folder + (entry.expect ?? "")))
            return ExpandedEquality.equal(result, expected) ? nil : "got \(result.serializedString())"
        }
    }

    static func runToRDF(_ entry: W3CManifest.Entry) async -> String? {
        await evaluate(entry, JSONLDAPI.toRDF(documentAt:options:)) { result in
            if entry.isSyntax { return nil }
            let expected = try NQuadsFixture.parse(W3CManifest.text(entry.expect ?? ""))
            return DatasetIsomorphism.isomorphic(result, expected)
                ? nil : "got \(result.quads.map { "\($0)" }.joined(separator: " | "))"
        }
    }

    /// Runs `operation` on the test's input with its options: a negative test passes when it
    /// fails with the expected code, a positive one when `judge` finds nothing wrong.
    static func evaluate<Output>(
        _ entry: W3CManifest.Entry, _ operation: (String, JSONLDOptions) async throws(JSONLDError) -> Output,
        judge: (Output) throws -> String?
    ) async -> String? {
        do {
            let options = try await W3CManifest.options(for: entry)
            let output: Output
            do {
                output = try await operation(W3CManifest.baseURL + entry.input, options)
            } catch {
                guard entry.isNegative else { return "error \(error)" }
                return error.code == entry.expectErrorCode ? nil : "expected \(entry.expectErrorCode ?? ""), got \(error)"
            }
            if entry.isNegative { return "expected error \(entry.expectErrorCode ?? ""), got a result" }
            return try judge(output)
        } catch {
            return "harness: \(error)"
        }
    }
}

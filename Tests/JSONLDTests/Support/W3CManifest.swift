import Foundation
import JSONModel
import VellumTestSupport
@testable import JSONLD

/// The W3C JSON-LD API test suite (`../shared/vectors/json-ld/w3c-json-ld-api/tests/`): its
/// manifests, and a document loader that serves the suite's base URL from the local files, as
/// the remote-document stub the issue asks for.
struct W3CManifest {
    static let baseURL = "https://w3c.github.io/json-ld-api/tests/"
    static let folder = "json-ld/w3c-json-ld-api/tests/"

    struct Entry: Sendable {
        var id: String
        var name: String
        var types: [String]
        var input: String
        var expect: String?
        var expectErrorCode: String?
        var option: JSONObject

        var isNegative: Bool { types.contains("jld:NegativeEvaluationTest") }
        var isSyntax: Bool { types.contains("jld:PositiveSyntaxTest") }
        var specVersion: String? { option["specVersion"]?.stringValue }
    }

    var entries: [Entry]

    init(_ file: String) throws {
        let document = try JSONValue(parsing: Vectors.data(Self.folder + file))
        entries = (document["sequence"]?.arrayValue ?? []).map { test in
            Entry(
                id: test["@id"]?.stringValue ?? "",
                name: test["name"]?.stringValue ?? "",
                types: test["@type"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                input: test["input"]?.stringValue ?? "",
                expect: test["expect"]?.stringValue,
                expectErrorCode: test["expectErrorCode"]?.stringValue,
                option: test["option"]?.objectValue ?? JSONObject())
        }
    }

    /// The options a test's `option` map asks for, with the suite's loader.
    static func options(for entry: Entry) async throws -> JSONLDOptions {
        var options = JSONLDOptions(documentLoader: SuiteLoader())
        options.base = entry.option["base"]?.stringValue
        if entry.option["processingMode"]?.stringValue == "json-ld-1.0" { options.processingMode = .jsonLD10 }
        if let context = entry.option["expandContext"]?.stringValue {
            options.expandContext = try await SuiteLoader().loadDocument(at: baseURL + context).document
        }
        options.rdfDirection = entry.option["rdfDirection"]?.stringValue.flatMap(JSONLDOptions.RDFDirection.init)
        options.produceGeneralizedRDF = entry.option["produceGeneralizedRdf"]?.boolValue ?? false
        return options
    }

    static func text(_ relative: String) throws -> String {
        String(decoding: try Vectors.data(folder + relative), as: UTF8.self)
    }
}

/// Serves `https://w3c.github.io/json-ld-api/tests/…` from the local copy of the suite.
struct SuiteLoader: DocumentLoader {
    func loadDocument(at url: String) async throws(DocumentLoadingError) -> RemoteDocument {
        guard url.hasPrefix(W3CManifest.baseURL) else { throw .notAvailable(url: url) }
        let relative = String(url.dropFirst(W3CManifest.baseURL.count))
        guard let data = try? Vectors.data(W3CManifest.folder + relative) else { throw .notAvailable(url: url) }
        do {
            return RemoteDocument(documentURL: url, document: try JSONValue(parsing: data), contentType: "application/ld+json")
        } catch {
            throw .notJSON(url: url, reason: "\(error)")
        }
    }
}

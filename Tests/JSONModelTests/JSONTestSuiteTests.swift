import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// nst/JSONTestSuite `test_parsing`: `y_` must be accepted, `n_` rejected, `i_` may go
/// either way but must not crash. Our `i_` outcomes are recorded in ``expectedImplementationDefined``.
@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    static let folder = "fuzz-and-parsers/JSONTestSuite/test_parsing"

    static func files(prefix: String) throws -> [URL] {
        try Vectors.files(in: folder, suffix: ".json").filter { $0.lastPathComponent.hasPrefix(prefix) }
    }

    /// RFC 8259 allows repeated names, so these two are `y_`; we refuse them by default
    /// (readers that disagree on which value counts are an attack on signed JSON) and accept
    /// them with `.lastWins`.
    static let duplicateNameFiles: Set<String> = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    @Test("Every y_ file is accepted (duplicate names only with last-wins)",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func accepts() throws {
        let files = try Self.files(prefix: "y_")
        #expect(files.count == 95)
        for file in files {
            let data = try Data(contentsOf: file)
            if Self.duplicateNameFiles.contains(file.lastPathComponent) {
                #expect(throws: JSONError.duplicateMember("a", offset: 9)) { try JSONValue(parsing: data) }
                #expect((try? JSONValue(parsing: data, duplicateMembers: .lastWins)) != nil)
                continue
            }
            do {
                _ = try JSONValue(parsing: data)
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test("Every n_ file is rejected with a typed error", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func rejects() throws {
        let files = try Self.files(prefix: "n_")
        #expect(files.count == 188)
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(throws: JSONError.self, "\(file.lastPathComponent)") { try JSONValue(parsing: data) }
        }
    }

    /// The `i_` files we accept; every other `i_` file is rejected. Accepted: numbers
    /// outside Double's range or precision (the text is kept). Rejected: lone surrogate
    /// escapes (no `String` can hold them), invalid UTF-8, a byte order mark, UTF-16 input,
    /// and 500 nested arrays (deeper than the default limit of 256).
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
    ]

    @Test("i_ files: no crash, and the outcome we chose", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func implementationDefined() throws {
        let files = try Self.files(prefix: "i_")
        #expect(files.count == 35)
        var accepted: Set<String> = []
        for file in files {
            let data = try Data(contentsOf: file)
            if (try? JSONValue(parsing: data)) != nil { accepted.insert(file.lastPathComponent) }
        }
        #expect(accepted == Self.acceptedImplementationDefined)
    }

    @Test("Every y_ file survives parse → compact → parse unchanged", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func roundTrip() throws {
        for file in try Self.files(prefix: "y_") {
            let value = try JSONValue(parsing: Data(contentsOf: file), duplicateMembers: .lastWins)
            let again = try JSONValue(parsing: value.serialized())
            #expect(again == value, "\(file.lastPathComponent)")
            #expect(again.serialized() == value.serialized(), "\(file.lastPathComponent)")
            #expect(try JSONValue(parsing: value.serialized(.pretty)) == value, "\(file.lastPathComponent)")
        }
    }
}

import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `parseArrayElements` is a faster way to read an array, not a second dialect: for every
/// input it must accept exactly what `parse` accepts, yield the same elements and throw the
/// same error at the same offset. Skipping the first strings changes only what they come
/// back as, never what is accepted.
@Suite("JSON array elements read one at a time")
struct JSONArrayElementsTests {
    /// What one reading produced: the elements, "not an array", or an error.
    enum Outcome: Equatable {
        case elements([JSONValue])
        case notAnArray
        case failed(JSONError)
    }

    /// The elements read one at a time; strings among the first `skipped` come back as "".
    static func elementwise(_ text: [UInt8], parser: JSONParser, skipped: Int = 0) -> Outcome {
        var elements: [JSONValue] = []
        do {
            let isArray = try text.withUnsafeBufferPointer { bytes throws(JSONError) in
                try parser.parseArrayElements(bytes, skippingStringsBefore: skipped) { elements.append($0.jsonValue) }
            }
            return isArray ? .elements(elements) : .notAnArray
        } catch {
            return .failed(error)
        }
    }

    /// The array parsed whole, the strings among the first `skipped` elements made "".
    static func whole(_ text: [UInt8], parser: JSONParser, skipped: Int = 0) -> Outcome {
        do {
            guard case .array(var elements) = try parser.parse(text) else { return .notAnArray }
            for position in elements.indices.prefix(skipped) where elements[position].stringValue != nil {
                elements[position] = ""
            }
            return .elements(elements)
        } catch {
            // A text that does not start with `[` is "not an array" to the element reader
            // whatever else is wrong with it.
            let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return first == UInt8(ascii: "[") ? .failed(error) : .notAnArray
        }
    }

    static let cases: [String] = [
        #"[]"#, #" [ ] "#, #"["salt","name","value"]"#, #"["s", {"a": [1, {"b": null}]}, true]"#,
        #"["a","b",]"#, #"[,]"#, #"["a" "b"]"#, #"["a""#, #"["a","#, #"["a"] x"#, #"[1.]"#, #"[01]"#,
        #"["\ud800"]"#, #"["a\u0041", "é", "\u00e9"]"#, #"[[[[1]]]]"#, #"[{"a":1,"a":2}]"#, #"{"a":1}"#,
        #""text""#, #"12"#, #"nul"#, "", "   ", #"[1,2,3,4,5]"#, #"[[1,2],[3,[4]]]"#, "[\"\u{1}\"]",
    ]

    @Test("Agrees with parse on hand-picked arrays and non-arrays, under tight limits too")
    func agreesOnCases() {
        let parsers = [
            JSONParser(), JSONParser(duplicateMembers: .lastWins),
            JSONParser(limits: .init(maximumDepth: 2, maximumStringLength: 3, maximumMembers: 2)),
            JSONParser(limits: .init(maximumDepth: 1)), JSONParser(limits: .init(maximumDepth: 0)),
        ]
        for parser in parsers {
            for text in Self.cases {
                let bytes = Array(text.utf8)
                for skipped in 0...2 {
                    #expect(
                        Self.elementwise(bytes, parser: parser, skipped: skipped)
                            == Self.whole(bytes, parser: parser, skipped: skipped), "\(text), \(skipped) skipped")
                }
            }
        }
    }

    @Test("Agrees with parse on every JSONTestSuite file", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func agreesOnJSONTestSuite() throws {
        let files = try Vectors.files(in: JSONTestSuiteTests.folder, suffix: ".json")
        #expect(files.count > 300)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            for parser in [JSONParser(), JSONParser(limits: .init(maximumDepth: 3, maximumMembers: 2))] {
                #expect(Self.elementwise(bytes, parser: parser) == Self.whole(bytes, parser: parser), "\(file.lastPathComponent)")
                #expect(
                    Self.elementwise(bytes, parser: parser, skipped: 1) == Self.whole(bytes, parser: parser, skipped: 1),
                    "\(file.lastPathComponent), first string skipped")
            }
        }
    }

    @Test("Strings come back unboxed, other values as JSON values")
    func elementKinds() throws {
        var elements: [JSONArrayElement] = []
        let isArray = try Array(#"["salt", 7, ["x"]]"#.utf8).withUnsafeBufferPointer { bytes throws(JSONError) in
            try JSONParser().parseArrayElements(bytes) { elements.append($0) }
        }
        #expect(isArray)
        #expect(elements.map(\.stringValue) == ["salt", nil, nil])
        #expect(elements.map(\.jsonValue) == ["salt", 7, ["x"]])
    }

    @Test("A skipped string is checked but not built; later strings are built")
    func skippedStrings() throws {
        var elements: [JSONArrayElement] = []
        let isArray = try Array(#"["salt", 7, "name"]"#.utf8).withUnsafeBufferPointer { bytes throws(JSONError) in
            try JSONParser().parseArrayElements(bytes, skippingStringsBefore: 2) { elements.append($0) }
        }
        #expect(isArray)
        #expect(elements.map(\.isString) == [true, false, true])
        #expect(elements.map(\.stringValue) == [nil, nil, "name"])
        // An escape error in a skipped string is the error the whole parse reports.
        let bad = Array(#"["\x", 1]"#.utf8)
        #expect(Self.elementwise(bad, parser: JSONParser(), skipped: 1) == Self.whole(bad, parser: JSONParser()))
        #expect(Self.elementwise(bad, parser: JSONParser(), skipped: 1) != .notAnArray)
    }
}

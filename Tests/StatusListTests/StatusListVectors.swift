import CBOR
import CryptoKeys
import Foundation
import JSONModel
import VellumTestSupport

/// The IETF Token Status List vectors in ../shared/vectors/status-list (see its SOURCE.txt).
struct StatusListVectors {
    struct List {
        var name: String
        var bits: Int
        var entryCount: Int
        var lst: String
        var cbor: Data
        var expected: [Int: UInt8]
        var jsonExampleFile: String
        var cborExampleFile: String
    }

    static let folder = "status-list/ietf-token-status-list"

    var lists: [List]
    var publicKey: PublicKey
    var statusListJWT: String
    var statusListCWT: Data
    var referencedTokenCWT: Data

    struct MissingField: Error, CustomStringConvertible {
        var description: String
    }

    /// `value`, or an error naming what was missing from the vector file.
    static func required<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw MissingField(description: "vector field \(what) is missing or malformed") }
        return value
    }

    static func load() throws -> StatusListVectors {
        let data = try Vectors.data("\(folder)/status_list_vectors.json")
        let root = try JSONValue(parsing: data)
        var lists = [List]()
        for item in root["vectors"]?.arrayValue ?? [] {
            var expected = [Int: UInt8]()
            for (key, value) in item["expected_status_at_index"]?.objectValue ?? JSONObject() {
                expected[try required(Int(key), "index \(key)")] = UInt8(try required(value.intValue, "status"))
            }
            func text(_ name: String) throws -> String { try required(item[name]?.stringValue, name) }
            func number(_ name: String) throws -> Int { try required(item[name]?.intValue, name) }
            lists.append(List(
                name: try text("name"), bits: try number("bits"), entryCount: try number("num_entries"),
                lst: try text("lst_json_base64url"),
                cbor: try required(Data(testHex: try text("status_list_cbor_hex")), "status_list_cbor_hex"),
                expected: expected, jsonExampleFile: try text("json_example_file"),
                cborExampleFile: try text("cbor_example_file")))
        }
        let jwk = try JWK(jsonData: try required(root["signing_key_public_jwk"], "signing_key_public_jwk").serialized(.compact))
        func hex(_ name: String) throws -> Data {
            try required(root[name]?.stringValue.flatMap { Data(testHex: $0) }, name)
        }
        return StatusListVectors(
            lists: lists, publicKey: try jwk.publicKey(),
            statusListJWT: try required(root["status_list_jwt"]?.stringValue, "status_list_jwt"),
            statusListCWT: try hex("status_list_cwt_hex"), referencedTokenCWT: try hex("referenced_token_cwt_hex"))
    }

    /// The text of an example file of the draft.
    static func example(_ file: String) throws -> String {
        String(decoding: try Vectors.data("\(folder)/\(file)"), as: UTF8.self)
    }

    /// The hex after "encoded:" (or the whole file) of a CBOR example, lines joined.
    static func exampleHex(_ file: String) throws -> Data {
        var text = try example(file)
        if let marker = text.range(of: "encoded:") { text = String(text[marker.upperBound...]) }
        return try required(Data(testHex: text.filter { $0.isHexDigit }), file)
    }

    /// The JSON object of a JSON example: its `lst` is folded over several lines in the draft.
    static func exampleJSON(_ file: String) throws -> JSONValue {
        var text = try example(file)
        if let start = text.firstIndex(of: "{") { text = String(text[start...]) }
        // Unfold: drop the line breaks and indentation inside the quoted lst value.
        var unfolded = ""
        var inString = false
        var skippingIndent = false
        for character in text {
            if character == "\"" { inString.toggle() }
            if inString, character == "\n" { skippingIndent = true; continue }
            if skippingIndent, character == " " { continue }
            skippingIndent = false
            unfolded.append(character)
        }
        return try JSONValue(parsing: unfolded)
    }
}

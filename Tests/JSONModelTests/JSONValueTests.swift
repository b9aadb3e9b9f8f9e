import Foundation
import JSONModel
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Objects compare and hash without regard to member order")
    func orderInsensitive() throws {
        let a = try JSONValue(parsing: #"{"a":1,"b":[true,null]}"#)
        let b = try JSONValue(parsing: #"{"b":[true,null],"a":1.0}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(a != (try JSONValue(parsing: #"{"a":1,"b":[null,true]}"#)))
        #expect(a != (try JSONValue(parsing: #"{"a":1}"#)))
    }

    @Test("Strings compare by Unicode scalars, not canonical equivalence")
    func scalarEquality() {
        #expect(JSONValue.string("\u{e9}") != JSONValue.string("e\u{301}"))
        #expect(JSONValue.string("\u{e9}") == JSONValue.string("é"))
    }

    @Test("Literals, subscripts and accessors")
    func accessors() {
        let value: JSONValue = ["name": "Arthur", "age": 42, "ratio": 0.5, "tags": ["a", nil], "ok": true]
        #expect(value["name"]?.stringValue == "Arthur")
        #expect(value["age"]?.intValue == 42)
        #expect(value["ratio"]?.doubleValue == 0.5)
        #expect(value["tags"]?[1]?.isNull == true)
        #expect(value["tags"]?[2] == nil)
        #expect(value["ok"]?.boolValue == true)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(value.objectValue?.keys == ["name", "age", "ratio", "tags", "ok"])
        #expect(value["name"]?.objectValue == nil)
    }

    @Test("A number's Double is strtod's, integers read as integers included")
    func doubleValues() throws {
        let texts = [
            "0", "-0", "7", "-7", "1700000000", "9007199254740991", "-9007199254740991", "9007199254740993",
            "-9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "0.5", "1e3",
            "1E-2", "-0.0", "123456789012345678901234567890", "123456789012345678", "-999999999999999999",
            "1234567890123456789", "-1234567890123456789",
        ]
        for text in texts {
            let number = try #require(JSONNumber(text))
            let expected = try #require(Double(text))
            #expect(number.doubleValue == expected, "\(text)")
            #expect(number.doubleValue.sign == expected.sign, "\(text)")
        }
    }

    @Test("Removing and replacing members keeps the others' order")
    func mutation() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        object["a"] = "x"
        object["d"] = 4
        #expect(object.keys == ["a", "c", "d"])
        #expect(object["c"] == 3)
        #expect(object["b"] == nil)
    }

    @Test("Codable bridge: Swift value → JSONValue → Swift value")
    func codableBridge() throws {
        struct Credential: Codable, Equatable {
            var id: String
            var count: Int
            var scores: [Double]
            var nested: [String: Bool]
        }
        let original = Credential(id: "urn:x", count: 3, scores: [0.1, 2], nested: ["k": true])
        let value = try JSONValue(encoding: original)
        #expect(value["count"] == 3)
        #expect(value["nested"]?["k"] == true)
        #expect(try value.decode(Credential.self) == original)
        #expect(throws: JSONError.self) { try JSONValue.string("x").decode(Credential.self) }
    }

    @Test("JSONValue is itself Codable")
    func codable() throws {
        let value = try JSONValue(parsing: #"{"a":[1,2.5,"s",null,false,{"b":{}}]}"#)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(try JSONValue(parsing: data) == value)
    }
}

import Foundation
import JSONModel
import Testing

/// `JSONValueEncoder` produces what `JSONEncoder` + the parser produce, without the text.
@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    enum Kind: String, Codable { case plain, fancy }

    struct Inner: Codable, Equatable {
        var name: String
        var tags: [String]
        var score: Double?
    }

    struct Outer: Codable, Equatable {
        var id: Int
        var kind: Kind
        var flag: Bool
        var inner: Inner
        var list: [Inner]
        var map: [String: Int]
        var nothing: String?
        var big: UInt64
        var small: Int8
        var nested: [[Int]]
        var blob: Data
        var link: URL
    }

    /// Hand-written containers: nested keyed/unkeyed containers and a super encoder.
    struct Manual: Encodable {
        enum Keys: String, CodingKey { case a, b, c, `super` }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try nested.encode(1, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try list.encode("x")
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .c)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(2.5)
            try container.encodeNil(forKey: .c)
            try "base".encode(to: container.superEncoder())
        }
    }

    func viaJSONEncoder(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(parsing: JSONEncoder().encode(value))
    }

    @Test func matchesJSONEncoderForSynthesizedCodable() throws {
        let value = Outer(
            id: 7, kind: .fancy, flag: true, inner: Inner(name: "n/é", tags: ["a", "b"], score: 0.5),
            list: [Inner(name: "x", tags: [], score: nil)], map: ["k": 1], nothing: nil, big: .max, small: -3,
            nested: [[1, 2], []], blob: Data([0, 1, 254, 255]), link: URL(string: "https://example.com/a?b=c")!)
        let direct = try JSONValueEncoder().encode(value)
        #expect(direct == (try viaJSONEncoder(value)))
        #expect(direct["nothing"] == nil)
        #expect(try direct.decode(Outer.self) == value)
    }

    @Test func handWrittenContainersMatchJSONEncoder() throws {
        #expect(try JSONValueEncoder().encode(Manual()) == (try viaJSONEncoder(Manual())))
        let value = try JSONValueEncoder().encode(Manual())
        #expect(value["b"]?[2]?["c"] == .bool(true) && value["super"] == .string("base") && value["c"] == .null)
    }

    @Test func topLevelPrimitivesAndOrder() throws {
        #expect(try JSONValueEncoder().encode("s") == .string("s"))
        #expect(try JSONValueEncoder().encode([1, 2]) == .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))
        let ordered = try JSONValueEncoder().encode(Inner(name: "a", tags: [], score: 1))
        #expect(ordered.objectValue?.keys == ["name", "tags", "score"])
    }

    @Test func nonFiniteNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Float.infinity]) }
    }

    @Test func errorsFromEncodeToPassThrough() {
        struct Refusal: Error, Equatable {}
        struct Refuses: Encodable {
            func encode(to encoder: any Encoder) throws { throw Refusal() }
        }
        #expect(throws: Refusal()) { try JSONValueEncoder().encode([Refuses()]) }
    }
}

import Foundation
import Testing
@testable import CBOR

/// `Codable` bridging: structs become maps, arrays arrays, `Data` byte strings.
@Suite("Codable")
struct CodableTests {
    enum Kind: String, Codable, Equatable { case mdoc, sdjwt }
    enum Shape: Codable, Equatable { case circle(radius: Double), square(side: Int), dot }

    struct Element: Codable, Equatable {
        var identifier: String
        var value: Int
        var digest: Data
    }

    struct Document: Codable, Equatable {
        var docType: String
        var kind: Kind
        var version: UInt8
        var offset: Int64
        var ratio: Double
        var nickname: String?
        var expires: Date
        var birthDate: FullDate
        var elements: [Element]
        var nested: [String: [Int]]
        var shapes: [Shape]
        var extra: CBOR
    }

    static let document = Document(
        docType: "org.iso.18013.5.1.mDL", kind: .mdoc, version: 1, offset: -42, ratio: 0.5,
        nickname: nil, expires: Date(timeIntervalSince1970: 1_700_000_000),
        birthDate: FullDate(year: 1990, month: 1, day: 31) ?? FullDate(Date()),
        elements: [Element(identifier: "family_name", value: 1, digest: Data([1, 2, 3]))],
        nested: ["a": [1, 2]], shapes: [.circle(radius: 1.5), .square(side: 2), .dot],
        extra: .tagged(24, .byteString(Data([0xa0]))))

    @Test func nestedStructsRoundTrip() throws {
        let bytes = try CBOREncoder().encode(Self.document)
        let value = try CBOR.decode(bytes)
        #expect(value["docType"] == "org.iso.18013.5.1.mDL")
        #expect(value["kind"] == "mdoc")
        #expect(value["nickname"] == nil)
        #expect(value["expires"] == .tagged(0, "2023-11-14T22:13:20Z"))
        #expect(value["birthDate"] == .tagged(1004, "1990-01-31"))
        #expect(value["elements"]?[0]?["digest"] == .byteString(Data([1, 2, 3])))
        #expect(value["ratio"]?.encoded().hex == "f93800")
        #expect(try CBORDecoder().decode(Document.self, from: bytes) == Self.document)
    }

    @Test func optionalsPresentAndNull() throws {
        var document = Self.document
        document.nickname = "Al"
        let bytes = try CBOREncoder().encode(document)
        #expect(try CBORDecoder().decode(Document.self, from: bytes).nickname == "Al")
        var map = try #require(try CBOR.decode(bytes).mapValue)
        map.append((key: "nickname2", value: nil))
        map = map.map { $0.key == "nickname" ? (key: $0.key, value: .null) : $0 }
        #expect(try CBORDecoder().decode(Document.self, from: CBOR.map(map)).nickname == nil)
    }

    struct Header: Codable, Equatable {
        var alg: Int
        var kid: Data?
        enum CodingKeys: Int, CodingKey { case alg = 1, kid = 4 }
    }

    @Test func integerKeysWhenAsked() throws {
        let header = Header(alg: -7, kid: Data([0x11]))
        let bytes = try CBOREncoder(keyEncoding: .integerWhenAvailable).encode(header)
        #expect(bytes.hex == "a20126044111")
        #expect(try CBORDecoder().decode(Header.self, from: bytes) == header)
        #expect(try CBOREncoder().encode(header).hex == "a263616c6726636b69644111")
    }

    @Test func epochDateStrategyAndDeterministicOutput() throws {
        struct Stamp: Codable, Equatable { var z: Int; var at: Date }
        let stamp = Stamp(z: 1, at: Date(timeIntervalSince1970: 10))
        let encoder = CBOREncoder(dateStrategy: .epochSeconds, encodingOptions: .deterministic)
        let bytes = try encoder.encode(stamp)
        #expect(bytes.hex == "a2617a0162617" + "4c10a")
        #expect(try CBORDecoder(dateStrategy: .epochSeconds).decode(Stamp.self, from: bytes) == stamp)
    }

    class Base: Codable { var id = 1 }
    final class Derived: Base {
        var name = "x"
        enum CodingKeys: String, CodingKey { case name }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func superEncoderNestsTheParent() throws {
        let derived = Derived()
        derived.id = 9
        let value = try CBOREncoder().encodeToCBOR(derived)
        #expect(value == ["name": "x", "super": ["id": 9]])
        let back = try CBORDecoder().decode(Derived.self, from: value)
        #expect(back.id == 9 && back.name == "x")
    }

    @Test func wrongTypesAreTypedErrors() throws {
        #expect(throws: CBORError.typeMismatch(expected: "text string", found: "integer", path: "elements.0.identifier")) {
            let bad: CBOR = ["identifier": 1, "value": 1, "digest": .byteString(Data())]
            _ = try CBORDecoder().decode([String: [Element]].self, from: ["elements": [bad]])
        }
        #expect(throws: CBORError.typeMismatch(expected: "byte string", found: "text string", path: "digest")) {
            _ = try CBORDecoder().decode(Element.self, from: ["identifier": "a", "value": 1, "digest": "AQID"])
        }
        #expect(throws: CBORError.keyNotFound(key: "value", path: "(root)")) {
            _ = try CBORDecoder().decode(Element.self, from: ["identifier": "a", "digest": .byteString(Data())])
        }
        #expect(throws: CBORError.dataCorrupted(reason: "integer out of range for UInt8", path: "(root)")) {
            _ = try CBORDecoder().decode(UInt8.self, from: 256)
        }
        #expect(throws: CBORError.typeMismatch(expected: "map", found: "array", path: "(root)")) {
            _ = try CBORDecoder().decode(Element.self, from: CBOR.array([1, 2]))
        }
        #expect(throws: CBORError.self) { _ = try CBORDecoder().decode(Kind.self, from: "other") }
        #expect(throws: CBORError.unexpectedEnd(offset: 0)) { _ = try CBORDecoder().decode(Int.self, from: Data([0x19])) }
    }
}

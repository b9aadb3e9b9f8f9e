import Foundation
import JSONModel
import Testing

/// OpenID4VP 1.0 §7, Claims Path Pointer, with the spec's example credential.
@Suite("Claims path pointer")
struct ClaimPathTests {
    static func credential() throws -> JSONValue { try JSONValue(parsing: #"""
    {
      "name": "Arthur Dent",
      "address": {
        "street_address": "42 Market Street",
        "locality": "Milliways",
        "postal_code": "12345"
      },
      "degrees": [
        { "type": "Bachelor of Science", "university": "University of Betelgeuse" },
        { "type": "Master of Science", "university": "University of Betelgeuse" }
      ],
      "nationalities": ["British", "Betelgeusian"]
    }
    """#) }

    func path(_ json: String) throws -> ClaimPath {
        try ClaimPath(json: JSONValue(parsing: json))
    }

    @Test(#"["name"] selects "Arthur Dent""#)
    func name() throws {
        #expect(try path(#"["name"]"#).values(in: Self.credential()) == ["Arthur Dent"])
    }

    @Test(#"["address"] selects the address with its sub-claims"#)
    func address() throws {
        let address = try #require(try Self.credential()["address"])
        #expect(try path(#"["address"]"#).values(in: Self.credential()) == [address])
    }

    @Test(#"["address", "street_address"] selects "42 Market Street""#)
    func streetAddress() throws {
        #expect(try path(#"["address","street_address"]"#).values(in: Self.credential()) == ["42 Market Street"])
    }

    @Test(#"["degrees", null, "type"] selects all type claims, with their concrete paths"#)
    func allDegrees() throws {
        let matches = try path(#"["degrees",null,"type"]"#).select(in: Self.credential())
        #expect(matches.map(\.value) == ["Bachelor of Science", "Master of Science"])
        #expect(matches.map(\.path) == [[.key("degrees"), .index(0), .key("type")], [.key("degrees"), .index(1), .key("type")]])
    }

    @Test(#"["nationalities", 1] selects the second nationality"#)
    func secondNationality() throws {
        #expect(try path(#"["nationalities",1]"#).values(in: Self.credential()) == ["Betelgeusian"])
    }

    @Test("A key on a non-object, or an index or null on a non-array, aborts with an error")
    func typeMismatch() throws {
        #expect(throws: ClaimPathError.typeMismatch(position: 1, expected: .object)) {
            try path(#"["name","first"]"#).select(in: Self.credential())
        }
        #expect(throws: ClaimPathError.typeMismatch(position: 1, expected: .array)) {
            try path(#"["address",0]"#).select(in: Self.credential())
        }
        #expect(throws: ClaimPathError.typeMismatch(position: 1, expected: .array)) {
            try path(#"["address",null]"#).select(in: Self.credential())
        }
        #expect(throws: ClaimPathError.typeMismatch(position: 0, expected: .object)) {
            try path(#"["a"]"#).select(in: ["x"])
        }
    }

    @Test("Missing keys and indices drop out; an empty selection is an error")
    func noMatch() throws {
        #expect(throws: ClaimPathError.noMatch) { try path(#"["given_name"]"#).select(in: Self.credential()) }
        #expect(throws: ClaimPathError.noMatch) { try path(#"["nationalities",2]"#).select(in: Self.credential()) }
        // Only the elements that have the key stay selected.
        let mixed: JSONValue = ["items": [["id": 1], ["other": 2], ["id": 3]]]
        #expect(try path(#"["items",null,"id"]"#).values(in: mixed) == [1, 3])
    }

    @Test("Malformed paths are rejected")
    func malformed() {
        #expect(throws: ClaimPathError.empty) { try path("[]") }
        #expect(throws: ClaimPathError.notAnArray) { try path(#""name""#) }
        #expect(throws: ClaimPathError.invalidComponent(position: 1)) { try path(#"["a",-1]"#) }
        #expect(throws: ClaimPathError.invalidComponent(position: 1)) { try path(#"["a",1.5]"#) }
        #expect(throws: ClaimPathError.invalidComponent(position: 0)) { try path("[true]") }
        #expect(throws: ClaimPathError.invalidComponent(position: 0)) { try path(#"[{"a":1}]"#) }
        #expect(throws: ClaimPathError.invalidComponent(position: 0)) { try ClaimPath([.index(-2)]) }
    }

    @Test("JSON and Codable forms round-trip")
    func roundTrip() throws {
        let claimPath = try path(#"["degrees",null,"type",0]"#)
        #expect(claimPath.description == #"["degrees",null,"type",0]"#)
        let decoded = try JSONDecoder().decode(ClaimPath.self, from: JSONEncoder().encode(claimPath))
        #expect(decoded == claimPath)
    }
}

import CBOR
import COSE
import Foundation
import JSONModel
import StatusList
import Testing
import VellumTestSupport

/// A referenced token's `status.status_list` claim (draft §6), in JSON and in CBOR.
@Suite struct StatusListReferenceTests {
    @Test func readsTheJSONStatusClaim() throws {
        let claim: JSONValue = ["status_list": ["idx": 0, "uri": "https://example.com/statuslists/1"], "other": [:]]
        let reference = try StatusListReference(statusClaim: claim)
        #expect(reference.index == 0)
        #expect(reference.uri == "https://example.com/statuslists/1")
        #expect(try StatusListReference(statusClaim: reference.statusClaimJSON) == reference)
        #expect(reference.url?.host == "example.com")
    }

    @Test func readsTheCBORStatusClaim() throws {
        let claim: CBOR = ["status_list": ["idx": 412, "uri": "https://example.com/statuslists/1"]]
        let reference = try StatusListReference(statusClaim: claim)
        #expect(reference.index == 412)
        #expect(try StatusListReference(statusClaim: reference.statusClaimCBOR) == reference)
    }

    /// The draft's referenced token CWT: its signature verifies and claim 65535 names index 0.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func readsTheDraftsReferencedTokenCWT() throws {
        let vectors = try StatusListVectors.load()
        let message = try COSESign1(decoding: vectors.referencedTokenCWT, tagPolicy: .required)
        try message.verify(with: vectors.publicKey)
        let claims = try CBOR.decode(try #require(message.payload))
        let reference = try StatusListReference(cwtClaims: claims)
        #expect(reference == (try StatusListReference(index: 0, uri: "https://example.com/statuslists/1")))
    }

    @Test func refusesMalformedJSONClaims() {
        let uri: JSONValue = "https://example.com/statuslists/1"
        let cases: [(JSONValue, StatusListError)] = [
            ("x", .invalidReference("status is not an object")),
            ([:], .invalidReference("status has no status_list")),
            (["status_list": []], .invalidReference("status_list is not an object")),
            (["status_list": ["uri": uri]], .invalidReference("idx is missing")),
            (["status_list": ["idx": "0", "uri": uri]], .invalidReference("idx is not an integer")),
            (["status_list": ["idx": 1.5, "uri": uri]], .invalidReference("idx is not an integer")),
            (["status_list": ["idx": .number(JSONNumber("1e3")!), "uri": uri]], .invalidReference("idx is not an integer")),
            (["status_list": ["idx": -1, "uri": uri]], .invalidReference("idx -1 is negative")),
            (["status_list": ["idx": .number(JSONNumber("99999999999999999999")!), "uri": uri]], .invalidReference("idx is not an integer")),
            (["status_list": ["idx": 0]], .invalidReference("uri is missing")),
            (["status_list": ["idx": 0, "uri": 7]], .invalidReference("uri is not a string")),
            (["status_list": ["idx": 0, "uri": "statuslists/1"]], .invalidReference("uri statuslists/1 is not an absolute URI")),
            (["status_list": ["idx": 0, "uri": "https://exa mple.com/"]], .invalidReference("uri https://exa mple.com/ is not an absolute URI")),
            (["status_list": ["idx": 0, "uri": ""]], .invalidReference("uri  is not an absolute URI")),
        ]
        for (claim, expected) in cases {
            #expect(throws: expected, "\(claim)") { try StatusListReference(statusClaim: claim) }
        }
    }

    @Test func refusesMalformedCBORClaims() {
        let uri: CBOR = "https://example.com/statuslists/1"
        let cases: [(CBOR, StatusListError)] = [
            ([1], .invalidReference("status is a CBOR array, not a map")),
            (["status_list": [1]], .invalidReference("status_list is not a map")),
            (["status_list": ["idx": -1, "uri": uri]], .invalidReference("idx is not an unsigned integer")),
            (["status_list": ["idx": "1", "uri": uri]], .invalidReference("idx is not an unsigned integer")),
            (["status_list": ["idx": 1.0, "uri": uri]], .invalidReference("idx is not an unsigned integer")),
            (["status_list": ["idx": .unsigned(UInt64.max), "uri": uri]], .invalidReference("idx 18446744073709551615 is too large")),
            (["status_list": ["idx": 0, "uri": .byteString(Data("https://a".utf8))]], .invalidReference("uri is not a text string")),
            (["status_list": ["uri": uri]], .invalidReference("idx is missing")),
            ([1: ["idx": 0, "uri": uri]], .invalidReference("status has no status_list")),
        ]
        for (claim, expected) in cases {
            #expect(throws: expected, "\(claim)") { try StatusListReference(statusClaim: claim) }
        }
        #expect(throws: StatusListError.invalidReference("the CWT has no status claim (65535)")) {
            try StatusListReference(cwtClaims: [2: "sub"])
        }
    }
}

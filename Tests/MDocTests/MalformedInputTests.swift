import CBOR
import COSE
import CryptoKeys
import Foundation
import MDoc
import Testing

/// Malformed input at every level of a DeviceResponse is a typed error, never a crash.
@Suite("Malformed input")
struct MalformedInputTests {
    /// A genuine response to mutate.
    func sample() async throws -> (response: DeviceResponse, cbor: CBOR) {
        let response = try await TestIssuer().presentation(["family_name", "birth_date"])
        return (response, response.cbor)
    }

    /// Replaces the value at `path` (map keys and array indices) inside `value`.
    func replacing(_ value: CBOR, path: [CBOR], with replacement: CBOR?) -> CBOR {
        guard let head = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch value {
        case .map(let entries):
            var result: [(key: CBOR, value: CBOR)] = []
            for entry in entries {
                if entry.key == head {
                    if rest.isEmpty, replacement == nil { continue }
                    result.append((entry.key, replacing(entry.value, path: rest, with: replacement)))
                } else {
                    result.append(entry)
                }
            }
            return .map(result)
        case .array(var elements):
            guard let index = head.intValue, elements.indices.contains(index) else { return value }
            elements[index] = replacing(elements[index], path: rest, with: replacement)
            return .array(elements)
        case .tagged(24, .byteString(let inner)):
            guard let decoded = try? CBOR.decode(inner) else { return value }
            return CBOR.embedded(replacing(decoded, path: path, with: replacement))
        default:
            return value
        }
    }

    func expectRefused(_ cbor: CBOR, _ comment: Comment) {
        #expect(throws: MDocError.self, comment) { try DeviceResponse(decoding: cbor.encoded()) }
    }

    @Test("Truncated at any byte, a DeviceResponse is refused as malformed CBOR")
    func truncated() async throws {
        let bytes = try await sample().response.encoded()
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes.prefix(length)) }
        }
        #expect(throws: MDocError.malformedCBOR(.trailingBytes(offset: bytes.count))) {
            try DeviceResponse(decoding: bytes + Data([0x00]))
        }
    }

    @Test("Wrong types and missing fields at every level are structure errors")
    func wrongTypes() async throws {
        let cbor = try await sample().cbor
        let document: [CBOR] = ["documents", 0]
        let issuerSigned = document + ["issuerSigned"]
        let item = issuerSigned + ["nameSpaces", .textString(TestIssuer.nameSpace), 0]
        let cases: [([CBOR], CBOR?, Comment)] = [
            (["version"], 1, "version not text"),
            (["status"], nil, "status missing"),
            (["documents"], "x", "documents not an array"),
            (document + ["docType"], nil, "docType missing"),
            (issuerSigned, [], "issuerSigned not a map"),
            (issuerSigned + ["nameSpaces"], 7, "nameSpaces not a map"),
            (issuerSigned + ["nameSpaces", .textString(TestIssuer.nameSpace)], [], "empty name space"),
            (item, .byteString(Data([0xa0])), "item without tag 24"),
            (item, .tagged(24, .byteString(Data([0xa1, 0x61]))), "item with truncated embedded CBOR"),
            (item + ["digestID"], "zero", "digestID not an integer"),
            (item + ["random"], nil, "random missing"),
            (issuerSigned + ["issuerAuth"], "sig", "issuerAuth not COSE_Sign1"),
            (issuerSigned + ["issuerAuth", 2], .byteString(Data([0x01])), "MSO payload not tag 24"),
            (issuerSigned + ["issuerAuth", 2], .byteString(CBOR.embedded(["version": "1.0"]).encoded()), "MSO fields missing"),
            (document + ["deviceSigned", "deviceAuth"], [:], "deviceAuth empty"),
            (document + ["deviceSigned", "nameSpaces"], [:], "DeviceNameSpacesBytes without tag 24"),
            (document + ["deviceSigned", "deviceAuth", "deviceSignature"], [1, 2], "deviceSignature not COSE_Sign1"),
        ]
        for (path, replacement, comment) in cases {
            expectRefused(replacing(cbor, path: path, with: replacement), comment)
        }
        expectRefused(.array([]), "not a map")
    }

    @Test("MSO fields of the wrong type are refused: untagged dates, non-integer digest IDs")
    func malformedMSO() async throws {
        let issuer = try TestIssuer()
        let mso = try await issuer.issue().issuerAuth.mobileSecurityObject.cbor
        let untagged = replacing(mso, path: ["validityInfo", "signed"], with: "2026-01-01T00:00:00Z")
        #expect(throws: MDocError.self) { try MobileSecurityObject(cbor: untagged) }
        let textID = replacing(mso, path: ["valueDigests", .textString(TestIssuer.nameSpace)], with: ["0": .byteString(Data())])
        #expect(throws: MDocError.self) { try MobileSecurityObject(cbor: textID) }
        let badKey = replacing(mso, path: ["deviceKeyInfo", "deviceKey"], with: [1: 2])
        #expect(throws: MDocError.self) { try MobileSecurityObject(cbor: badKey) }
        #expect(try MobileSecurityObject(cbor: mso).cbor == mso)
    }

    @Test("Oversized, deeply nested and over-counted input is refused by the limits")
    func limits() async throws {
        let bytes = try await sample().response.encoded()
        #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes, limits: MDocLimits(maxInputSize: 1024)) }
        var nested = CBOR.textString("x")
        for _ in 0..<40 { nested = .array([nested]) }
        let deep = CBOR.map([("version", "1.0"), ("status", 0), ("documents", nested)])
        #expect(throws: MDocError.self) { try DeviceResponse(decoding: deep.encoded()) }
        #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes, limits: MDocLimits(maxElementsPerNameSpace: 1)) }
        let many = CBOR.map([("version", "1.0"), ("status", 0), ("documents", .array(Array(repeating: [:], count: 17)))])
        #expect(throws: MDocError.limitExceeded("documents: 17 > 16")) { try DeviceResponse(decoding: many.encoded()) }
    }

    @Test("Duplicate map keys (two values for one element) are refused")
    func duplicateKeys() {
        // {"version": "1.0", "version": "1.0", "status": 0}
        let bytes = Data([0xa3, 0x67] + Array("version".utf8) + [0x63] + Array("1.0".utf8)
            + [0x67] + Array("version".utf8) + [0x63] + Array("1.0".utf8) + [0x66] + Array("status".utf8) + [0x00])
        guard case .malformedCBOR(.duplicateMapKey)? = #expect(throws: MDocError.self, performing: { try DeviceResponse(decoding: bytes) }) else {
            Issue.record("duplicate keys not refused as such")
            return
        }
    }
}

/// The other readers refuse malformed input with a typed error too.
@Suite("Malformed requests, transcripts and engagements")
struct MalformedSessionInputTests {
    @Test("Truncated, wrongly typed and oversized input to every other reader is an MDocError")
    func otherReaders() async throws {
        let itemsRequest = ItemsRequest(docType: "org.iso.18013.5.1.mDL", elements: ["org.iso.18013.5.1": ["family_name"]])
        let request = DeviceRequest(docRequests: [DocRequest(itemsRequest: itemsRequest)]).encoded()
        #expect(try DeviceRequest(decoding: request).docRequests.first?.itemsRequest == itemsRequest)
        for length in 0..<request.count {
            #expect(throws: MDocError.self) { try DeviceRequest(decoding: request.prefix(length)) }
        }
        let wrongTypes: [CBOR] = [
            ["version": "1.0", "docRequests": [["itemsRequest": ["docType": "x"]]]],
            ["version": "1.0", "docRequests": [["itemsRequest": CBOR.embedded(["docType": "x", "nameSpaces": ["ns": ["a": 1]]])]]],
            ["version": "1.0", "docRequests": "none"],
        ]
        for value in wrongTypes {
            #expect(throws: MDocError.self) { try DeviceRequest(decoding: value.encoded()) }
        }
        let many = CBOR.map([("version", "1.0"), ("docRequests", .array(Array(repeating: [:], count: 17)))])
        #expect(throws: MDocError.limitExceeded("docRequests: 17 > 16")) { try DeviceRequest(decoding: many.encoded()) }

        #expect(throws: MDocError.self) { try SessionTranscript(decoding: Data([0x83, 0xf6])) }
        #expect(throws: MDocError.self) { try SessionTranscript(decoding: CBOR.embedded(["not", "an", "array", "of three"]).encoded()) }
        #expect(throws: MDocError.self) { try DeviceEngagement(decoding: CBOR.map([(0, "1.0"), (1, [1, 2])]).encoded()) }
        #expect(throws: MDocError.self) { try DeviceEngagement(decoding: CBOR.array([]).encoded()) }
        #expect(throws: MDocError.self) {
            try DeviceEngagement(decoding: CBOR.map([(0, "1.0"), (1, [1, CBOR.embedded([1: 2])])]).encoded())
        }

        let issued = try await TestIssuer().issue().encoded()
        for length in stride(from: 0, to: issued.count, by: 37) {
            #expect(throws: MDocError.self) { try IssuerSigned(decoding: issued.prefix(length)) }
        }
        #expect(throws: MDocError.self) { try IssuerSigned(decoding: CBOR.map([("nameSpaces", [:])]).encoded()) }
    }
}

import CBOR
import COSE
import CryptoKeys
import Foundation
@testable import MDoc
import Testing

/// The direct (cursor) decoding of a DeviceResponse is a fast path only: whatever it accepts,
/// the CBOR-tree decoding accepts too, with an equal value; whatever it declines falls back to
/// the tree, so every refusal keeps its precise error.
@Suite("Direct decoding")
struct DirectDecodingTests {
    /// A genuine 13-element presentation and the encoded response.
    func sample() async throws -> (response: DeviceResponse, bytes: Data) {
        let response = try await TestIssuer().presentation(TestIssuer.mDLElements.map(\.0))
        return (response, response.encoded())
    }

    /// The fast path never accepts what the tree refuses, and agrees with it when it accepts.
    func expectConsistent(_ bytes: Data, limits: MDocLimits = .default, _ comment: Comment? = nil) {
        let tree = Result { () throws(MDocError) -> DeviceResponse in try DeviceResponse(treeDecoding: bytes, limits: limits) }
        guard let direct = DirectDecoding.deviceResponse(bytes, limits: limits) else { return }
        switch tree {
        case .success(let value): #expect(direct == value, comment)
        case .failure(let error): Issue.record("direct decoding accepted what the tree refuses (\(error)): \(comment ?? "")")
        }
    }

    @Test("A 13-element presentation decodes directly, equal to the tree decoding, items with their exact bytes")
    func sameValue() async throws {
        let (response, bytes) = try await sample()
        let direct = try #require(DirectDecoding.deviceResponse(bytes, limits: .default))
        let tree = try DeviceResponse(treeDecoding: bytes, limits: .default)
        #expect(direct == tree)
        #expect(direct == response)
        let items = try #require(direct.documents.first?.issuerSigned.nameSpaces[TestIssuer.nameSpace])
        #expect(items.count == 13)
        for item in items {
            #expect(item.taggedBytes == CBOR.embedded(encoded: item.encodedItem).encoded())
            #expect(item.taggedBytes.startIndex == 0 && item.encodedItem.startIndex == 0)
        }
        #expect(direct.encoded() == bytes)
        let issuerSigned = try #require(response.documents.first?.issuerSigned)
        let issuerSignedBytes = issuerSigned.encoded()
        #expect(DirectDecoding.issuerSigned(issuerSignedBytes, limits: .default) == issuerSigned)
        #expect(try IssuerSigned(decoding: issuerSignedBytes) == IssuerSigned(treeDecoding: issuerSignedBytes, limits: .default))
    }

    @Test("Truncated at every byte or with trailing bytes: declined, and refused by the tree")
    func truncated() async throws {
        let bytes = try await sample().bytes
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(DirectDecoding.deviceResponse(bytes.prefix(length), limits: .default) == nil)
        }
        #expect(DirectDecoding.deviceResponse(bytes + Data([0]), limits: .default) == nil)
        #expect(throws: MDocError.malformedCBOR(.trailingBytes(offset: bytes.count))) {
            try DeviceResponse(decoding: bytes + Data([0]))
        }
    }

    @Test("Any single corrupted byte: the fast path is never more lenient than the tree")
    func corruptedBytes() async throws {
        let bytes = try await sample().bytes
        for index in stride(from: 0, to: bytes.count, by: 5) {
            for flip: UInt8 in [0x01, 0x20, 0x80, 0xFF] {
                var corrupted = bytes
                corrupted[index] ^= flip
                expectConsistent(corrupted, "byte \(index) ^ \(flip)")
            }
        }
    }

    @Test("Shapes the fast path leaves to the tree still decode: extra fields, documentErrors, errors, indefinite lengths")
    func fallbackShapes() async throws {
        let (response, bytes) = try await sample()
        guard case .map(var top) = response.cbor, case .array(let documents)? = response.cbor["documents"],
              case .map(var document) = documents[0]
        else { Issue.record("sample is not a map"); return }
        top.append(("extension", "x"))
        let withExtra = CBOR.map(top).encoded()
        #expect(DirectDecoding.deviceResponse(withExtra, limits: .default) == nil)
        #expect(try DeviceResponse(decoding: withExtra) == response)

        let withErrors = DeviceResponse(documents: response.documents, documentErrors: [["org.example": 10]])
        #expect(DirectDecoding.deviceResponse(withErrors.encoded(), limits: .default) == nil)
        #expect(try DeviceResponse(decoding: withErrors.encoded()) == withErrors)

        document.append(("errors", [.textString(TestIssuer.nameSpace): ["portrait": 1]]))
        let withElementErrors = CBOR.map(top.compactMap { entry -> (key: CBOR, value: CBOR)? in
            if entry.key == "extension" { return nil }
            return entry.key == "documents" ? (key: entry.key, value: CBOR.array([.map(document)])) : entry
        }).encoded()
        #expect(DirectDecoding.deviceResponse(withElementErrors, limits: .default) == nil)
        #expect(try DeviceResponse(decoding: withElementErrors).documents.first?.errors?[TestIssuer.nameSpace]?["portrait"] == 1)

        // The top-level map with an indefinite length (0xbf … 0xff) instead of 0xa3.
        #expect(bytes.first == 0xA3)
        let indefinite = Data([0xBF]) + bytes.dropFirst() + Data([0xFF])
        #expect(DirectDecoding.deviceResponse(indefinite, limits: .default) == nil)
        #expect(try DeviceResponse(decoding: indefinite) == response)
    }

    @Test("Duplicate fields at every level are declined and refused as duplicate keys")
    func duplicates() async throws {
        let (response, _) = try await sample()
        guard case .map(let top) = response.cbor else { Issue.record("sample is not a map"); return }
        let bytes = CBOR.map(top + [(key: "status", value: 0)]).encoded()
        #expect(DirectDecoding.deviceResponse(bytes, limits: .default) == nil)
        let error = #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes) }
        guard case .malformedCBOR(.duplicateMapKey)? = error else {
            Issue.record("a duplicate status was not refused as a duplicate key: \(String(describing: error))")
            return
        }

        // Two items in one IssuerSignedItem map with the same key, written by hand.
        let entries: [(key: CBOR, value: CBOR)] = [
            ("digestID", 1), ("random", .byteString(Data(count: 16))), ("elementIdentifier", "a"), ("elementValue", true),
            ("digestID", 2),
        ]
        var item = Data([0xA5])
        for entry in entries { item += entry.key.encoded() + entry.value.encoded() }
        let issuerSigned = try #require(response.documents.first?.issuerSigned)
        var bytesWithItem = Data([0xA2]) + CBOR.textString("nameSpaces").encoded()
        bytesWithItem += Data([0xA1]) + CBOR.textString(TestIssuer.nameSpace).encoded() + Data([0x81])
        bytesWithItem += CBOR.embedded(encoded: item).encoded()
        bytesWithItem += CBOR.textString("issuerAuth").encoded() + issuerSigned.issuerAuth.cbor.encoded()
        #expect(DirectDecoding.issuerSigned(bytesWithItem, limits: .default) == nil)
        #expect(throws: MDocError.self) { try IssuerSigned(decoding: bytesWithItem) }
    }

    @Test("Limits bind the fast path as they bind the tree: size, depth, documents, name spaces, elements")
    func limits() async throws {
        let bytes = try await sample().bytes
        let tight: [MDocLimits] = [
            MDocLimits(maxInputSize: bytes.count - 1), MDocLimits(maxDepth: 3), MDocLimits(maxDocuments: 0),
            MDocLimits(maxNameSpaces: 0), MDocLimits(maxElementsPerNameSpace: 12),
        ]
        for limits in tight {
            #expect(DirectDecoding.deviceResponse(bytes, limits: limits) == nil)
            #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes, limits: limits) }
        }
        #expect(DirectDecoding.deviceResponse(bytes, limits: MDocLimits(maxInputSize: bytes.count)) != nil)
    }

    @Test("Wrong types where the models expect text, integers, byte strings and tag 24 are declined")
    func wrongTypes() async throws {
        let (response, _) = try await sample()
        let valid = response.cbor
        var cases: [CBOR] = []
        guard case .map(let top) = valid else { Issue.record("sample is not a map"); return }
        func replacing(_ key: CBOR, with value: CBOR) -> CBOR {
            .map(top.map { $0.key == key ? (key: key, value: value) : $0 })
        }
        cases.append(replacing("version", with: 1))
        cases.append(replacing("status", with: "0"))
        cases.append(replacing("documents", with: [:]))
        cases.append(replacing("documents", with: [[:]]))
        cases.append(.array([]))
        for value in cases {
            let bytes = value.encoded()
            #expect(DirectDecoding.deviceResponse(bytes, limits: .default) == nil)
            #expect(throws: MDocError.self) { try DeviceResponse(decoding: bytes) }
        }
    }
}

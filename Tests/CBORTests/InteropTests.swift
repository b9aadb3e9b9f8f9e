import Foundation
import Testing
import VellumTestSupport
@testable import CBOR

/// Both directions against Python cbor2 (Tests/Peers/cbor_peer.py).
@Suite("cbor2 interop")
struct InteropTests {
    /// The peer's JSON description of a value (see cbor_peer.py).
    static func describe(_ item: CBOR) -> Any {
        switch item {
        case .unsigned(let v): return ["uint": String(v)]
        case .negative(let v): return ["nint": v == .max ? "-18446744073709551616" : "-\(v + 1)"]
        case .byteString(let v): return ["bytes": v.hex]
        case .textString(let v): return ["text": v]
        case .array(let v): return ["array": v.map(describe)]
        case .map(let v): return ["map": v.map { [describe($0.key), describe($0.value)] }]
        case .tagged(let tag, let v): return ["tag": tag, "value": describe(v)]
        case .simple(let v): return ["simple": v]
        case .bool(let v): return ["bool": v]
        case .null: return ["null": true]
        case .undefined: return ["undefined": true]
        case .half, .float, .double:
            let value = item.doubleValue ?? .nan
            return ["float": value.isNaN ? "nan" : value.isInfinite ? (value < 0 ? "-inf" : "inf") : "\(value)"]
        }
    }

    static let samples: [CBOR] = [
        0, 23, 24, 1_000_000, .unsigned(.max), -1, -1000, .negative(.max),
        .byteString(Data([0, 1, 255])), "", "ünïcødé 水 𐅑", [1, [2, 3], []],
        ["a": 1, "b": [2, 3]], [1: "one", -1: "minus", "k": ["nested": true]],
        .tagged(0, "2013-03-21T20:04:00Z"), .tagged(24, .byteString(Data([0xa0]))), .tagged(1004, "2024-02-29"),
        .tagged(32, "https://example.com"), true, false, nil, .undefined, .simple(16), .simple(255),
        1.5, 1.1, -0.0, 100_000.0, .double(.infinity), .double(-.infinity),
    ]

    @Test(.enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func cbor2DecodesWhatVellumEncodes() async throws {
        let hexes = Self.samples.map { $0.encoded().hex }
        let request = try JSONSerialization.data(withJSONObject: ["op": "decode", "hex": hexes])
        let reply = try await PythonPeer.runJSON("cbor_peer.py", input: request)
        let items = try #require(reply["items"] as? [Any])
        #expect(items.count == Self.samples.count)
        for (item, described) in zip(Self.samples, items) {
            let expected = try JSONSerialization.data(withJSONObject: Self.describe(item), options: .sortedKeys)
            let actual = try JSONSerialization.data(withJSONObject: described, options: .sortedKeys)
            #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(item)")
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func vellumDecodesWhatCbor2EncodesByteForByte() async throws {
        let request = try JSONSerialization.data(withJSONObject: ["op": "encode", "items": Self.samples.map(Self.describe)])
        let reply = try await PythonPeer.runJSON("cbor_peer.py", input: request)
        let hexes = try #require(reply["hex"] as? [String])
        #expect(hexes.count == Self.samples.count)
        for (item, hex) in zip(Self.samples, hexes) {
            let bytes = try Data(hex: hex)
            #expect(try CBOR.decode(bytes) == item, "\(hex)")
            // cbor2's "canonical" orders map keys length-first (RFC 7049), RFC 8949 bytewise;
            // the samples with both small and 1-byte-longer keys differ only in key order.
            let ours = item.encoded(options: .deterministic)
            if ours != bytes {
                #expect(try CBOR.decode(bytes, options: CBORDecodingOptions()).mapValue != nil, "\(hex) vs \(ours.hex)")
                #expect(ours.count == bytes.count)
            }
        }
    }

    @Test(.enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func keyOrderDiffersFromCbor2CanonicalOnlyWhereRFC7049AndRFC8949Disagree() async throws {
        // 100 encodes as 1864, -1 as 20: bytewise puts 100 first, length-first puts -1 first.
        let item: CBOR = [100: 1, -1: 2]
        let request = try JSONSerialization.data(withJSONObject: ["op": "encode", "items": [Self.describe(item)]])
        let hex = try #require((try await PythonPeer.runJSON("cbor_peer.py", input: request))["hex"] as? [String]).first
        #expect(hex == "a22002186401")
        #expect(item.encoded(options: .deterministic).hex == "a21864012002")
    }
}

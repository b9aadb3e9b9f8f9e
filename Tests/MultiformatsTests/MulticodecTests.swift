import Foundation
import Multiformats
import Testing
import VellumTestSupport

@Suite("Multicodec")
struct MulticodecTests {
    @Test("Every code we know matches the multicodec table's name and code",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func matchesTable() throws {
        let csv = try String(contentsOf: Vectors.url("multiformats/multicodec/table.csv"), encoding: .utf8)
        var table: [String: UInt64] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, fields[2].hasPrefix("0x"), let code = UInt64(fields[2].dropFirst(2), radix: 16)
            else { continue }
            table[fields[0]] = code
        }
        #expect(table.count > 100)
        for codec in Multicodec.known {
            #expect(table[codec.name] == codec.code, "\(codec)")
        }
    }

    @Test("did:key's Ed25519 prefix is 0xed 0x01")
    func ed25519Prefix() throws {
        let key = Data(repeating: 7, count: 32)
        let prefixed = Multicodec.prefixed(key, code: .ed25519Pub)
        #expect(Array(prefixed.prefix(2)) == [0xed, 0x01])
        let (codec, rest) = try Multicodec.split(prefixed)
        #expect(codec == .ed25519Pub)
        #expect(rest == key)
        // A z6Mk… did:key decodes to exactly this prefix.
        let multibase = Multibase.encode(prefixed, as: .base58btc)
        #expect(multibase.hasPrefix("z6Mk"))
    }

    @Test("Two-byte codes: P-256 is 0x80 0x24, JWK-JCS is 0xd1 0xd6 0x03")
    func multiByteCodes() throws {
        #expect(Multicodec.p256Pub.prefix == [0x80, 0x24])
        #expect(Multicodec.jwkJCSPub.prefix == [0xd1, 0xd6, 0x03])
        for codec in Multicodec.known {
            let split = try Multicodec.split(Multicodec.prefixed([1, 2], code: codec))
            #expect(split.codec == codec)
            #expect(split.rest == Data([1, 2]))
        }
    }

    @Test("Unknown codes, empty and malformed prefixes are rejected")
    func rejects() {
        #expect(throws: MultiformatsError.unknownMulticodec(0x12)) { try Multicodec.split(Data([0x12, 0x20])) }
        #expect(throws: MultiformatsError.unknownMulticodec(0x55)) { try Multicodec(code: 0x55) }
        #expect(throws: MultiformatsError.invalidVarint) { try Multicodec.split(Data()) }
        #expect(throws: MultiformatsError.invalidVarint) { try Multicodec.split(Data([0xed])) }
        // 0xed encoded non-minimally.
        #expect(throws: MultiformatsError.invalidVarint) { try Multicodec.split(Data([0xed, 0x81, 0x00])) }
    }
}

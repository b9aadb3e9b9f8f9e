import CryptoKeys
import Foundation
import Testing

/// `digest(of:matches:)` agrees with swift-crypto's digest (the generic `hash` path) for
/// every algorithm, and a wrong, truncated or over-long expected digest does not match.
@Suite("Digest matching")
struct DigestMatchingTests {
    @Test("Matches exactly the digest hash(_:) computes", arguments: DigestAlgorithm.allCases)
    func matchesTheHash(_ algorithm: DigestAlgorithm) {
        for data in [Data(), Data("abc".utf8), Data(repeating: 0xAB, count: 2_048)] {
            let digest = algorithm.hash(Array(data))
            #expect(algorithm.digest(of: data, matches: digest))
            var flipped = digest
            flipped[flipped.startIndex + digest.count - 1] ^= 0x01
            #expect(!algorithm.digest(of: data, matches: flipped))
            #expect(!algorithm.digest(of: data, matches: digest.dropLast()))
            #expect(!algorithm.digest(of: data, matches: digest + Data([0])))
            #expect(!algorithm.digest(of: data + Data([0]), matches: digest))
        }
        // The digest of "abc" (FIPS 180-2 example), as a fixed point.
        if algorithm == .sha256 {
            let abc = Data([0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
                            0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad])
            #expect(algorithm.digest(of: Data("abc".utf8), matches: abc))
        }
    }

    @Test("A slice of a larger buffer is hashed from its own bytes")
    func slices() {
        let whole = Data(repeating: 0x11, count: 10) + Data("payload".utf8) + Data(repeating: 0x22, count: 10)
        let slice = whole[10..<17]
        #expect(DigestAlgorithm.sha256.digest(of: slice, matches: DigestAlgorithm.sha256.hash(Data("payload".utf8))))
    }
}

import CBOR
import COSE
import CryptoKeys
import Foundation
import Testing

/// COSE_Mac0 (RFC 9052 §6.2) with the HMAC algorithms of RFC 9053 §3.1.
@Suite("COSE_Mac0")
struct COSEMac0Tests {
    static let payload = Data("This is the content.".utf8)
    static let key = Data((0..<32).map { UInt8($0) })

    @Test("authenticate then verify for every HMAC algorithm", arguments: [
        (COSEAlgorithm.hmac256Truncated64, 8), (.hmac256, 32), (.hmac384, 48), (.hmac512, 64),
    ])
    func roundTrip(algorithm: COSEAlgorithm, tagLength: Int) throws {
        let message = try COSEMac0.authenticate(payload: Self.payload, key: Self.key, algorithm: algorithm)
        #expect(message.authenticationTag.count == tagLength)
        #expect(message.protected.headers.algorithm == algorithm)
        let decoded = try COSEMac0(decoding: message.encoded())
        #expect(decoded == message)
        #expect(message.encoded().first == 0xD1, "tag 17")
        try decoded.verify(key: Self.key)
        try decoded.verify(with: COSEKey(symmetricKey: Self.key))
        try COSEMac0(decoding: message.encoded(tagged: false), tagPolicy: .forbidden).verify(key: Self.key)
    }

    @Test("the ISO 18013-5 device MAC shape: HMAC 256/256, detached payload, untagged")
    func deviceMacShape() throws {
        let deviceAuthentication = Data("DeviceAuthenticationBytes".utf8)
        let message = try COSEMac0.authenticate(payload: deviceAuthentication, key: Self.key, detached: true)
        #expect(message.payload == nil)
        let decoded = try COSEMac0(decoding: message.encoded(tagged: false), tagPolicy: .forbidden)
        try decoded.verify(key: Self.key, detachedPayload: deviceAuthentication)
        #expect(throws: COSEError.invalidMAC) {
            try decoded.verify(key: Self.key, detachedPayload: deviceAuthentication + Data([0]))
        }
    }

    @Test("tampering, a wrong key, a truncated tag and a downgraded alg are rejected")
    func forgeriesAreRejected() throws {
        let message = try COSEMac0.authenticate(payload: Self.payload, key: Self.key, externalAAD: Data([1, 2]))
        try message.verify(key: Self.key, externalAAD: Data([1, 2]))
        #expect(throws: COSEError.invalidMAC) { try message.verify(key: Self.key) }
        var wrongKey = Self.key
        wrongKey[0] ^= 1
        #expect(throws: COSEError.invalidMAC) { try message.verify(key: wrongKey, externalAAD: Data([1, 2])) }

        var tag = message.authenticationTag
        tag[31] ^= 0x80
        let flipped = try COSEMac0(
            protected: message.protected, unprotected: message.unprotected, payload: message.payload, authenticationTag: tag)
        #expect(throws: COSEError.invalidMAC) { try flipped.verify(key: Self.key, externalAAD: Data([1, 2])) }

        let otherPayload = try COSEMac0(
            protected: message.protected, unprotected: message.unprotected,
            payload: Data("This is the content/".utf8), authenticationTag: message.authenticationTag)
        #expect(throws: COSEError.invalidMAC) { try otherPayload.verify(key: Self.key, externalAAD: Data([1, 2])) }

        // The first 8 bytes of a valid 256/256 tag relabelled HMAC 256/64: alg is in the
        // protected bucket, so the relabelling changes what is MACed and fails.
        var downgraded = COSEHeaders()
        downgraded.algorithm = .hmac256Truncated64
        let truncated = try COSEMac0(
            protected: COSEProtectedHeaders(downgraded), unprotected: COSEHeaders(), payload: message.payload,
            authenticationTag: message.authenticationTag.prefix(8))
        #expect(throws: COSEError.invalidMAC) { try truncated.verify(key: Self.key, externalAAD: Data([1, 2])) }
        // A tag of the wrong length for the algorithm.
        let short = try COSEMac0(
            protected: message.protected, unprotected: message.unprotected, payload: message.payload,
            authenticationTag: message.authenticationTag.prefix(16))
        #expect(throws: COSEError.invalidMAC) { try short.verify(key: Self.key, externalAAD: Data([1, 2])) }
    }

    @Test("signature algorithms, unknown algorithms and empty keys are refused")
    func refusals() throws {
        #expect(throws: COSEError.unsupportedAlgorithm("ES256")) {
            try COSEMac0.authenticate(payload: Self.payload, key: Self.key, algorithm: .es256)
        }
        #expect(throws: COSEError.self) { try COSEMac0.authenticate(payload: Self.payload, key: Data()) }
        let message = try COSEMac0.authenticate(payload: Self.payload, key: Self.key)
        #expect(throws: COSEError.self) { try message.verify(key: Data()) }
        #expect(throws: COSEError.self) {
            try message.verify(with: COSEKey(symmetricKey: Self.key, algorithm: .hmac384))
        }
        #expect(throws: COSEError.self) { try message.verify(with: COSEKey(publicKey: PrivateKey(curve: .p256).publicKey)) }
        var headers = COSEHeaders()
        headers.algorithm = .es256
        let relabelled = try COSEMac0(
            protected: COSEProtectedHeaders(headers), unprotected: COSEHeaders(), payload: Self.payload,
            authenticationTag: message.authenticationTag)
        #expect(throws: COSEError.unsupportedAlgorithm("ES256")) { try relabelled.verify(key: Self.key) }
    }

    @Test("a Mac0 is not a Sign1: tags 17 and 18 are not interchangeable")
    func tagsAreDistinct() throws {
        let message = try COSEMac0.authenticate(payload: Self.payload, key: Self.key)
        #expect(throws: COSEError.unexpectedTag(found: 17, expected: 18)) { try COSESign1(decoding: message.encoded()) }
        let sign1 = CBOR.tagged(18, .array(Array(message.cbor(tagged: false).arrayValue ?? []))).encoded()
        #expect(throws: COSEError.unexpectedTag(found: 18, expected: 17)) { try COSEMac0(decoding: sign1) }
    }
}

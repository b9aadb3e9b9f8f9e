import CBOR
import COSE
import CryptoKeys
import Foundation
import Testing

/// COSE_Sign1 (RFC 9052 §4.2, §4.4) made and checked with real keys on every supported curve.
@Suite("COSE_Sign1")
struct COSESign1Tests {
    static let payload = Data("This is the content.".utf8)

    static let algorithms: [(SignatureAlgorithm, KeyCurve, COSEAlgorithm)] = [
        (.es256, .p256, .es256), (.es384, .p384, .es384), (.es512, .p521, .es512),
        (.es256k, .secp256k1, .es256K), (.edDSA, .ed25519, .edDSA),
    ]

    @Test("sign then verify, tagged and untagged, for every algorithm", arguments: 0..<5)
    func roundTrip(index: Int) async throws {
        let (algorithm, curve, coseAlgorithm) = Self.algorithms[index]
        let key = PrivateKey(curve: curve)
        let signer = try SoftwareSigner(privateKey: key, algorithm: algorithm)
        var unprotected = COSEHeaders()
        unprotected.keyID = Data("11".utf8)
        let message = try await COSESign1.sign(payload: Self.payload, unprotected: unprotected, signer: signer)
        #expect(try message.algorithm() == coseAlgorithm)
        #expect(message.protected.headers.algorithm == coseAlgorithm, "alg goes in the protected bucket")
        #expect(message.signature.count == algorithm.signatureByteCount, "raw r||s, not DER")
        for tagged in [true, false] {
            let decoded = try COSESign1(decoding: message.encoded(tagged: tagged))
            #expect(decoded == message)
            try decoded.verify(with: key.publicKey)
            try decoded.verify(with: COSEKey(publicKey: key.publicKey))
        }
        #expect(message.encoded().first == 0xD2, "tag 18")
    }

    @Test("a detached payload is signed and must be supplied to verify")
    func detachedPayload() async throws {
        let key = PrivateKey(curve: .p256)
        let message = try await COSESign1.sign(
            payload: Self.payload, detached: true, signer: try SoftwareSigner(privateKey: key))
        #expect(message.payload == nil)
        let decoded = try COSESign1(decoding: message.encoded())
        try decoded.verify(with: key.publicKey, detachedPayload: Self.payload)
        #expect(throws: COSEError.invalidSignature) {
            try decoded.verify(with: key.publicKey, detachedPayload: Data("other".utf8))
        }
        #expect(throws: COSEError.self) { try decoded.verify(with: key.publicKey) }
        let attached = try await COSESign1.sign(payload: Self.payload, signer: try SoftwareSigner(privateKey: key))
        #expect(throws: COSEError.self) { try attached.verify(with: key.publicKey, detachedPayload: Self.payload) }
    }

    @Test("external AAD is bound into the signature")
    func externalAAD() async throws {
        let key = PrivateKey(curve: .ed25519)
        let aad = Data([0x11, 0xAA, 0x22, 0xBB])
        let message = try await COSESign1.sign(
            payload: Self.payload, externalAAD: aad, signer: try SoftwareSigner(privateKey: key))
        try message.verify(with: key.publicKey, externalAAD: aad)
        #expect(throws: COSEError.invalidSignature) { try message.verify(with: key.publicKey) }
        #expect(throws: COSEError.invalidSignature) {
            try message.verify(with: key.publicKey, externalAAD: Data([0x11, 0xAA, 0x22, 0xBC]))
        }
    }

    @Test("a tampered payload, protected header or signature is rejected")
    func tamperingIsRejected() async throws {
        let key = PrivateKey(curve: .p256)
        var protected = COSEHeaders()
        protected.contentType = .mediaType("application/example")
        let message = try await COSESign1.sign(
            payload: Self.payload, protected: protected, signer: try SoftwareSigner(privateKey: key))

        let otherPayload = try COSESign1(
            protected: message.protected, unprotected: message.unprotected,
            payload: Data("This is the content/".utf8), signature: message.signature)
        #expect(throws: COSEError.invalidSignature) { try otherPayload.verify(with: key.publicKey) }

        var changedHeaders = message.protected.headers
        changedHeaders.contentType = .mediaType("application/other")
        let otherProtected = try COSESign1(
            protected: COSEProtectedHeaders(changedHeaders), unprotected: message.unprotected,
            payload: message.payload, signature: message.signature)
        #expect(throws: COSEError.invalidSignature) { try otherProtected.verify(with: key.publicKey) }

        for index in [0, 31, 32, 63] {
            var signature = message.signature
            signature[index] ^= 0x01
            let flipped = try COSESign1(
                protected: message.protected, unprotected: message.unprotected,
                payload: message.payload, signature: signature)
            #expect(throws: COSEError.invalidSignature) { try flipped.verify(with: key.publicKey) }
        }
        let truncated = try COSESign1(
            protected: message.protected, unprotected: message.unprotected,
            payload: message.payload, signature: message.signature.dropLast())
        #expect(throws: COSEError.invalidSignature) { try truncated.verify(with: key.publicKey) }
    }

    @Test("the same protected map in other bytes breaks the signature: bytes are kept from the wire")
    func protectedBytesAreKept() async throws {
        let key = PrivateKey(curve: .p256)
        let message = try await COSESign1.sign(payload: Self.payload, signer: try SoftwareSigner(privateKey: key))
        #expect(message.protected.serialized == Data([0xA1, 0x01, 0x26]))
        // {1: -7} with the label written in a non-shortest form: same map, other bytes.
        let longForm = Data([0xA1, 0x18, 0x01, 0x26])
        let reencoded = try COSESign1(
            protected: COSEProtectedHeaders(serialized: longForm), unprotected: COSEHeaders(),
            payload: message.payload, signature: message.signature)
        #expect(reencoded.protected.headers == message.protected.headers)
        #expect(throws: COSEError.invalidSignature) { try reencoded.verify(with: key.publicKey) }
        // And a received non-canonical header verifies when it was what was signed.
        let decoded = try COSESign1(decoding: reencoded.encoded())
        #expect(decoded.protected.serialized == longForm)
    }

    @Test("a wrong key is rejected")
    func wrongKey() async throws {
        let key = PrivateKey(curve: .p256)
        let message = try await COSESign1.sign(payload: Self.payload, signer: try SoftwareSigner(privateKey: key))
        #expect(throws: COSEError.invalidSignature) { try message.verify(with: PrivateKey(curve: .p256).publicKey) }
    }

    @Test("algorithm and key must pair: alg/curve mismatch and key alg restriction")
    func algorithmMismatch() async throws {
        let key = PrivateKey(curve: .p256)
        let message = try await COSESign1.sign(payload: Self.payload, signer: try SoftwareSigner(privateKey: key))
        for curve in [KeyCurve.p384, .p521, .ed25519, .secp256k1] {
            #expect(throws: COSEError.self) { try message.verify(with: PrivateKey(curve: curve).publicKey) }
        }
        // ES512 claimed in the header over a P-256 key (a hash switch) is refused outright.
        var headers = COSEHeaders()
        headers.algorithm = .es512
        let relabelled = try COSESign1(
            protected: COSEProtectedHeaders(headers), unprotected: COSEHeaders(),
            payload: message.payload, signature: message.signature)
        #expect(throws: COSEError.algorithmMismatch(algorithm: "ES512", key: "P-256")) {
            try relabelled.verify(with: key.publicKey)
        }
        // A COSE_Key restricted to another algorithm.
        let restricted = try COSEKey(publicKey: key.publicKey, algorithm: .esp256)
        #expect(throws: COSEError.self) { try message.verify(with: restricted) }
        try message.verify(with: COSEKey(publicKey: key.publicKey, algorithm: .es256))
        // The signer's algorithm must match an alg the caller already put in the headers.
        var wrong = COSEHeaders()
        wrong.algorithm = .es384
        await #expect(throws: COSEError.self) {
            try await COSESign1.sign(payload: Self.payload, protected: wrong, signer: try SoftwareSigner(privateKey: key))
        }
    }

    @Test("no alg, a text alg or an unknown alg cannot verify")
    func algorithmMustBeKnown() async throws {
        let key = PrivateKey(curve: .p256)
        let message = try await COSESign1.sign(payload: Self.payload, signer: try SoftwareSigner(privateKey: key))
        let cases: [(CBOR?, COSEError)] = [
            (nil, .missingAlgorithm), (.textString("ES256"), .unsupportedAlgorithm("\"ES256\"")),
            (CBOR(-999), .unsupportedAlgorithm("COSE algorithm -999")), (CBOR(5), .unsupportedAlgorithm("HMAC 256/256")),
        ]
        for (alg, error) in cases {
            var headers = COSEHeaders()
            headers[.algorithm] = alg
            let changed = try COSESign1(
                protected: COSEProtectedHeaders(headers), unprotected: COSEHeaders(),
                payload: message.payload, signature: message.signature)
            #expect(throws: error) { try changed.verify(with: key.publicKey) }
        }
    }

    @Test("crit: our labels are understood, unknown ones fail unless the caller understands them")
    func criticalHeaders() async throws {
        let key = PrivateKey(curve: .ed25519)
        let signer = try SoftwareSigner(privateKey: key)
        var protected = COSEHeaders()
        protected[.text("exp")] = CBOR(1_700_000_000)
        protected[-70_000] = .bool(true)
        protected.critical = [.text("exp"), .contentType]
        let message = try await COSESign1.sign(payload: Self.payload, protected: protected, signer: signer)
        #expect(throws: COSEError.unknownCriticalHeader(.text("exp"))) { try message.verify(with: key.publicKey) }
        try message.verify(with: key.publicKey, understoodCriticalLabels: [.text("exp")])

        protected.critical = [-70_000]
        let other = try await COSESign1.sign(payload: Self.payload, protected: protected, signer: signer)
        #expect(throws: COSEError.unknownCriticalHeader(-70_000)) { try other.verify(with: key.publicKey) }
        #expect(other.protected.headers[-70_000] == .bool(true), "unknown labels are preserved")

        var empty = COSEHeaders()
        empty[.critical] = .array([])
        await #expect(throws: COSEError.invalidHeader(label: .critical, reason: "must be a non-empty array")) {
            try await COSESign1.sign(payload: Self.payload, protected: empty, signer: signer)
        }
        var unprotected = COSEHeaders()
        unprotected.critical = [.keyID]
        await #expect(throws: COSEError.invalidHeader(label: .critical, reason: "must be in the protected bucket")) {
            try await COSESign1.sign(payload: Self.payload, unprotected: unprotected, signer: signer)
        }
    }

    @Test("a label in both buckets is rejected")
    func duplicateLabels() async throws {
        let key = PrivateKey(curve: .p256)
        var unprotected = COSEHeaders()
        unprotected.algorithm = .es256
        await #expect(throws: COSEError.duplicateHeaderLabel(.algorithm)) {
            var protected = COSEHeaders()
            protected.algorithm = .es256
            return try await COSESign1.sign(
                payload: Self.payload, protected: protected, unprotected: unprotected,
                signer: try SoftwareSigner(privateKey: key))
        }
        var kid = COSEHeaders()
        kid.keyID = Data([1])
        // Wire form: [h'A2012604 41 01', {4: h'02'}, payload, sig]
        let wire = CBOR.tagged(18, [
            .byteString(Data([0xA2, 0x01, 0x26, 0x04, 0x41, 0x01])), [4: .byteString(Data([2]))],
            .byteString(Self.payload), .byteString(Data(count: 64)),
        ]).encoded()
        #expect(throws: COSEError.duplicateHeaderLabel(.keyID)) { try COSESign1(decoding: wire) }
    }

    @Test("a signer returning a bad signature is caught at signing time")
    func faultySigner() async throws {
        struct DERSigner: Signer {
            let inner: SoftwareSigner
            var publicKey: PublicKey { inner.publicKey }
            var algorithm: SignatureAlgorithm { inner.algorithm }
            var keyID: String? { nil }
            func sign(_ message: Data) async throws -> Data { Data([0x30]) + (try await inner.sign(message)) }
        }
        let signer = DERSigner(inner: try SoftwareSigner(privateKey: PrivateKey(curve: .p256)))
        await #expect(throws: COSEError.self) { try await COSESign1.sign(payload: Self.payload, signer: signer) }
    }
}

import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// The compact recoverable form Open DID signs with: `[27 + recId (+4) | r | s]`.
@Suite("Recoverable ECDSA signatures")
struct RecoverableSignatureTests {
    static let curves: [KeyCurve] = [.p256, .secp256k1]
    static let digest = DigestAlgorithm.sha256.hash(Data("signed by a holder".utf8))

    static func order(_ curve: KeyCurve) throws -> Data {
        switch curve {
        case .p256: return try #require(Data(testHex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"))
        default: return try #require(Data(testHex: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
        }
    }

    /// `n − s`, the other half of a malleable pair, computed independently of the module.
    static func negate(_ s: Data, curve: KeyCurve) throws -> Data {
        let order = Array(try order(curve)), value = Array(s)
        var result = [UInt8](repeating: 0, count: order.count)
        var borrow = 0
        for index in stride(from: order.count - 1, through: 0, by: -1) {
            let difference = Int(order[index]) - Int(value[index]) - borrow
            borrow = difference < 0 ? 1 : 0
            result[index] = UInt8((difference + 256) % 256)
        }
        return Data(result)
    }

    static func compact(header: UInt8, r: Data, s: Data) -> Data { Data([header]) + r + s }

    @Test("a signature over a digest recovers the signer's key", arguments: curves)
    func signAndRecover(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let signature = try key.signRecoverable(digest: Self.digest)
        #expect(signature.curve == curve)
        #expect(signature.signature.isLowS)
        #expect(try signature.recoverPublicKey(digest: Self.digest) == key.publicKey)
        #expect(signature.isValidSignature(forDigest: Self.digest, publicKey: key.publicKey))

        let compact = signature.compactRepresentation
        #expect(compact.count == 65)
        #expect(compact[0] == 31 + signature.recoveryID)
        #expect(try RecoverableECDSASignature(compactRepresentation: compact, curve: curve) == signature)
    }

    @Test("both parities occur and each recovers the key", arguments: curves)
    func parities(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        var seen = Set<UInt8>()
        for round in 0..<48 {
            let digest = DigestAlgorithm.sha256.hash(Data("round \(round)".utf8))
            let signature = try key.signRecoverable(digest: digest)
            seen.insert(signature.recoveryID)
            #expect(try signature.recoverPublicKey(digest: digest) == key.publicKey)
        }
        // 2^-47 chance of a false failure; ids 2 and 3 need r ≥ p − n (about 2^-128).
        #expect(seen == [0, 1])
    }

    @Test("signRecoverable(message:) signs SHA-256 of the message", arguments: curves)
    func messageConvenience(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let message = Data(#"{"a":1}"#.utf8)
        let signature = try key.signRecoverable(message: message)
        #expect(try signature.recoverPublicKey(digest: DigestAlgorithm.sha256.hash(message)) == key.publicKey)
        // ES256 / ES256K over the message is ECDSA over the same digest.
        #expect(key.publicKey.verify(signature.signature.rawRepresentation, for: message))
    }

    @Test("every header 27...34 is read, and written back as 31 + id", arguments: UInt8(27)...34)
    func headers(header: UInt8) throws {
        let key = PrivateKey(curve: .p256)
        let made = try key.signRecoverable(digest: Self.digest)
        let compact = Self.compact(header: header, r: made.signature.r, s: made.signature.s)
        let parsed = try RecoverableECDSASignature(compactRepresentation: compact, curve: .p256)
        #expect(parsed.recoveryID == (header - 27) & 3)
        #expect(parsed.compactRepresentation.first == 31 + parsed.recoveryID)
        #expect(parsed.compactRepresentation.dropFirst() == compact.dropFirst())
    }

    @Test("a signature from a Signer (r || s only, possibly high-S) gets its recovery id", arguments: curves)
    func signerRoute(curve: KeyCurve) async throws {
        let key = PrivateKey(curve: curve)
        let signer = try SoftwareSigner(privateKey: key)
        let message = Data("from an HSM".utf8)
        let digest = DigestAlgorithm.sha256.hash(message)
        let plain = try ECDSASignature(rawRepresentation: try await signer.sign(message), curve: curve)
        let lowS = try RecoverableECDSASignature(signature: plain, digest: digest, publicKey: key.publicKey)
        #expect(lowS.signature == plain.normalizedLowS)
        #expect(try lowS.recoverPublicKey(digest: digest) == key.publicKey)

        // The malleated twin (r, n − s) gets the same low-S result: parity flipped back.
        let high = try ECDSASignature(
            rawRepresentation: plain.r + Self.negate(plain.normalizedLowS.s, curve: curve), curve: curve)
        #expect(!high.isLowS)
        let fromHigh = try RecoverableECDSASignature(signature: high, digest: digest, publicKey: key.publicKey)
        #expect(fromHigh == lowS)
    }

    @Test("a high-S signature read from the wire still recovers, with the flipped id", arguments: curves)
    func highSRecovery(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let low = try key.signRecoverable(digest: Self.digest)
        let highS = try Self.negate(low.signature.s, curve: curve)
        let high = try RecoverableECDSASignature(
            compactRepresentation: Self.compact(header: 31 + (low.recoveryID ^ 1), r: low.signature.r, s: highS), curve: curve)
        #expect(!high.signature.isLowS)
        #expect(try high.recoverPublicKey(digest: Self.digest) == key.publicKey)
        #expect(high.isValidSignature(forDigest: Self.digest, publicKey: key.publicKey))
    }

    // MARK: - Forgeries and malformed input

    @Test("headers 26 and 35, and 64 or 66 bytes, are rejected", arguments: curves)
    func badFraming(curve: KeyCurve) throws {
        let made = try PrivateKey(curve: curve).signRecoverable(digest: Self.digest)
        let body = made.signature.rawRepresentation
        for header: UInt8 in [0, 26, 35, 0xff] {
            #expect(throws: CryptoKeysError.self) {
                try RecoverableECDSASignature(compactRepresentation: Data([header]) + body, curve: curve)
            }
        }
        for bad in [body, made.compactRepresentation.dropLast(), made.compactRepresentation + Data([0]), Data()] {
            #expect(throws: CryptoKeysError.self) {
                try RecoverableECDSASignature(compactRepresentation: Data(bad), curve: curve)
            }
        }
    }

    @Test("r or s of 0 or ≥ n is rejected before any arithmetic", arguments: curves)
    func outOfRange(curve: KeyCurve) throws {
        let made = try PrivateKey(curve: curve).signRecoverable(digest: Self.digest)
        let r = made.signature.r, s = made.signature.s
        let zero = Data(count: 32), order = try Self.order(curve), ones = Data(repeating: 0xff, count: 32)
        for (badR, badS) in [(zero, s), (r, zero), (order, s), (r, order), (ones, s), (r, ones)] {
            #expect {
                try RecoverableECDSASignature(compactRepresentation: Self.compact(header: 31, r: badR, s: badS), curve: curve)
            } throws: { error in
                guard case .invalidSignatureEncoding = error as? CryptoKeysError else { return false }
                return true
            }
        }
        #expect(throws: CryptoKeysError.self) { try RecoverableECDSASignature(signature: made.signature, recoveryID: 4) }
    }

    @Test("a wrong digest recovers some other key and does not verify", arguments: curves)
    func wrongDigest(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let signature = try key.signRecoverable(digest: Self.digest)
        var other = Self.digest
        other[0] ^= 1
        #expect((try? signature.recoverPublicKey(digest: other)) != key.publicKey)
        #expect(!signature.isValidSignature(forDigest: other, publicKey: key.publicKey))
        #expect(throws: CryptoKeysError.self) {
            try RecoverableECDSASignature(signature: signature.signature, digest: other, publicKey: key.publicKey)
        }
    }

    @Test("a flipped recovery id recovers another key or none", arguments: curves)
    func flippedID(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let signature = try key.signRecoverable(digest: Self.digest)
        for id in UInt8(0)...3 where id != signature.recoveryID {
            let flipped = try RecoverableECDSASignature(signature: signature.signature, recoveryID: id)
            #expect((try? flipped.recoverPublicKey(digest: Self.digest)) != key.publicKey)
        }
    }

    @Test("P-256 ids 2 and 3 name r + n, which is not a field element for ordinary r")
    func overflowIDs() throws {
        let signature = try PrivateKey(curve: .p256).signRecoverable(digest: Self.digest)
        let overflow = try RecoverableECDSASignature(signature: signature.signature, recoveryID: signature.recoveryID | 2)
        #expect {
            try overflow.recoverPublicKey(digest: Self.digest)
        } throws: { error in
            guard case .signatureMismatch = error as? CryptoKeysError else { return false }
            return true
        }
    }

    @Test("an r that is no point's x-coordinate recovers nothing", arguments: curves)
    func noSuchPoint(curve: KeyCurve) throws {
        // About half of all x are not on the curve; one of the first 40 small r is not.
        let s = Data(count: 31) + Data([1])
        var rejected = 0
        for value in UInt8(1)...40 {
            let r = Data(count: 31) + Data([value])
            let signature = try RecoverableECDSASignature(
                compactRepresentation: Self.compact(header: 31, r: r, s: s), curve: curve)
            do {
                _ = try signature.recoverPublicKey(digest: Self.digest)
            } catch {
                guard case .signatureMismatch = error else {
                    Issue.record("expected signatureMismatch, got \(error)")
                    continue
                }
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    @Test("another key, another curve, a bad digest length are refused", arguments: curves)
    func misuse(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let signature = try key.signRecoverable(digest: Self.digest)
        let stranger = PrivateKey(curve: curve).publicKey
        let otherCurve = PrivateKey(curve: curve == .p256 ? .secp256k1 : .p256).publicKey
        #expect(!signature.isValidSignature(forDigest: Self.digest, publicKey: stranger))
        #expect(!signature.isValidSignature(forDigest: Self.digest, publicKey: otherCurve))
        #expect(!signature.isValidSignature(forDigest: Self.digest.dropLast(), publicKey: key.publicKey))
        #expect {
            try RecoverableECDSASignature(signature: signature.signature, digest: Self.digest, publicKey: stranger)
        } throws: { error in
            guard case .signatureMismatch = error as? CryptoKeysError else { return false }
            return true
        }
        #expect(throws: CryptoKeysError.self) {
            try RecoverableECDSASignature(signature: signature.signature, digest: Self.digest, publicKey: otherCurve)
        }
        for badDigest in [Data(), Self.digest.dropLast(), Self.digest + Data([0])] {
            #expect(throws: CryptoKeysError.self) { try key.signRecoverable(digest: Data(badDigest)) }
            #expect(throws: CryptoKeysError.self) { try signature.recoverPublicKey(digest: Data(badDigest)) }
        }
    }

    @Test("curves without recovery are refused", arguments: [KeyCurve.p384, .p521, .ed25519, .x25519])
    func unsupportedCurves(curve: KeyCurve) throws {
        #expect(throws: CryptoKeysError.self) { try PrivateKey(curve: curve).signRecoverable(digest: Self.digest) }
        if curve.isWeierstrass {
            let raw = try PrivateKey(curve: curve).sign(Data("x".utf8))
            let signature = try ECDSASignature(rawRepresentation: raw, curve: curve)
            #expect(throws: CryptoKeysError.self) { try RecoverableECDSASignature(signature: signature, recoveryID: 0) }
        }
    }
}

@Suite("Recoverable ECDSA signatures under concurrency")
struct RecoverableConcurrencyTests {
    @Test("concurrent P-256 recoveries (one shared libcrypto group) all agree")
    func concurrentRecovery() async throws {
        let key = PrivateKey(curve: .p256)
        let digests = (0..<8).map { DigestAlgorithm.sha256.hash(Data("task \($0)".utf8)) }
        let signatures = try digests.map { try key.signRecoverable(digest: $0) }
        let expected = key.publicKey
        let matches = try await withThrowingTaskGroup(of: Int.self) { group in
            for (digest, signature) in zip(digests, signatures) {
                group.addTask {
                    var count = 0
                    for _ in 0..<25 where try signature.recoverPublicKey(digest: digest) == expected { count += 1 }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(matches == 8 * 25)
    }
}

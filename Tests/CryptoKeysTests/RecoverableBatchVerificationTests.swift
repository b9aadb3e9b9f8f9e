import CryptoKeys
import Foundation
import Testing

/// `RecoveringVerifier.areAllValid` checks many signatures by one key in one multi-scalar
/// multiplication; it must agree with checking each alone, and one bad member must sink
/// the batch wherever it sits.
@Suite("Recoverable ECDSA: batch verification")
struct RecoverableBatchVerificationTests {
    typealias Signed = (signature: RecoverableECDSASignature, digest: Data)

    static func batch(_ key: PrivateKey, count: Int) throws -> [Signed] {
        let digests = (0..<count).map { DigestAlgorithm.sha256.hash(Data("claim \($0)".utf8)) }
        return try zip(key.signRecoverable(digests: digests), digests).map { ($0, $1) }
    }

    @Test(arguments: [KeyCurve.p256, .secp256k1], [0, 1, 2, 11, 40])
    func honestBatchesVerify(_ curve: KeyCurve, _ count: Int) throws {
        let key = PrivateKey(curve: curve)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        #expect(verifier.areAllValid(try Self.batch(key, count: count)))
    }

    @Test("one flipped recovery id anywhere in the batch sinks it", arguments: [0, 5, 10])
    func flippedRecoveryIDIsCaught(_ position: Int) throws {
        let key = PrivateKey(curve: .p256)
        var signed = try Self.batch(key, count: 11)
        let original = signed[position].signature
        signed[position].signature = try RecoverableECDSASignature(
            signature: original.signature, recoveryID: original.recoveryID ^ 1)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        #expect(!verifier.areAllValid(signed))
        // Exactly that one fails on its own.
        let failing = signed.indices.filter { !verifier.isValid(signed[$0].signature, forDigest: signed[$0].digest) }
        #expect(failing == [position])
    }

    @Test("a tampered digest or another key's signature sinks the batch")
    func forgeriesAreCaught() throws {
        let key = PrivateKey(curve: .p256)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        let honest = try Self.batch(key, count: 11)

        var tampered = honest
        tampered[3].digest[0] ^= 1
        #expect(!verifier.areAllValid(tampered))

        var foreign = honest
        let other = PrivateKey(curve: .p256)
        foreign[9].signature = try other.signRecoverable(digest: honest[9].digest)
        #expect(!verifier.areAllValid(foreign))

        #expect(!RecoveringVerifier(publicKey: other.publicKey).areAllValid(honest))
    }

    @Test("two forgeries that cancel in a plain sum do not cancel under random multipliers")
    func compensatingForgeriesAreCaught() throws {
        // Swapping the digests of two signatures leaves Σ(sᵢRᵢ − eᵢG − rᵢQ) unchanged, so
        // a batch that merely added the equations would accept it; with random aᵢ the
        // difference is (a₁ − a₂)(e₁ − e₂)·G, never O.
        let key = PrivateKey(curve: .p256)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        var signed = try Self.batch(key, count: 4)
        let first = signed[1].digest
        signed[1].digest = signed[2].digest
        signed[2].digest = first
        for _ in 0..<20 { #expect(!verifier.areAllValid(signed)) }
    }

    @Test("ids naming r + n, which is no field element for ordinary r, sink the batch")
    func impossibleRecoveryIDsAreRefused() throws {
        let key = PrivateKey(curve: .p256)
        var signed = try Self.batch(key, count: 3)
        signed[1].signature = try RecoverableECDSASignature(
            signature: signed[1].signature.signature, recoveryID: signed[1].signature.recoveryID | 2)
        #expect(!RecoveringVerifier(publicKey: key.publicKey).areAllValid(signed))
    }

    @Test("a short digest or a signature on another curve is refused, not trapped")
    func malformedMembersAreRefused() throws {
        let key = PrivateKey(curve: .p256)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        var short = try Self.batch(key, count: 3)
        short[0].digest = short[0].digest.prefix(31)
        #expect(!verifier.areAllValid(short))

        var mixed = try Self.batch(key, count: 3)
        let k1 = PrivateKey(curve: .secp256k1)
        mixed[2].signature = try k1.signRecoverable(digest: mixed[2].digest)
        #expect(!verifier.areAllValid(mixed))
    }

    @Test("concurrent batches (one shared group and field constants) all agree")
    func concurrentBatchesAgree() async throws {
        let key = PrivateKey(curve: .p256)
        let verifier = RecoveringVerifier(publicKey: key.publicKey)
        let signed = try Self.batch(key, count: 11)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 { group.addTask { verifier.areAllValid(signed) } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}

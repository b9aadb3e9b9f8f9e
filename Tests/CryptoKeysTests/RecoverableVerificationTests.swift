import CryptoKeys
import Foundation
import Testing

/// Signing with the recovery id read from the nonce point, and verification that holds the
/// recovery id to the key, as Open DID verifiers do.
@Suite("Recoverable ECDSA: sign and verify with the recovery id")
struct RecoverableVerificationTests {
    @Test(arguments: [KeyCurve.p256, .secp256k1])
    func signaturesRecoverTheSignerAndCheckTheirRecoveryID(_ curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        var seenIDs = Set<UInt8>()
        for round in 0..<40 {
            let digest = DigestAlgorithm.sha256.hash(Data("message \(round)".utf8))
            let signature = try key.signRecoverable(digest: digest)
            seenIDs.insert(signature.recoveryID)
            #expect(signature.signature.isLowS)
            #expect(try signature.recoverPublicKey(digest: digest) == key.publicKey)
            #expect(signature.isValidSignature(forDigest: digest, publicKey: key.publicKey))
            #expect(signature.isValidSignature(forDigest: digest, recoveringTo: key.publicKey))

            let flipped = try RecoverableECDSASignature(signature: signature.signature, recoveryID: signature.recoveryID ^ 1)
            #expect(!flipped.isValidSignature(forDigest: digest, recoveringTo: key.publicKey))
            // Plain verification ignores the id, by design.
            #expect(flipped.isValidSignature(forDigest: digest, publicKey: key.publicKey))

            var otherDigest = digest
            otherDigest[0] ^= 1
            #expect(!signature.isValidSignature(forDigest: otherDigest, recoveringTo: key.publicKey))
            #expect(!signature.isValidSignature(forDigest: digest, recoveringTo: PrivateKey(curve: curve).publicKey))
        }
        // Forty signatures with only one parity would mean the id is not read from R.
        #expect(seenIDs.contains(0) && seenIDs.contains(1))
    }

    @Test func wrongDigestLengthOrCurveIsRefusedNotTrapped() throws {
        let key = PrivateKey(curve: .p256)
        let digest = DigestAlgorithm.sha256.hash(Data("m".utf8))
        let signature = try key.signRecoverable(digest: digest)
        #expect(!signature.isValidSignature(forDigest: digest.prefix(31), recoveringTo: key.publicKey))
        #expect(!signature.isValidSignature(forDigest: digest, recoveringTo: PrivateKey(curve: .secp256k1).publicKey))
        #expect(throws: CryptoKeysError.self) { try key.signRecoverable(digest: Data(count: 20)) }
    }
}

/// Batches share one nonce inversion; every signature must still be independent and right.
@Suite("Recoverable ECDSA: batch signing")
struct RecoverableBatchSigningTests {
    @Test(arguments: [KeyCurve.p256, .secp256k1], [0, 1, 2, 11])
    func batchSignaturesAreIndependentAndRecoverTheSigner(_ curve: KeyCurve, _ count: Int) throws {
        let key = PrivateKey(curve: curve)
        let digests = (0..<count).map { DigestAlgorithm.sha256.hash(Data("claim \($0)".utf8)) }
        let signatures = try key.signRecoverable(digests: digests)
        #expect(signatures.count == count)
        #expect(Set(signatures.map(\.signature.r)).count == count, "nonces must differ")
        for (digest, signature) in zip(digests, signatures) {
            #expect(signature.signature.isLowS)
            #expect(try signature.recoverPublicKey(digest: digest) == key.publicKey)
            #expect(signature.isValidSignature(forDigest: digest, recoveringTo: key.publicKey))
        }
        if count > 1 {
            #expect(!signatures[1].isValidSignature(forDigest: digests[0], recoveringTo: key.publicKey))
        }
    }

    @Test func aBadDigestInABatchIsRefused() {
        let key = PrivateKey(curve: .p256)
        #expect(throws: CryptoKeysError.self) { try key.signRecoverable(digests: [Data(count: 32), Data(count: 31)]) }
    }
}

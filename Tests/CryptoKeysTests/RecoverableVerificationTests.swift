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

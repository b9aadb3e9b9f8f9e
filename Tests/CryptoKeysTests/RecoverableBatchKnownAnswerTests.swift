import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// Known answers for the batch verification of recoverable ECDSA signatures (the libcrypto
/// multi-scalar path of `RecoveringVerifier.areAllValid`), from an independent source: the
/// Wycheproof P1363 vectors. Every `valid` signature of a key, made recoverable, verifies as
/// one batch; every `invalid` one that still parses, with either recovery id, sinks a batch
/// of valid ones and fails alone too.
@Suite("Recoverable ECDSA: batch verification known answers")
struct RecoverableBatchKnownAnswerTests {
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: [
        ("ecdsa_secp256r1_sha256_p1363_test.json", KeyCurve.p256),
        ("ecdsa_secp256k1_sha256_p1363_test.json", .secp256k1),
    ])
    func wycheproofVectors(file name: String, curve: KeyCurve) throws {
        let file = try WycheproofFile<WycheproofSignatureTests.ECDSAGroup>.load(name)
        var batchedValid = 0, sunkByInvalid = 0
        for group in file.testGroups {
            let key = try PublicKey(sec1Representation: Data(vectorHex: group.publicKey.uncompressed), curve: curve)
            let verifier = RecoveringVerifier(publicKey: key)
            var valid: [(signature: RecoverableECDSASignature, digest: Data)] = []
            for test in group.tests where test.result == .valid {
                let digest = DigestAlgorithm.sha256.hash(try Data(vectorHex: test.msg))
                let plain = try ECDSASignature(rawRepresentation: try Data(vectorHex: test.sig), curve: curve)
                valid.append((try RecoverableECDSASignature(signature: plain, digest: digest, publicKey: key), digest))
            }
            #expect(verifier.areAllValid(valid), "\(name): the valid signatures of a key verify as one batch")
            batchedValid += valid.count
            for test in group.tests where test.result == .invalid {
                let digest = DigestAlgorithm.sha256.hash(try Data(vectorHex: test.msg))
                guard let plain = try? ECDSASignature(rawRepresentation: try Data(vectorHex: test.sig), curve: curve) else { continue }
                for recoveryID in UInt8(0)...1 {
                    guard let forged = try? RecoverableECDSASignature(signature: plain, recoveryID: recoveryID) else { continue }
                    #expect(!verifier.isValid(forged, forDigest: digest), "\(name) tc\(test.tcId) alone")
                    #expect(!verifier.areAllValid(valid + [(forged, digest)]), "\(name) tc\(test.tcId) at the end of a batch")
                    #expect(!verifier.areAllValid([(forged, digest)] + valid), "\(name) tc\(test.tcId) at the start of a batch")
                    sunkByInvalid += 1
                }
            }
        }
        #expect(batchedValid > 0 && sunkByInvalid > 0)
        print("batch known answers \(name): \(batchedValid) valid signatures batched, \(sunkByInvalid) invalid ones each sank a batch")
    }
}

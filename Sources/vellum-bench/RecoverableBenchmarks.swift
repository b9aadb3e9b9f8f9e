import CryptoKeys
import Foundation

/// Open DID's compact recoverable signatures: signing (sign + finding the recovery id),
/// recovering the key, and finding the id for an `r || s` a `Signer` returned. Compare with
/// `key.ES256.sign` / `key.ES256K.sign` for the price of the recovery id.
enum RecoverableBenchmarks {
    static let all: [Benchmark] = [KeyCurve.p256, .secp256k1].flatMap { curve in
        [
            Benchmark(name: "key.\(curve.rawValue).signRecoverable", prepare: {
                let key = PrivateKey(curve: curve)
                let digest = DigestAlgorithm.sha256.hash(Data(JOSEBenchmarks.payload.utf8))
                return Benchmark.Operation(run: { _ = try key.signRecoverable(digest: digest) })
            }),
            Benchmark(name: "key.\(curve.rawValue).recover", prepare: {
                let key = PrivateKey(curve: curve)
                let digest = DigestAlgorithm.sha256.hash(Data(JOSEBenchmarks.payload.utf8))
                let signature = try key.signRecoverable(digest: digest)
                let expected = key.publicKey
                return Benchmark.Operation(run: {
                    guard try signature.recoverPublicKey(digest: digest) == expected else {
                        throw BenchmarkFailure.resultMismatch("recovered another key")
                    }
                })
            }),
            Benchmark(name: "key.\(curve.rawValue).findRecoveryID", prepare: {
                let key = PrivateKey(curve: curve)
                let message = Data(JOSEBenchmarks.payload.utf8)
                let digest = DigestAlgorithm.sha256.hash(message)
                let plain = try ECDSASignature(rawRepresentation: key.sign(message), curve: curve)
                let publicKey = key.publicKey
                return Benchmark.Operation(run: {
                    _ = try RecoverableECDSASignature(signature: plain, digest: digest, publicKey: publicKey)
                })
            }),
        ]
    }
}

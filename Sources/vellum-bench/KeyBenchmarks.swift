import CryptoKeys
import Foundation

/// Raw signature benchmarks (no JOSE): the floor the JWS numbers stand on, so the cost of
/// the JOSE layer itself is the difference between the two.
enum KeyBenchmarks {
    static let all: [Benchmark] = [
        (SignatureAlgorithm.es256, KeyCurve.p256),
        (.edDSA, .ed25519),
        (.es256k, .secp256k1),
    ].flatMap { algorithm, curve in
        [
            Benchmark(name: "key.\(algorithm.rawValue).sign", prepare: {
                let key = PrivateKey(curve: curve)
                let message = Data(JOSEBenchmarks.payload.utf8)
                return Benchmark.Operation(run: { _ = try key.sign(message, algorithm: algorithm) })
            }),
            Benchmark(name: "key.\(algorithm.rawValue).verify", prepare: {
                let key = PrivateKey(curve: curve)
                let message = Data(JOSEBenchmarks.payload.utf8)
                let signature = try key.sign(message, algorithm: algorithm)
                let publicKey = key.publicKey
                return Benchmark.Operation(run: {
                    guard try publicKey.verify(signature, for: message, algorithm: algorithm) else {
                        throw BenchmarkFailure.resultMismatch("signature did not verify")
                    }
                })
            }),
        ]
    }
}

/// A benchmark whose operation produced the wrong answer: timing it would be meaningless.
enum BenchmarkFailure: Error, CustomStringConvertible {
    case resultMismatch(String)
    var description: String {
        switch self {
        case .resultMismatch(let message): return "result mismatch: \(message)"
        }
    }
}

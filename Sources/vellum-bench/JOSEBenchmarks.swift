import CryptoKeys
import Foundation
import JOSE

/// JWS benchmarks: compact sign and verify for the three algorithms holders meet most,
/// against jwcrypto doing the same work on the same payload.
enum JOSEBenchmarks {
    /// A payload the size of a small credential's claims.
    static let payload = #"{"iss":"https://issuer.example","sub":"did:example:holder","iat":1700000000,"vct":"https://credentials.example/identity_credential","given_name":"Erika","family_name":"Mustermann"}"#

    static let all: [Benchmark] = [
        (SignatureAlgorithm.es256, KeyCurve.p256),
        (.edDSA, .ed25519),
        (.es256k, .secp256k1),
    ].flatMap { algorithm, curve in
        [
            Benchmark(
                name: "jws.\(algorithm.rawValue).sign",
                prepare: { try prepareSign(algorithm: algorithm, curve: curve) },
                peer: "jwcrypto.\(algorithm.rawValue).sign"),
            Benchmark(
                name: "jws.\(algorithm.rawValue).verify",
                prepare: { try await prepareVerify(algorithm: algorithm, curve: curve) },
                peer: "jwcrypto.\(algorithm.rawValue).verify"),
        ]
    }

    private static func prepareSign(algorithm: SignatureAlgorithm, curve: KeyCurve) throws -> Benchmark.Operation {
        let signer = try SoftwareSigner(privateKey: PrivateKey(curve: curve), algorithm: algorithm)
        let bytes = Data(payload.utf8)
        return Benchmark.Operation(
            run: { _ = try await JWS.signCompact(payload: bytes, signer: signer) },
            peerInput: [payload])
    }

    private static func prepareVerify(algorithm: SignatureAlgorithm, curve: KeyCurve) async throws -> Benchmark.Operation {
        let signer = try SoftwareSigner(privateKey: PrivateKey(curve: curve), algorithm: algorithm)
        let token = try await JWS.signCompact(payload: Data(payload.utf8), signer: signer)
        let key = signer.publicKey
        return Benchmark.Operation(
            run: { _ = try JWS.verifyCompact(token, key: key) },
            peerInput: [payload])
    }
}

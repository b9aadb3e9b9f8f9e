import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import OpenDID

/// Open DID proofs on a 10-claim credential: the issuer's 11 signatures (whole credential
/// plus one per claim) and a verifier's 11 checks, each beside the bare P-256 cost of the
/// same 11 operations over the same signing inputs, so "÷ bare" is the price of the
/// Open DID layer. The `.recoverable` entries isolate the recovery id's share (the same 11
/// operations on the 65-byte recoverable form), the rest is JSON, signing input, multibase
/// and key lookup.
enum OpenDIDBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "opendid.vc10.sign.bare", prepare: {
            let fixture = try Fixture()
            let inputs = try fixture.signingInputs()
            return Benchmark.Operation(run: {
                for input in inputs { _ = try fixture.key.sign(input, algorithm: .es256) }
            })
        }),
        Benchmark(name: "opendid.vc10.sign.recoverable", prepare: {
            let fixture = try Fixture()
            let digests = try fixture.signingInputs().map { DigestAlgorithm.sha256.hash($0) }
            return Benchmark.Operation(run: {
                for digest in digests { _ = try fixture.key.signRecoverable(digest: digest) }
            })
        }, baseline: "opendid.vc10.sign.bare"),
        Benchmark(name: "opendid.vc10.sign.recoverable-batch", prepare: {
            let fixture = try Fixture()
            let digests = try fixture.signingInputs().map { DigestAlgorithm.sha256.hash($0) }
            return Benchmark.Operation(run: { _ = try fixture.key.signRecoverable(digests: digests) })
        }, baseline: "opendid.vc10.sign.bare"),
        Benchmark(name: "opendid.vc10.sign", prepare: {
            let fixture = try Fixture()
            return Benchmark.Operation(run: {
                var credential = fixture.credential
                try await credential.sign(with: fixture.proofKey)
            })
        }, baseline: "opendid.vc10.sign.bare"),
        // Parts of signing, to see where the time goes: the model to JSON, and the eleven
        // signing inputs from that JSON (the sorted serialization Open DID hashes).
        Benchmark(name: "opendid.vc10.sign.part.encode", prepare: {
            let fixture = try Fixture()
            let encoder = JSONValueEncoder()
            return Benchmark.Operation(run: { _ = try encoder.encode(fixture.credential) })
        }),
        Benchmark(name: "opendid.vc10.sign.part.serialize", prepare: {
            let fixture = try Fixture()
            let document = try JSONValueEncoder().encode(fixture.credential)
            return Benchmark.Operation(run: { for _ in 0..<11 { _ = document.serializedBytes(.sortedKeys) } })
        }),
        Benchmark(name: "opendid.vc10.verify.bare", prepare: {
            let fixture = try Fixture()
            let inputs = try fixture.signingInputs()
            let signatures = try inputs.map { try fixture.key.sign($0, algorithm: .es256) }
            let publicKey = fixture.key.publicKey
            return Benchmark.Operation(run: {
                for (input, signature) in zip(inputs, signatures) {
                    guard try publicKey.verify(signature, for: input, algorithm: .es256) else {
                        throw BenchmarkFailure.resultMismatch("bare signature did not verify")
                    }
                }
            })
        }),
        Benchmark(name: "opendid.vc10.verify.recoverable", prepare: {
            let fixture = try Fixture()
            let digests = try fixture.signingInputs().map { DigestAlgorithm.sha256.hash($0) }
            let signatures = try digests.map { try fixture.key.signRecoverable(digest: $0) }
            let publicKey = fixture.key.publicKey
            return Benchmark.Operation(run: {
                for (digest, signature) in zip(digests, signatures) {
                    guard signature.isValidSignature(forDigest: digest, recoveringTo: publicKey) else {
                        throw BenchmarkFailure.resultMismatch("recoverable signature did not verify")
                    }
                }
            })
        }, baseline: "opendid.vc10.verify.bare"),
        Benchmark(name: "opendid.vc10.verify.recoverable-batch", prepare: {
            let fixture = try Fixture()
            let digests = try fixture.signingInputs().map { DigestAlgorithm.sha256.hash($0) }
            let signed = try digests.map { (signature: try fixture.key.signRecoverable(digest: $0), digest: $0) }
            let verifier = RecoveringVerifier(publicKey: fixture.key.publicKey)
            return Benchmark.Operation(run: {
                guard verifier.areAllValid(signed) else {
                    throw BenchmarkFailure.resultMismatch("recoverable batch did not verify")
                }
            })
        }, baseline: "opendid.vc10.verify.bare"),
        Benchmark(name: "opendid.vc10.verify", prepare: {
            let fixture = try Fixture()
            var credential = fixture.credential
            try await credential.sign(with: fixture.proofKey)
            let signed = try credential.toJsonData()
            let verifier = ProofVerifier(documents: [fixture.issuerDocument])
            return Benchmark.Operation(run: {
                let checks = verifier.checks(for: try JSONValue(parsing: signed))
                guard checks.count == 11, checks.allSatisfy(\.isValid) else {
                    throw BenchmarkFailure.resultMismatch("credential did not verify: \(checks)")
                }
            })
        }, baseline: "opendid.vc10.verify.bare"),
    ]

    /// An issuer key, its DID document and an unsigned 10-claim credential.
    struct Fixture {
        let key = PrivateKey(curve: .p256)
        let credential: VerifiableCredential
        let proofKey: ProofKey
        let issuerDocument: DIDDocument

        init() throws {
            proofKey = ProofKey(
                signer: try SoftwareSigner(privateKey: key), did: "did:omn:issuer", versionId: "1", keyID: "assert",
                encoding: .base64)
            guard let compressed = key.publicKey.sec1CompressedRepresentation else {
                throw BenchmarkFailure.resultMismatch("no compressed key")
            }
            issuerDocument = DIDDocument(
                id: "did:omn:issuer", controller: "did:omn:tas",
                verificationMethod: [VerificationMethod(
                    id: "assert", type: .secp256r1VerificationKey2018, controller: "did:omn:issuer",
                    publicKeyMultibase: Multibase.encode(compressed, as: .base58btc), authType: .free)],
                assertionMethod: ["assert"], created: "2025-01-02T03:04:05Z", updated: "2025-01-02T03:04:05Z",
                versionId: "1")
            let claims = (1...10).map { index in
                Claim(code: "org.opendid.v1.national_id.claim\(index)", caption: "Claim \(index)", value: "값 \(index) value",
                      i18n: ["en": Internationalization(caption: "Claim \(index)", value: "value \(index)")])
            }
            credential = VerifiableCredential(
                id: "3f1c2e4a-0000-4000-8000-000000000010", issuer: Issuer(id: "did:omn:issuer", name: "issuer"),
                issuanceDate: "2025-01-02T03:04:05Z", validFrom: "2025-01-02T03:04:05Z", validUntil: "2035-01-02T03:04:05Z",
                formatVersion: "1.0", language: "ko",
                evidence: [.documentVerification(DocumentVerificationEvidence(
                    verifier: "did:omn:tas", evidenceDocument: "BusinessLicense", subjectPresence: .physical,
                    documentPresence: .physical))],
                credentialSchema: CredentialSchema(id: "http://127.0.0.1:8091/issuer/api/v1/vc/vcschema?name=national_id"),
                credentialSubject: CredentialSubject(id: "did:omn:holder", claims: claims),
                proof: VCProof(created: "2025-01-02T03:04:05Z", proofPurpose: .assertionMethod,
                               verificationMethod: "did:omn:issuer?versionId=1#assert", type: .secp256r1Signature2018))
        }

        /// The 11 signing inputs of the credential (whole, then each claim).
        func signingInputs() throws -> [Data] {
            guard case let .object(document) = try JSONValue(parsing: credential.toJsonData()),
                  case let .object(proof)? = document["proof"]
            else { throw BenchmarkFailure.resultMismatch("credential is not an object") }
            return try [SigningInput.bytes(of: document, proof: proof)]
                + (0..<10).map { try SigningInput.bytes(ofCredential: document, proof: proof, claimAt: $0) }
        }
    }
}

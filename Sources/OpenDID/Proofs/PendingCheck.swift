import CryptoKeys
import Foundation

/// A proof check that has either failed already or only awaits its signature arithmetic.
///
/// ``ProofVerifier`` reads every proof of a document first and does the arithmetic last,
/// so the signatures one key made can be checked as a batch: a credential carries eleven
/// by its issuer, and a presentation repeats that per credential.
enum PendingCheck {
    case finished(ProofCheck)
    case signature(PendingSignature)

    /// The final checks, in the order given. Signatures by one key are settled by one
    /// batch check; when a batch fails, each of its signatures is checked alone, so the
    /// result names exactly the ones that are invalid.
    static func settle(_ pending: [PendingCheck]) -> [ProofCheck] {
        var groups: [String: [Int]] = [:]
        for (index, check) in pending.enumerated() {
            if case let .signature(signature) = check { groups[signature.verificationMethod, default: []].append(index) }
        }
        var batchVerified = Set<Int>()
        for indices in groups.values where indices.count > 1 {
            let signatures = indices.compactMap { index -> PendingSignature? in
                if case let .signature(signature) = pending[index] { return signature }
                return nil
            }
            // One verification method string names one key in one verification run.
            if signatures[0].verifier.areAllValid(signatures.map { ($0.signature, $0.digest) }) {
                batchVerified.formUnion(indices)
            }
        }
        return pending.enumerated().map { index, check in
            switch check {
            case let .finished(result): return result
            case let .signature(signature): return signature.verdict(alreadyVerified: batchVerified.contains(index))
            }
        }
    }
}

/// One signature whose key, purpose and encoding have passed, with its digest.
struct PendingSignature {
    let location: String
    let verificationMethod: String
    let verifier: RecoveringVerifier
    let signature: RecoverableECDSASignature
    let digest: Data

    /// The check's outcome: verified by its batch, or checked alone.
    func verdict(alreadyVerified: Bool) -> ProofCheck {
        if alreadyVerified || verifier.isValid(signature, forDigest: digest) {
            return ProofCheck(location: location, verificationMethod: verificationMethod, failure: nil)
        }
        return ProofCheck(location: location, verificationMethod: verificationMethod,
                          failure: .signatureInvalid(proof: verificationMethod))
    }
}

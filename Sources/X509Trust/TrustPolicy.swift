import SwiftASN1
import X509

/// A rule that judges a candidate chain and, when it fails, says why with a typed reason.
///
/// Chain building (in swift-certificates' `Verifier`) gathers the evidence; a `TrustPolicy`
/// decides. Each policy is also a swift-certificates `VerifierPolicy`, so it can be dropped
/// into a plain `Verifier` as well; ``ChainValidator`` additionally keeps the typed
/// ``X509TrustError`` so a caller learns *which* rule failed.
///
/// A policy lists in `verifyingCriticalExtensions` only the critical extensions it actually
/// enforces; any other critical extension makes the chain fail (RFC 5280 §4.2).
public protocol TrustPolicy: VerifierPolicy, Sendable {
    /// `nil` when `chain` (leaf first, anchor last) satisfies the rule, otherwise the reason.
    func failure(for chain: UnverifiedCertificateChain) -> X509TrustError?
}

extension TrustPolicy {
    /// The `VerifierPolicy` view of ``failure(for:)``.
    public func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard let failure = failure(for: chain) else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: failure.description)
    }
}

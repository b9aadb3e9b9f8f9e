@_spi(FixedExpiryValidationTime) import X509
import Foundation
import SwiftASN1

/// The policy ``ChainValidator`` hands to swift-certificates' `Verifier`: validity first, then
/// RFC 5280, then the caller's policies, remembering the first typed failure of each chain.
///
/// The `Verifier` wraps its policy in an opaque type, so the typed failures are kept in a
/// ``FailureLog`` the validator holds on to.
struct TrustPolicySet: VerifierPolicy, Sendable {
    var validity: ValidityPeriodPolicy
    var rfc5280: RFC5280Policy
    var policies: [any TrustPolicy]
    /// The extensions RFC 5280 and the policies handle. Worked out once: the `Verifier` asks
    /// for them for the leaf and again for every candidate issuer.
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]
    /// The anchors' IACA profile verdicts, worked out by the ``TrustAnchorStore``.
    let iacaProfileVerdicts: [IACAProfileVerdict]
    let log = FailureLog()

    init(validationTime: Date, policies: [any TrustPolicy], anchors: TrustAnchorStore = TrustAnchorStore()) {
        self.iacaProfileVerdicts = anchors.iacaProfileVerdicts
        self.validity = ValidityPeriodPolicy(validationTime: validationTime)
        self.rfc5280 = RFC5280Policy(fixedExpiryValidationTime: validationTime)
        self.policies = policies
        var handled = rfc5280.verifyingCriticalExtensions
        for policy in policies {
            for oid in policy.verifyingCriticalExtensions where !handled.contains(oid) {
                handled.append(oid)
            }
        }
        verifyingCriticalExtensions = handled
    }

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        if let failure = validity.failure(for: chain) {
            return record(failure)
        }
        if case .failsToMeetPolicy(let reason) = rfc5280.chainMeetsPolicyRequirements(chain: chain) {
            return record(.policyViolation("RFC 5280: \(reason.description)"))
        }
        for policy in policies {
            if let failure = failure(of: policy, for: chain) {
                return record(failure)
            }
        }
        return .meetsPolicy
    }

    /// `policy`'s verdict on `chain`; for ``IACAProfilePolicy``, which judges the anchor alone,
    /// the verdict the store reached when the anchor was added (the same function of the same
    /// certificate), falling back to evaluating it for a root the store does not know.
    private func failure(of policy: any TrustPolicy, for chain: UnverifiedCertificateChain) -> X509TrustError? {
        if policy is IACAProfilePolicy, let anchor = chain.last, let verdict = iacaProfileVerdicts.verdict(on: anchor) {
            return verdict.failure
        }
        return policy.failure(for: chain)
    }

    private func record(_ failure: X509TrustError) -> PolicyEvaluationResult {
        log.append(failure)
        return .failsToMeetPolicy(reason: failure.description)
    }
}

/// The typed failures of the candidate chains of one validation, in evaluation order.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [X509TrustError] = []

    func append(_ failure: X509TrustError) {
        lock.withLock { failures.append(failure) }
    }

    var first: X509TrustError? { lock.withLock { failures.first } }
}

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
    let log = FailureLog()

    init(validationTime: Date, policies: [any TrustPolicy]) {
        self.validity = ValidityPeriodPolicy(validationTime: validationTime)
        self.rfc5280 = RFC5280Policy(fixedExpiryValidationTime: validationTime)
        self.policies = policies
    }

    var verifyingCriticalExtensions: [ASN1ObjectIdentifier] {
        var handled = rfc5280.verifyingCriticalExtensions
        for policy in policies {
            for oid in policy.verifyingCriticalExtensions where !handled.contains(oid) {
                handled.append(oid)
            }
        }
        return handled
    }

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        if let failure = validity.failure(for: chain) {
            return record(failure)
        }
        if case .failsToMeetPolicy(let reason) = rfc5280.chainMeetsPolicyRequirements(chain: chain) {
            return record(.policyViolation("RFC 5280: \(reason.description)"))
        }
        for policy in policies {
            if let failure = policy.failure(for: chain) {
                return record(failure)
            }
        }
        return .meetsPolicy
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

import Foundation
import SwiftASN1
import X509

/// Every certificate in the chain must be within its validity period at the validation time.
///
/// RFC5280Policy checks this too, but only as text; this policy runs first so the result says
/// ``X509TrustError/expired(subject:notValidAfter:)`` or
/// ``X509TrustError/notYetValid(subject:notValidBefore:)`` with the certificate that caused it.
struct ValidityPeriodPolicy: TrustPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
    let validationTime: Date

    func failure(for chain: UnverifiedCertificateChain) -> X509TrustError? {
        for certificate in chain {
            if validationTime > certificate.notValidAfter {
                return .expired(subject: certificate.subject.description, notValidAfter: certificate.notValidAfter)
            }
            if validationTime < certificate.notValidBefore {
                return .notYetValid(
                    subject: certificate.subject.description, notValidBefore: certificate.notValidBefore)
            }
        }
        return nil
    }
}

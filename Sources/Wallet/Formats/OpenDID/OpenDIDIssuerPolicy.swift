import Foundation
import OpenDID

/// When the wallet accepts the key an Open DID credential was signed with: the trust
/// decision on ``OpenDIDIssuerKeyEvidence``, as `VerifierPolicy` is for a certificate chain.
///
/// The key must belong to the credential's own issuer (a key of another DID signs nothing
/// for this one), be found in a DID document the holder trusts, sign as an assertion and be
/// listed for `assertionMethod` in its version; the DID must not be deactivated in any
/// trusted version; and, unless ``acceptsKeysDroppedLater`` is set, the newest trusted
/// version must still publish the key unchanged: an issuer that removed or replaced a key
/// has revoked it, and what it signed is no longer accepted. The signature arithmetic comes
/// after, only for a key this policy accepted.
public struct OpenDIDIssuerPolicy: Sendable, Hashable {
    /// Whether a key the issuer's newest trusted DID document no longer lists (rotated out)
    /// still verifies what it signed before; `false` by default.
    public var acceptsKeysDroppedLater: Bool

    /// A policy; the default refuses keys the issuer has since dropped.
    public init(acceptsKeysDroppedLater: Bool = false) {
        self.acceptsKeysDroppedLater = acceptsKeysDroppedLater
    }

    /// The policy the wallet applies.
    public static let standard = OpenDIDIssuerPolicy()

    /// Why the evidence does not let the credential's proof be checked, or `nil` when it does.
    public func judge(_ evidence: OpenDIDIssuerKeyEvidence) -> VerificationFailure? {
        let method = evidence.verificationMethod
        guard let reference = evidence.reference else {
            return VerificationFailure(.malformedCredential, "the proof's verificationMethod \(method) is not did[?versionId=N]#key")
        }
        guard reference.did == evidence.issuer else {
            return VerificationFailure(.untrustedIssuer, "the proof is made with \(method), a key of \(reference.did), not of the issuer \(evidence.issuer)")
        }
        guard let newest = evidence.newestVersion else {
            return VerificationFailure(.untrustedIssuer, "no DID document of the issuer \(evidence.issuer) is trusted")
        }
        guard let document = evidence.document, let key = evidence.method else {
            return VerificationFailure(.untrustedIssuer, "no trusted DID document of \(evidence.issuer) has the key \(method)")
        }
        guard evidence.proofPurpose == .assertionMethod else {
            return VerificationFailure(.invalidSignature, "the issuer's proof is made for \(evidence.proofPurpose.rawValue), not assertionMethod")
        }
        guard document.keyNames(for: .assertionMethod)?.contains(key.id) == true else {
            return VerificationFailure(.untrustedIssuer, "\(method) is not listed for assertionMethod in version \(document.versionId) of the issuer's DID document")
        }
        if let deactivated = evidence.trustedVersions.last(where: \.deactivated) {
            return VerificationFailure(.untrustedIssuer, "the issuer's DID \(evidence.issuer) is deactivated (version \(deactivated.versionId))")
        }
        if !acceptsKeysDroppedLater, newest.versionId != document.versionId {
            let current = newest.verificationMethod(named: key.id)
            guard current?.publicKeyMultibase == key.publicKeyMultibase,
                  newest.keyNames(for: .assertionMethod)?.contains(key.id) == true
            else {
                return VerificationFailure(.untrustedIssuer, "the issuer revoked \(method): version \(newest.versionId) of its DID document no longer lists it for assertionMethod")
            }
        }
        return nil
    }
}

import Foundation
import SwiftASN1
import X509

/// Decides whether a leaf certificate (with untrusted intermediates, as carried in `x5c` or
/// `x5chain`) is trusted under a ``TrustAnchorStore`` and a set of ``TrustPolicy`` rules.
///
/// Evidence, then policy: swift-certificates' `Verifier` builds candidate chains; every
/// candidate is checked for validity at the injected time, RFC 5280 rules, and then the
/// caller's policies (for example ``IACAProfilePolicy`` and ``DocumentSignerProfilePolicy``).
/// When no chain passes, the validator reports the most specific reason it found.
///
/// The validation time is a parameter, never the system clock, so an old test vector or a
/// credential can be checked "as of" a date.
public struct ChainValidator: Sendable {
    /// The most certificates accepted in one chain (leaf + intermediates).
    public static let maximumChainLength = 10

    /// The roots that end a trusted chain.
    public var anchors: TrustAnchorStore
    /// The rules every candidate chain must meet, besides validity and RFC 5280.
    public var policies: [any TrustPolicy]

    /// A validator trusting `anchors` and applying `policies` in order.
    public init(anchors: TrustAnchorStore, policies: [any TrustPolicy] = []) {
        self.anchors = anchors
        self.policies = policies
    }

    /// Validates a DER chain, leaf first (the order of `x5c` and `x5chain`).
    public func validate(derChain: [some DataProtocol], at validationTime: Date) async -> ChainValidationResult {
        guard !derChain.isEmpty else { return .rejected(.emptyChain) }
        guard derChain.count <= Self.maximumChainLength else {
            return .rejected(.inputTooLarge(limit: Self.maximumChainLength))
        }
        var certificates: [Certificate] = []
        for (index, der) in derChain.enumerated() {
            do {
                certificates.append(try CertificateDecoding.certificate(der: der, index: index))
            } catch {
                return .rejected(error)
            }
        }
        return await validate(leaf: certificates[0], intermediates: Array(certificates.dropFirst()), at: validationTime)
    }

    /// Validates `leaf` using `intermediates` (any order) to reach an anchor.
    public func validate(
        leaf: Certificate, intermediates: [Certificate] = [], at validationTime: Date
    ) async -> ChainValidationResult {
        guard intermediates.count < Self.maximumChainLength else {
            return .rejected(.inputTooLarge(limit: Self.maximumChainLength))
        }
        let policySet = TrustPolicySet(validationTime: validationTime, policies: policies, anchors: anchors)
        let handled = policySet.verifyingCriticalExtensions
        if let oid = leaf.unhandledCriticalExtension(handled: handled) {
            return .rejected(.unhandledCriticalExtension(subject: leaf.subject.description, oid: oid.description))
        }
        var verifier = Verifier(rootCertificates: anchors.certificateStore) { policySet }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        switch result {
        case .validCertificate(let chain):
            return .trusted(TrustedChain(Array(chain)))
        case .couldNotValidate:
            if let failure = policySet.log.first {
                return .rejected(failure)
            }
            return .rejected(diagnose(leaf: leaf, intermediates: intermediates, handled: handled))
        }
    }

    /// Explains why no candidate chain reached the policies: walks issuer names from the leaf
    /// and reports a bad signature or an unhandled critical extension when a candidate issuer
    /// exists, or an untrusted root when none does.
    private func diagnose(
        leaf: Certificate, intermediates: [Certificate], handled: [ASN1ObjectIdentifier]
    ) -> X509TrustError {
        var tip = leaf
        var visited: [Certificate] = [leaf]
        while visited.count <= Self.maximumChainLength {
            let anchorCandidates = anchors.anchors(subject: tip.issuer)
            let intermediateCandidates = intermediates.filter { $0.subject == tip.issuer && !visited.contains($0) }
            let candidates = anchorCandidates + intermediateCandidates
            guard !candidates.isEmpty else { break }
            let signers = candidates.filter { $0.publicKey.isValidSignature(tip.signature, for: tip) }
            guard let signer = signers.first else {
                return .signatureInvalid(subject: tip.subject.description)
            }
            if let oid = signer.unhandledCriticalExtension(handled: handled) {
                return .unhandledCriticalExtension(subject: signer.subject.description, oid: oid.description)
            }
            if anchorCandidates.contains(signer) { break }
            visited.append(signer)
            tip = signer
        }
        return .untrustedRoot(issuer: tip.issuer.description)
    }
}

/// The outcome of ``ChainValidator``: a trusted chain, or the reason there is none.
public enum ChainValidationResult: Sendable, Equatable {
    /// The chain is trusted.
    case trusted(TrustedChain)
    /// No chain is trusted, for this reason.
    case rejected(X509TrustError)

    /// The trusted chain, or the rejection as a typed error.
    public func get() throws(X509TrustError) -> TrustedChain {
        switch self {
        case .trusted(let chain): return chain
        case .rejected(let error): throw error
        }
    }

    /// The rejection reason, `nil` when trusted.
    public var failure: X509TrustError? {
        if case .rejected(let error) = self { return error }
        return nil
    }
}

extension Certificate {
    func unhandledCriticalExtension(handled: [ASN1ObjectIdentifier]) -> ASN1ObjectIdentifier? {
        extensions.first { $0.critical && !handled.contains($0.oid) }?.oid
    }
}

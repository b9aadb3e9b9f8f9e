import SwiftASN1
import X509

/// The ISO/IEC 18013-5 Annex B profile for an Issuing Authority CA (IACA) certificate, applied
/// to the chain's anchor.
///
/// An mdoc is only as trustworthy as the IACA that certified its Document Signer, so the
/// anchor must look like an IACA and nothing else:
/// - basicConstraints present and critical, `cA` true, `pathLenConstraint` 0 (the IACA signs
///   end-entity certificates only);
/// - keyUsage present and critical, with `keyCertSign` and `cRLSign`;
/// - the issuer name carries a `countryName` (an IACA is a national or state authority);
/// - a Subject Key Identifier is present (Document Signers point at it).
public struct IACAProfilePolicy: TrustPolicy {
    /// The IACA rules enforce basicConstraints and keyUsage.
    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage,
    ]

    /// A policy checking the anchor of each candidate chain against the IACA profile.
    public init() {}

    /// The first Annex B IACA rule the chain's anchor breaks, or `nil`.
    public func failure(for chain: UnverifiedCertificateChain) -> X509TrustError? {
        guard let iaca = chain.last else { return .emptyChain }
        return Self.failure(iaca: iaca)
    }

    static func failure(iaca: Certificate) -> X509TrustError? {
        var subject: String { iaca.subject.description }  // formatted only for a failure message
        guard let constraintsExtension = iaca.extensions[oid: .X509ExtensionID.basicConstraints],
            constraintsExtension.critical,
            let constraints = try? BasicConstraints(constraintsExtension)
        else {
            return .policyViolation("IACA '\(subject)' lacks a critical basicConstraints extension")
        }
        guard case .isCertificateAuthority(maxPathLength: .some(0)) = constraints else {
            return .policyViolation("IACA '\(subject)' basicConstraints must be cA with pathLenConstraint 0, is \(constraints)")
        }
        guard let usageExtension = iaca.extensions[oid: .X509ExtensionID.keyUsage],
            usageExtension.critical,
            let usage = try? KeyUsage(usageExtension)
        else {
            return .policyViolation("IACA '\(subject)' lacks a critical keyUsage extension")
        }
        guard usage.keyCertSign, usage.cRLSign else {
            return .policyViolation("IACA '\(subject)' keyUsage must include keyCertSign and cRLSign, is \(usage)")
        }
        guard iaca.issuer.countryName != nil else {
            return .policyViolation("IACA '\(subject)' issuer has no countryName")
        }
        guard (try? iaca.extensions.subjectKeyIdentifier) != nil else {
            return .policyViolation("IACA '\(subject)' lacks a subjectKeyIdentifier")
        }
        return nil
    }
}

extension DistinguishedName {
    /// The first `countryName` attribute's text, if any.
    var countryName: String? {
        for rdn in self {
            for attribute in rdn where attribute.type == .RDNAttributeType.countryName {
                let text = String(describing: attribute.value)
                return text.isEmpty ? nil : text
            }
        }
        return nil
    }
}

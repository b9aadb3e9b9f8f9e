import SwiftASN1
import X509

/// The ISO/IEC 18013-5 Annex B profile for a Document Signer (DS) certificate: the leaf that
/// signs a Mobile Security Object.
///
/// - the chain is exactly DS → IACA (the IACA issues DS certificates directly);
/// - keyUsage present and critical, `digitalSignature` set and no CA usages;
/// - extendedKeyUsage present, containing `1.0.18013.5.1.2` (id-mdl-kp-mdlDS);
/// - the DS validity lies within the IACA's validity;
/// - the DS issuer country equals the IACA's subject country.
///
/// Combine with ``IACAProfilePolicy`` to check the anchor too.
public struct DocumentSignerProfilePolicy: TrustPolicy {
    /// The extended key usage that marks a key as an mDL Document Signer.
    public static let mdlDocumentSignerUsage: ASN1ObjectIdentifier = [1, 0, 18013, 5, 1, 2]

    /// The DS rules enforce keyUsage and extendedKeyUsage.
    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.keyUsage, .X509ExtensionID.extendedKeyUsage,
    ]

    /// A policy checking the leaf of each candidate chain against the DS profile.
    public init() {}

    /// The first Annex B Document Signer rule `chain` breaks, or `nil`.
    public func failure(for chain: UnverifiedCertificateChain) -> X509TrustError? {
        guard chain.count == 2, let iaca = chain.last else {
            return .policyViolation("a Document Signer must be issued directly by the IACA (chain of 2, got \(chain.count))")
        }
        let ds = chain.leaf
        var subject: String { ds.subject.description }  // formatted only for a failure message
        guard let usageExtension = ds.extensions[oid: .X509ExtensionID.keyUsage],
            usageExtension.critical,
            let usage = try? KeyUsage(usageExtension)
        else {
            return .policyViolation("Document Signer '\(subject)' lacks a critical keyUsage extension")
        }
        guard usage.digitalSignature, !usage.keyCertSign, !usage.cRLSign else {
            return .policyViolation("Document Signer '\(subject)' keyUsage must be digitalSignature only, is \(usage)")
        }
        guard let eku = try? ds.extensions.extendedKeyUsage,
            eku.contains(ExtendedKeyUsage.Usage(oid: Self.mdlDocumentSignerUsage))
        else {
            return .policyViolation("Document Signer '\(subject)' lacks extendedKeyUsage 1.0.18013.5.1.2 (mdlDS)")
        }
        guard ds.notValidBefore >= iaca.notValidBefore, ds.notValidAfter <= iaca.notValidAfter else {
            return .policyViolation("Document Signer '\(subject)' validity is not within the IACA's validity")
        }
        guard let country = ds.issuer.countryName, country == iaca.subject.countryName else {
            return .policyViolation("Document Signer '\(subject)' issuer countryName does not match the IACA's")
        }
        return nil
    }
}

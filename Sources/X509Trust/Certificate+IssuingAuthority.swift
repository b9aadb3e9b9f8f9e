import Foundation
import X509

extension Certificate {
    /// Whether this certificate and `other` were issued by the same certificate authority:
    /// the same issuer name and, where both name it, the same authority key identifier.
    ///
    /// This says nothing about trust: each certificate's chain must have been validated on
    /// its own. It answers the narrower question a status list token asks (draft
    /// §"Key Resolution and Trust Management"): is the status signer certified by the same
    /// authority as the issuer of the token it speaks for?
    public func hasSameIssuingAuthority(as other: Certificate) -> Bool {
        guard issuer == other.issuer else { return false }
        let identifier = try? extensions.authorityKeyIdentifier?.keyIdentifier
        let otherIdentifier = try? other.extensions.authorityKeyIdentifier?.keyIdentifier
        if let identifier, let otherIdentifier { return identifier == otherIdentifier }
        return true
    }

    /// Whether the leaves of two DER chains (leaf first) have the same issuing authority;
    /// `false` when either is missing or does not parse.
    public static func leavesHaveSameIssuingAuthority(_ chain: [Data]?, _ other: [Data]?) -> Bool {
        guard let first = chain?.first, let second = other?.first,
              let leaf = try? Certificate(derEncoded: Array(first)), let otherLeaf = try? Certificate(derEncoded: Array(second))
        else { return false }
        return leaf.hasSameIssuingAuthority(as: otherLeaf)
    }
}

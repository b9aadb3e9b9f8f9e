import SwiftASN1
import X509

/// OpenID4VP `x509_san_dns:` client identifiers: the leaf must carry a `dNSName` Subject
/// Alternative Name equal to the client identifier's host.
///
/// The comparison is exact (ASCII case-insensitive, a trailing dot ignored); wildcard SANs are
/// not expanded, because the client identifier names one verifier, not a family of hosts.
public struct SANDNSNamePolicy: TrustPolicy {
    /// The host the leaf must be issued to.
    public let dnsName: String

    /// This policy enforces the subjectAlternativeName extension, so it may be critical.
    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.subjectAlternativeName]

    /// A policy requiring the leaf to name `dnsName` in a `dNSName` SAN.
    public init(dnsName: String) {
        self.dnsName = dnsName
    }

    /// ``X509TrustError/dnsNameMismatch(expected:found:)`` unless the leaf names the host.
    public func failure(for chain: UnverifiedCertificateChain) -> X509TrustError? {
        let names = Self.dnsNames(of: chain.leaf)
        let wanted = Self.normalized(dnsName)
        guard !wanted.isEmpty, names.contains(where: { Self.normalized($0) == wanted }) else {
            return .dnsNameMismatch(expected: dnsName, found: names)
        }
        return nil
    }

    static func dnsNames(of certificate: Certificate) -> [String] {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            if case .dnsName(let value) = name { return value }
            return nil
        }
    }

    static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered
    }
}

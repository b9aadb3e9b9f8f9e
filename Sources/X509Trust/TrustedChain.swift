import X509

/// A chain that reached a trust anchor and satisfied every policy: leaf first, anchor last.
///
/// Only ``ChainValidator`` makes one, so holding a `TrustedChain` is evidence that validation
/// happened.
public struct TrustedChain: Sendable, Hashable {
    /// The certificates, leaf first, trust anchor last.
    public let certificates: [Certificate]

    init(_ certificates: [Certificate]) {
        self.certificates = certificates
    }

    /// The end-entity certificate whose key signs the credential or request.
    public var leaf: Certificate { certificates[0] }

    /// The trust anchor the chain ends at.
    public var anchor: Certificate { certificates[certificates.count - 1] }

    /// The leaf's public key, for verifying the signature the chain vouches for.
    public var leafKey: CertificateKey { CertificateKey(leaf) }
}

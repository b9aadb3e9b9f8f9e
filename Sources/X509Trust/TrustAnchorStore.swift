import Foundation
import SwiftASN1
import X509

/// The certificates a caller has decided to trust as chain roots (for example the IACA
/// certificates of a VICAL, or a verifier's allow-list).
///
/// A value type so a wallet can hold one per trust framework and hand a copy to a validator
/// without sharing mutable state. Adding the same certificate twice keeps one copy (identity is
/// the DER encoding).
public struct TrustAnchorStore: Sendable, Equatable {
    /// The largest certificate (DER bytes) the store accepts; anchors come from configuration,
    /// but configuration can be downloaded too.
    public static let maximumCertificateBytes = 64 * 1024

    private var anchors: [Certificate] = []
    /// The anchors indexed by subject the way swift-certificates' `Verifier` looks issuers up,
    /// kept in step with ``anchors`` so a validation does not regroup the store every call.
    private(set) var certificateStore = CertificateStore()
    /// ``IACAProfilePolicy``'s verdict on each anchor. The IACA profile looks at the anchor
    /// alone, so it is worked out once when the anchor is added instead of in every
    /// validation that ends at it.
    private(set) var iacaProfileVerdicts: [IACAProfileVerdict] = []

    /// An empty store: nothing is trusted until added.
    public init() {}

    /// A store trusting `certificates` (duplicates collapse).
    public init(_ certificates: some Sequence<Certificate>) {
        for certificate in certificates { add(certificate) }
    }

    /// The trusted certificates, in the order they were first added.
    public var certificates: [Certificate] { anchors }

    /// How many distinct anchors the store holds.
    public var count: Int { anchors.count }

    /// Whether `certificate` (exactly this encoding) is trusted.
    public func contains(_ certificate: Certificate) -> Bool { anchors.contains(certificate) }

    /// Trusts `certificate`. Returns `false` when it was already present.
    @discardableResult
    public mutating func add(_ certificate: Certificate) -> Bool {
        guard !anchors.contains(certificate) else { return false }
        anchors.append(certificate)
        certificateStore.append(certificate)
        iacaProfileVerdicts.append(IACAProfileVerdict(anchor: certificate, failure: IACAProfilePolicy.failure(iaca: certificate)))
        return true
    }

    /// Trusts the certificate encoded as DER `bytes`.
    @discardableResult
    public mutating func add(der bytes: some DataProtocol) throws(X509TrustError) -> Bool {
        add(try CertificateDecoding.certificate(der: bytes, index: 0))
    }

    /// Trusts every `CERTIFICATE` block in `pem` (a bundle may hold several). Returns how many
    /// were new.
    @discardableResult
    public mutating func add(pem: String) throws(X509TrustError) -> Int {
        var added = 0
        for certificate in try CertificateDecoding.certificates(pem: pem) where add(certificate) {
            added += 1
        }
        return added
    }

    /// Stops trusting `certificate`. Returns `false` when it was not present.
    @discardableResult
    public mutating func remove(_ certificate: Certificate) -> Bool {
        guard let index = anchors.firstIndex(of: certificate) else { return false }
        anchors.remove(at: index)
        certificateStore = CertificateStore(anchors)
        iacaProfileVerdicts.remove(at: index)
        return true
    }

    /// The anchors whose subject is `name`: the candidates to have issued a certificate whose
    /// issuer is `name`.
    public func anchors(subject name: DistinguishedName) -> [Certificate] {
        anchors.filter { $0.subject == name }
    }

    /// The anchors whose Subject Key Identifier is `keyIdentifier`: the candidates named by an
    /// Authority Key Identifier.
    public func anchors(subjectKeyIdentifier keyIdentifier: some Sequence<UInt8>) -> [Certificate] {
        let wanted = Array(keyIdentifier)
        return anchors.filter { anchor in
            guard let ski = try? anchor.extensions.subjectKeyIdentifier else { return false }
            return Array(ski.keyIdentifier) == wanted
        }
    }

    /// Two stores are equal when they trust the same certificates in the same order (the
    /// subject index is derived from them).
    public static func == (lhs: TrustAnchorStore, rhs: TrustAnchorStore) -> Bool {
        lhs.anchors == rhs.anchors
    }
}

/// What ``IACAProfilePolicy`` found when an anchor was added: the rule it breaks, if any.
struct IACAProfileVerdict: Sendable {
    let anchor: Certificate
    let failure: X509TrustError?
}

extension [IACAProfileVerdict] {
    /// The verdict on `anchor`, found by comparison rather than hashing: the chain's root is
    /// the store's own value, so equality is decided by the identity of its byte buffers, where
    /// hashing would read every byte of the certificate.
    func verdict(on anchor: Certificate) -> IACAProfileVerdict? {
        first { $0.anchor == anchor }
    }
}

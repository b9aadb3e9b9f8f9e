import CryptoKeys
import Foundation
import X509
import X509Trust

/// The one rule that decides whether the key that signed a status list token speaks for the
/// issuer of the credential whose status it gives.
///
/// Whoever serves a status URI (a CDN, a host, an attacker on the path) must not be able to
/// sign an "all valid" list of their own, nor may another issuer under the same trusted roots.
/// The status list draft ("Key Resolution and Trust Management") allows the referenced
/// token's own key, a key found by the same web-based resolution for the same issuer, or a
/// key certified by the same certificate authority. Finding the key is evidence (a trusted
/// `x5c` chain, issuer metadata, a DID); this type is the decision, shared by the SD-JWT VC
/// verifier, the mdoc validator, the wallet and the CLI.
public struct StatusListIssuerBinding: Sendable, Hashable {
    /// How the candidate key was found.
    public enum KeyEvidence: Sendable, Hashable {
        /// The leaf of this chain (DER, leaf first), already validated to a trusted root.
        case certificateChain([Data])
        /// Resolved (issuer metadata, DID) for a token whose unverified `iss` is this value.
        case resolvedForIssuer(String?)
    }

    /// The rule as the draft states it.
    public init() {}

    /// Whether `key`, found as `evidence` says, may sign the status of a token issued by
    /// `referencing`.
    ///
    /// - The referenced token's own key always may.
    /// - A certificate's leaf may when the same authority certified the referenced token's
    ///   signer (same issuer name and authority key identifier). A certificate need not name
    ///   an issuer, so a token's `iss` proves nothing here.
    /// - A key resolved by issuer identifier may when that identifier is the referenced
    ///   token's verified `iss`: the resolution bound the key to it.
    public func accepts(_ key: PublicKey, evidence: KeyEvidence, for referencing: StatusListReferencingIssuer) -> Bool {
        if key == referencing.key { return true }
        switch evidence {
        case .certificateChain(let chain):
            return Certificate.leavesHaveSameIssuingAuthority(chain, referencing.certificateChain)
        case .resolvedForIssuer(let issuer):
            guard let issuer, let expected = referencing.issuer else { return false }
            return issuer == expected
        }
    }
}

extension StatusListKeyLookup {
    /// Status list keys for credentials whose issuers are known by certificate (mdoc IACAs,
    /// SD-JWT VC `x5c`): a token with an `x5c`/`x5chain` must chain to `anchors` at `time`, and
    /// its leaf must be bound to the referencing issuer by `binding`; a token without a chain
    /// must be signed by the referencing issuer's own key.
    ///
    /// `policies` are the profile rules the chain must meet besides RFC 5280 (an mdoc reader
    /// passes the Annex B IACA and document signer profiles, whose critical extended key usage
    /// a plain validation refuses). A request that names no referencing issuer (a resolver
    /// never ``StatusListResolver/bound(to:)``) gets no key: without the credential's issuer
    /// there is nothing to bind the list to.
    public static func certificateChains(
        to anchors: TrustAnchorStore, policies: [any TrustPolicy] = [], at time: Date,
        binding: StatusListIssuerBinding = StatusListIssuerBinding()
    ) -> StatusListKeyLookup {
        let validator = ChainValidator(anchors: anchors, policies: policies)
        return StatusListKeyLookup { request throws(StatusListError) in
            guard let referencing = request.referencingIssuer else { return nil }
            guard let chain = request.certificateChain, !chain.isEmpty else { return referencing.key }
            guard case .trusted(let trusted) = await validator.validate(derChain: chain, at: time),
                let key = try? trusted.leafKey.publicKey
            else { return nil }
            return binding.accepts(key, evidence: .certificateChain(chain), for: referencing) ? key : nil
        }
    }
}

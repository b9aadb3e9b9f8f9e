import Foundation
import JOSE
import JSONModel
import X509
import X509Trust

/// Finds an SD-JWT VC issuer's key in the header's `x5c` chain, trusted only when the chain
/// validates to one of the caller's anchors.
///
/// Under `x5c` the draft makes the subject of the end-entity certificate the credential's
/// issuer; it no longer asks the certificate to name the `iss` URL (the EU PID issuers'
/// certificates carry no such name). Where a certificate does name its holder, though, the
/// names are the certificate authority's statement of what that holder may speak for, so by
/// default (``IssuerNameRule/whenNamed``) an `https` `iss` must be one of them: a
/// certificate for one issuer cannot sign credentials claiming another's `iss`.
public struct X5CIssuerKeyResolver: SDJWTIssuerKeyResolver {
    /// How the leaf certificate must name an `https` `iss`.
    public enum IssuerNameRule: Sendable, Hashable {
        /// When the leaf has URI or DNS subject alternative names, `iss` must be one of its
        /// URIs or have one of its DNS names as host; a leaf with neither names no issuer,
        /// and its subject is the issuer.
        case whenNamed
        /// The leaf must name `iss` (URI SAN) or its host (DNS SAN), as drafts up to -09 and
        /// some ecosystems require.
        case required
        /// `iss` is not compared with the certificate.
        case none
    }

    /// The chain validator (anchors and policies).
    public let validator: ChainValidator
    /// The time the chain is validated at.
    public let clock: @Sendable () -> Date
    /// How the leaf must name an `https` `iss`; default ``IssuerNameRule/whenNamed``.
    public var issuerNameRule: IssuerNameRule
    /// A chain the caller has validated already (with this resolver's anchors, at its time),
    /// whose result stands in for a second validation of the same certificates.
    private var validated: (der: [Data], chain: TrustedChain)?

    /// A resolver validating against `validator` at `clock()`.
    public init(
        validator: ChainValidator, clock: @escaping @Sendable () -> Date = { Date() }, issuerNameRule: IssuerNameRule = .whenNamed
    ) {
        self.validator = validator
        self.clock = clock
        self.issuerNameRule = issuerNameRule
    }

    /// A resolver trusting chains to `anchors` with no extra policies.
    public init(
        anchors: TrustAnchorStore, clock: @escaping @Sendable () -> Date = { Date() }, issuerNameRule: IssuerNameRule = .whenNamed
    ) {
        self.init(validator: ChainValidator(anchors: anchors), clock: clock, issuerNameRule: issuerNameRule)
    }

    /// The leaf key of a trusted `x5c` chain; `nil` when the header has no `x5c`.
    /// This resolver, taking `trusted` as the validation of the `x5c` chain `der` instead of
    /// validating it again: a verifier that validated the chain itself (to report why it is
    /// not trusted) gathers that evidence once. A header naming any other chain is validated
    /// as usual; the issuer name rule applies either way.
    public func reusing(_ trusted: TrustedChain, for der: [Data]) -> X5CIssuerKeyResolver {
        var resolver = self
        resolver.validated = (der, trusted)
        return resolver
    }

    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        guard let chain = header.certificateChain else { return nil }
        let trusted: TrustedChain
        if let validated, validated.der == chain {
            trusted = validated.chain
        } else {
            do {
                trusted = try await validator.validate(derChain: chain, at: clock()).get()
            } catch {
                throw .issuerKeyNotFound("x5c chain is not trusted: \(error)")
            }
        }
        if case .string(let iss)? = payload["iss"], let url = URL(string: iss), url.scheme?.lowercased() == "https" {
            let checked: Bool
            switch issuerNameRule {
            case .required: checked = true
            case .whenNamed: checked = Self.namesHolder(trusted.leaf)
            case .none: checked = false
            }
            guard !checked || Self.leaf(trusted.leaf, names: iss, host: url.host?.lowercased()) else {
                throw .issuerKeyNotFound("the x5c leaf certificate does not name the issuer \(iss)")
            }
        }
        do {
            return JWSVerificationKey(try trusted.leafKey.publicKey, keyID: header.keyID)
        } catch {
            throw .issuerKeyNotFound("the x5c leaf key is unusable: \(error)")
        }
    }

    /// Whether `certificate` names its holder by URI or DNS subject alternative names.
    static func namesHolder(_ certificate: Certificate) -> Bool {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return false }
        return names.contains { name in
            switch name {
            case .uniformResourceIdentifier, .dnsName: return true
            default: return false
            }
        }
    }

    /// Whether `certificate` has `iss` as a URI SAN or `host` as a DNS SAN.
    static func leaf(_ certificate: Certificate, names iss: String, host: String?) -> Bool {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return false }
        for name in names {
            switch name {
            case .uniformResourceIdentifier(let uri) where uri == iss: return true
            case .dnsName(let dns) where host != nil && dns.lowercased() == host: return true
            default: continue
            }
        }
        return false
    }
}

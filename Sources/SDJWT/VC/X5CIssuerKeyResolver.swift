import Foundation
import JOSE
import JSONModel
import X509
import X509Trust

/// Finds an SD-JWT VC issuer's key in the header's `x5c` chain, trusted only when the chain
/// validates to one of the caller's anchors.
///
/// The draft binds the chain to the issuer: when `iss` is an `https` URL, the leaf must
/// name it in a `uniformResourceIdentifier` SAN, or its host in a `dNSName` SAN. Without
/// that check any certificate under a trusted root could sign for any issuer.
public struct X5CIssuerKeyResolver: SDJWTIssuerKeyResolver {
    /// The chain validator (anchors and policies).
    public let validator: ChainValidator
    /// The time the chain is validated at.
    public let clock: @Sendable () -> Date

    /// A resolver validating against `validator` at `clock()`.
    public init(validator: ChainValidator, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.validator = validator
        self.clock = clock
    }

    /// A resolver trusting chains to `anchors` with no extra policies.
    public init(anchors: TrustAnchorStore, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(validator: ChainValidator(anchors: anchors), clock: clock)
    }

    /// The leaf key of a trusted `x5c` chain; `nil` when the header has no `x5c`.
    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        guard let chain = header.certificateChain else { return nil }
        let trusted: TrustedChain
        do {
            trusted = try await validator.validate(derChain: chain, at: clock()).get()
        } catch {
            throw .issuerKeyNotFound("x5c chain is not trusted: \(error)")
        }
        if case .string(let iss)? = payload["iss"], let url = URL(string: iss), url.scheme?.lowercased() == "https" {
            guard Self.leaf(trusted.leaf, names: iss, host: url.host?.lowercased()) else {
                throw .issuerKeyNotFound("the x5c leaf certificate does not name the issuer \(iss)")
            }
        }
        do {
            return JWSVerificationKey(try trusted.leafKey.publicKey, keyID: header.keyID)
        } catch {
            throw .issuerKeyNotFound("the x5c leaf key is unusable: \(error)")
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

import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// The checks behind ``IssuanceProfile``; each throws a
/// ``OpenID4VCIError/profileViolation(rule:reason:)`` and is called before the step it guards
/// sends anything.
extension IssuanceProfile {
    func violation(_ rule: Rule, _ reason: String) -> OpenID4VCIError {
        .profileViolation(rule: rule, reason: "\(name): \(reason)")
    }

    /// Whether `algorithm` is allowed (any is, when the profile names none).
    func allows(_ algorithm: String) -> Bool { signingAlgorithms.isEmpty || signingAlgorithms.contains(algorithm) }

    /// The authorization server can serve `grant` under this profile: a PAR endpoint for the
    /// authorization code flow, an allowed DPoP algorithm.
    func check(_ server: AuthorizationServerMetadata, grant: IssuanceSession.Grant) throws(OpenID4VCIError) {
        let issuer = server.issuer.absoluteString
        if requiresPushedAuthorization, grant == .authorizationCode, server.pushedAuthorizationRequestEndpoint == nil {
            throw violation(.pushedAuthorization, "\(issuer) has no pushed_authorization_request_endpoint")
        }
        if requiresDPoP {
            guard !server.dpopSigningAlgorithms.isEmpty else {
                throw violation(.dpop, "\(issuer) lists no dpop_signing_alg_values_supported")
            }
            guard server.dpopSigningAlgorithms.contains(where: allows) else {
                throw violation(.signingAlgorithm, "\(issuer) supports DPoP only with "
                    + "\(server.dpopSigningAlgorithms.joined(separator: ", ")), not \(signingAlgorithms.joined(separator: ", "))")
            }
        }
    }

    /// The wallet's DPoP key fits: present when DPoP is required, of an allowed algorithm.
    func check(dpop: (any DPoPProofProviding)?) throws(OpenID4VCIError) {
        guard let dpop else {
            if requiresDPoP { throw violation(.dpop, "no DPoP key was supplied") }
            return
        }
        guard !signingAlgorithms.isEmpty else { return }
        guard let algorithm = dpop.signingAlgorithm else {
            throw violation(.signingAlgorithm, "the DPoP key does not declare its algorithm")
        }
        guard allows(algorithm) else { throw violation(.signingAlgorithm, "the DPoP key uses \(algorithm)") }
    }

    /// The token is sender-constrained when DPoP is required (a server that answers a DPoP
    /// request with a bearer token has downgraded it).
    func check(_ token: AccessToken) throws(OpenID4VCIError) {
        if requiresDPoP, token.tokenType != .dpop {
            throw violation(.dpop, "the access token is a \(token.tokenType.rawValue) token, not DPoP-bound")
        }
    }

    /// Every offered configuration that binds keys with `jwt` proofs accepts an allowed
    /// algorithm, so a proof the profile allows can be sent at all.
    func check(_ configurations: [CredentialConfiguration]) throws(OpenID4VCIError) {
        guard !signingAlgorithms.isEmpty else { return }
        for configuration in configurations {
            guard let jwt = configuration.proofTypes["jwt"], !jwt.signingAlgorithms.isEmpty else { continue }
            guard jwt.signingAlgorithms.contains(where: allows) else {
                throw violation(.signingAlgorithm, "\(configuration.id) accepts key proofs only with "
                    + jwt.signingAlgorithms.joined(separator: ", "))
            }
        }
    }

    /// Every configuration requested in an authorization code flow has a `scope`, when the
    /// profile asks for credentials by scope.
    func checkScopes(_ configurations: [CredentialConfiguration]) throws(OpenID4VCIError) {
        guard requiresScope else { return }
        let unscoped = configurations.filter { $0.scope == nil }.map(\.id)
        guard unscoped.isEmpty else {
            throw violation(.scope, "no scope in the issuer metadata for \(unscoped.joined(separator: ", "))")
        }
    }

    /// Every holder key uses an allowed algorithm and, when required, has a key attestation
    /// that is a `key-attestation+jwt` of an allowed algorithm whose `attested_keys` contain
    /// the key. The attestation's signature is the issuer's to verify; this catches a wallet
    /// that pairs a key with the wrong attestation before the issuer does.
    func check(_ keys: [HolderKey]) throws(OpenID4VCIError) {
        for (index, key) in keys.enumerated() {
            let algorithm = key.signer.algorithm.rawValue
            guard allows(algorithm) else { throw violation(.signingAlgorithm, "holder key \(index) uses \(algorithm)") }
            guard requiresKeyAttestation else { continue }
            guard key.hasKeyAttestation else { throw violation(.keyAttestation, "holder key \(index) has no key attestation") }
            // A provider's attestation is checked when the proof is built (it needs the nonce).
            guard let attestation = key.keyAttestation, !attestation.isEmpty else { continue }
            if let problem = Self.attestationProblem(attestation, for: key.signer.publicKey, allows: allows) {
                throw violation(.keyAttestation, "holder key \(index): \(problem)")
            }
        }
    }

    /// What is wrong with `attestation` as an attestation of `key`, or `nil`.
    static func attestationProblem(_ attestation: String, for key: PublicKey, allows: (String) -> Bool) -> String? {
        let object: JWSObject
        do {
            object = try JWSObject(compact: attestation)
        } catch {
            return "the key attestation is not a compact JWS: \(error)"
        }
        let header = object.signatures[0].header
        guard header.type == KeyAttestation.type else {
            return "the key attestation's typ is \(header.type ?? "missing"), not \(KeyAttestation.type)"
        }
        guard let algorithm = header.algorithm, allows(algorithm) else {
            return "the key attestation's alg \(header.algorithm ?? "missing") is not allowed"
        }
        guard let payload = object.encodedPayload, let bytes = try? Base64URL.decode(payload),
              case let .object(claims)? = try? JSONValue(parsing: bytes, limits: JSONParser.Limits(maximumDepth: 16)),
              let attested = claims["attested_keys"]?.arrayValue, !attested.isEmpty
        else { return "the key attestation has no attested_keys" }
        let expected = key.thumbprint(hash: .sha256)
        let matches = attested.contains { value in
            guard let jwk = try? JSONDecoder().decode(JWK.self, from: value.serialized(.compact)) else { return false }
            return (try? jwk.thumbprint(hash: .sha256)) == expected
        }
        return matches ? nil : "the key attestation does not attest this key"
    }

    /// An issued credential names its issuer key by certificate where this module can see it:
    /// the `x5c` header of an SD-JWT VC. mdoc `x5chain` is left to the wallet.
    func check(_ credential: IssuedCredential) throws(OpenID4VCIError) {
        guard requiresX509IssuerKeys, Self.sdJWTFormats.contains(credential.format) else { return }
        guard let text = credential.credential.stringValue else {
            throw violation(.x509IssuerKey, "the \(credential.format) credential is not a string")
        }
        let jwt = text.prefix { $0 != "~" }
        let header = (try? JWSObject(compact: String(jwt)))?.signatures[0].header
        guard case let .array(chain)? = header?["x5c"], !chain.isEmpty, chain.allSatisfy({ $0.stringValue != nil }) else {
            throw violation(.x509IssuerKey, "the \(credential.format) credential has no x5c header")
        }
    }

    static let sdJWTFormats: Set<String> = ["dc+sd-jwt", "vc+sd-jwt"]

    /// Signed metadata, when verified at all, is verified through an `x5c` chain (HAIP 1.0
    /// §4.1), not a bare key.
    func check(_ policy: SignedMetadataPolicy) throws(OpenID4VCIError) {
        guard requiresX509IssuerKeys, case .key? = policy.trust else { return }
        throw violation(.x509IssuerKey, "signed issuer metadata must be verified through an x5c chain, not a bare key")
    }
}

/// Names from OpenID4VCI 1.0 Appendix D (key attestations).
public enum KeyAttestation {
    /// The `typ` of a key attestation JWT.
    public static let type = "key-attestation+jwt"
    /// The key proof JOSE header that carries it.
    public static let headerParameter = "key_attestation"
}

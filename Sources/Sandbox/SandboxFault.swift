import Foundation

/// A deliberate protocol or credential fault the sandbox can inject, so a wallet's refusal
/// paths are tested end to end against a real server rather than against mocks.
public enum SandboxFault: String, Sendable, Hashable, CaseIterable, Codable {
    /// The issuer metadata's `credential_issuer` differs from the URL it was fetched for.
    case wrongCredentialIssuerInMetadata
    /// The authorization response's `iss` names another server (RFC 9207 mix-up).
    case wrongIssuerInAuthorizationResponse
    /// Every DPoP proof is answered with `use_dpop_nonce` and a new nonce: a nonce loop.
    case alwaysDemandsDPoPNonce
    /// Credentials are bound to a fresh key, not the one the wallet proved.
    case bindsOtherKey
    /// Credentials are altered after signing (an SD-JWT signature byte; an mdoc element; the
    /// ecdsa-sd-2023 employee credential's job title).
    case tampersCredential
    /// Credentials are of another type than the configuration offered: the PID's `vct` and
    /// the mDL's `docType` name other credentials.
    case issuesOtherType
    /// Credentials are signed under a second root the sandbox never publishes.
    case signsWithUntrustedRoot
    /// Credential responses are padded past 6 MiB.
    case oversizedCredentialResponse
    /// The status list endpoint answers 503, so a wallet reports the status as unknown.
    case statusListUnavailable
    /// A batch's credentials come back in the reverse order of its proofs. OpenID4VCI does
    /// not promise their order, so this is allowed; it catches a wallet that pairs the
    /// credentials with its keys by position.
    case reordersBatch
    /// `mdoc_iacas_uri` answers with a 302 to the same list on another host name
    /// (`localhost` for `127.0.0.1`): a wallet must not believe roots served off the issuer's
    /// host, whichever hop served them.
    case redirectsIACAListOffHost
    /// The token endpoint holds every request open without answering, for as long as the
    /// fault is set (``SandboxIssuer/stop()`` lets go): a wallet can be interrupted while it
    /// waits for its access token, after it has fetched the issuer's IACA list.
    case stallsTokenRequest
    /// The credential endpoint holds every `mso_mdoc` request open without answering, for as
    /// long as the fault is set: a wallet claiming the sandbox's PID and mDL can be
    /// interrupted after the PID was issued and while the mDL's holder key exists.
    case stallsMobileCredentialRequest
    /// The verifier's response endpoint holds every answer open without replying, for as
    /// long as the fault is set: a wallet can be interrupted while its presentation is sent.
    case stallsPresentationResponse
}

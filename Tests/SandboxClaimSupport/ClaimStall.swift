import Sandbox

/// Where a claim from the sandbox is held open, so a test can interrupt the wallet there: at
/// the token request (the issuer's IACA list is trusted for the claim by then), or at the
/// mDL's credential request (the PID is already stored and the mDL's holder key exists).
public enum ClaimStall: String, CaseIterable, Sendable {
    case tokenRequest
    case mobileCredentialRequest

    /// The sandbox fault that holds that request open.
    public var fault: SandboxFault { self == .tokenRequest ? .stallsTokenRequest : .stallsMobileCredentialRequest }

    /// The progress line the wallet writes just before the request the sandbox holds.
    public var progressLine: String {
        self == .tokenRequest ? "requesting an access token" : "requesting \(SandboxCredentialKind.mDL.configurationID)"
    }
}

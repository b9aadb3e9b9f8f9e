import Foundation

/// A stored credential read back for display: its claims, branding, issuer, validity and a
/// verification result computed at the time of the call.
///
/// The shape of the MATTR SDK's `MobileCredential`, for every format the wallet holds.
public struct VerifiedCredential: Sendable, Identifiable {
    /// The wallet's id for the credential.
    public let id: String
    /// The format.
    public let format: CredentialFormat
    /// The credential type: an SD-JWT VC `vct`, an mdoc `docType`, a JWT VC's last `type`.
    public let credentialType: String?
    /// The claims (every Disclosure applied for an SD-JWT VC).
    public let claims: CredentialClaims
    /// How to draw it, from the display information kept at issuance.
    public let branding: CredentialBranding?
    /// Who issued it and which trusted certificate vouches for it.
    public let issuerInfo: VerifiedCredential.Issuer
    /// When it is valid.
    public let validity: CredentialValidity
    /// The verification done for this call.
    public let verificationResult: VerificationResult
    /// The holder key it is bound to.
    public let holderKeyID: String?
    /// When the wallet stored it.
    public let storedAt: Date
    /// The issuer-signed bytes, for presentation.
    public let payload: Data
    /// The issuer display information kept at issuance.
    public let issuerDisplay: ReceivedCredential.IssuerDisplay?
    /// Whether the credential binds a holder key this wallet does not hold (imported without
    /// its key): it verifies, but it cannot be presented where holder binding is asked for.
    public let isViewOnly: Bool
}

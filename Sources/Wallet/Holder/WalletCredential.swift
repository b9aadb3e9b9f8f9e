import Foundation

/// A stored credential read back for display: its claims, branding, issuer, validity and a
/// verification result computed at the time of the call.
///
/// The shape of the MATTR SDK's `MobileCredential`, for every format the wallet holds.
public struct WalletCredential: Sendable, Identifiable {
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
    public let issuerInfo: CredentialIssuerInfo
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
    public let issuerDisplay: IssuerDisplayInfo?
    /// Whether the credential binds a holder key this wallet does not hold (imported without
    /// its key): it verifies, but it cannot be presented where holder binding is asked for.
    public let isViewOnly: Bool
}

/// A credential as a list shows it: read from the encrypted metadata alone, without the
/// credential bytes, so listing stays fast however many the wallet holds.
public struct CredentialSummary: Sendable, Hashable, Identifiable {
    /// The wallet's id for the credential.
    public let id: String
    /// The format.
    public let format: CredentialFormat
    /// The `vct` or `docType`.
    public let credentialType: String?
    /// The issuer identifier (`iss` or `credential_issuer`).
    public let issuer: String?
    /// The issuer's name to show (its display name, else its certificate's common name).
    public let issuerName: String?
    /// The credential's display name.
    public let displayName: String?
    /// When it is valid.
    public let validity: CredentialValidity
    /// The status found by the latest verification (at issuance or a later read).
    public let lastStatus: String?
    /// Whether the latest verification passed.
    public let lastVerified: Bool?
    /// When the latest verification ran.
    public let lastCheckedAt: Date?
    /// The holder key it is bound to.
    public let holderKeyID: String?
    /// When the wallet stored it.
    public let storedAt: Date

    /// The state to show without verifying again: `expired` or `not-yet-valid` by the dates
    /// at `time`, else the latest status (`valid`, `revoked`, `suspended`, `unknown`, …).
    public func state(at time: Date) -> String {
        if validity.isExpired(at: time) { return "expired" }
        if validity.isNotYetValid(at: time) { return "not-yet-valid" }
        return lastStatus ?? "unchecked"
    }
}

/// What ``CredentialWallet/searchCredentials(_:)`` matches; every given member must match.
public struct CredentialQuery: Sendable, Hashable {
    /// Only this format.
    public var format: CredentialFormat?
    /// Only this `vct` or `docType` (exact).
    public var credentialType: String?
    /// Only this issuer (exact identifier, or case-insensitive part of its name).
    public var issuer: String?
    /// Text found (case-insensitively) in the display name, issuer name or type.
    public var text: String?

    /// A query; no member means every credential.
    public init(format: CredentialFormat? = nil, credentialType: String? = nil, issuer: String? = nil, text: String? = nil) {
        self.format = format
        self.credentialType = credentialType
        self.issuer = issuer
        self.text = text
    }

    func matches(_ summary: CredentialSummary) -> Bool {
        if let format, summary.format != format { return false }
        if let credentialType, summary.credentialType != credentialType { return false }
        if let issuer, summary.issuer != issuer, !(summary.issuerName.map { Self.contains($0, issuer) } ?? false) {
            return false
        }
        if let text, !text.isEmpty {
            let fields = [summary.displayName, summary.issuerName, summary.credentialType, summary.issuer]
            guard fields.contains(where: { $0.map { Self.contains($0, text) } ?? false }) else { return false }
        }
        return true
    }

    private static func contains(_ haystack: String, _ needle: String) -> Bool {
        haystack.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}

import Foundation

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

import Foundation

// The seed SDK's spellings of the holder API (seed 004, Sphereon's `Oid4vpHolder`), kept so
// code written against it reads the same here. Each forwards to the Swift-named API; new
// code uses that one.

/// ``OpenID4VPHolder`` under the Sphereon IDK's name.
public typealias Oid4vpHolder = OpenID4VPHolder

/// ``WalletConfiguration`` under the Sphereon IDK's name.
public typealias WalletConfig = WalletConfiguration

extension OpenID4VPHolder {
    /// ``parseAuthorizationRequest(requestURI:walletConfiguration:)`` under the Sphereon IDK's
    /// argument labels.
    public func parseAuthorizationRequest(
        requestUri: String, walletConfig: WalletConfiguration
    ) async throws(OpenID4VPError) -> ParsedAuthorizationRequest {
        try await parseAuthorizationRequest(requestURI: requestUri, walletConfiguration: walletConfig)
    }
}

extension VerifierInfo {
    /// ``clientID`` under the Sphereon IDK's name.
    public var clientId: String { clientID }
    /// ``clientIDScheme`` under the Sphereon IDK's name.
    public var clientIdScheme: String { clientIDScheme }
    /// ``clientIDValid`` under the Sphereon IDK's name.
    public var clientIdValid: Bool { clientIDValid }
    /// ``clientIDValidationErrors`` under the Sphereon IDK's name.
    public var clientIdValidationErrors: [String] { clientIDValidationErrors }
    /// ``logoURI`` under the Sphereon IDK's name.
    public var logoUri: String? { logoURI }
}

extension SelectedCredential {
    /// ``credentialQueryID`` under the Sphereon IDK's name.
    public var credentialQueryId: String { credentialQueryID }
    /// ``credentialID`` under the Sphereon IDK's name.
    public var credentialId: String { credentialID }
}

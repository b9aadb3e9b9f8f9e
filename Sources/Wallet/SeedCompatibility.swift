import Foundation

// The seed SDKs' spellings of the wallet API, kept so code written against the MATTR
// holder SDK (seed 003) reads the same here. Each forwards to the Swift-named API; new code
// uses that one.

extension CredentialWallet {
    /// ``retrieveCredentials(from:clientID:redirectURI:trustingPublishedIACAs:options:)``
    /// under the MATTR SDK's name and argument labels.
    public func retrieveCredentials(
        credentialOffer: DiscoveredCredentialOffer, clientId: String? = nil, redirectUri: URL? = nil,
        autoTrustMobileCredentialIaca: Bool = false, options: CredentialRetrievalOptions = CredentialRetrievalOptions()
    ) async throws(RetrieveCredentialError) -> [RetrieveCredentialResult] {
        try await retrieveCredentials(
            from: credentialOffer, clientID: clientId, redirectURI: redirectUri,
            trustingPublishedIACAs: autoTrustMobileCredentialIaca, options: options)
    }

    /// ``credential(id:)`` under the MATTR SDK's name.
    public func getCredential(credentialId: String) async throws(WalletError) -> WalletCredential {
        try await credential(id: credentialId)
    }
}

extension RetrieveCredentialResult {
    /// The first stored credential's id: the MATTR SDK's `credentialId`
    /// (``credentialIDs`` holds every one of a batch).
    public var credentialId: String? { credentialIDs.first }
}

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
    ) async throws(WalletError) -> [RetrieveCredentialResult] {
        try await retrieveCredentials(
            from: credentialOffer, clientID: clientId, redirectURI: redirectUri,
            trustingPublishedIACAs: autoTrustMobileCredentialIaca, options: options)
    }

    /// ``credential(id:)`` under the MATTR SDK's name.
    public func getCredential(credentialId: String) async throws(WalletError) -> VerifiedCredential {
        try await credential(id: credentialId)
    }
}

extension RetrieveCredentialResult {
    /// The first stored credential's id: the MATTR SDK's `credentialId`
    /// (``credentialIDs`` holds every one of a batch).
    public var credentialId: String? { credentialIDs.first }
}

// Seed 002 (the Aries holder SDK) names its state objects `Credential` and `DisclosedProof`.
// `Credential` is AnonCreds' credential in Swift, so the seed's is ``AriesCredential`` here;
// ``DisclosedProof`` keeps its name. Both are ``AriesStateObject``s the wallet keeps, and the
// seed's calls are the wallet's: `credentialCreateWithOffer` is
// ``CredentialWallet/createAriesCredential(sourceID:offer:connectionID:)``, `credentialSendRequest`
// ``CredentialWallet/sendAriesCredentialRequest(id:returnRoute:)``, `credentialUpdateState` and
// `credentialUpdateStateWithMessage` the two ``CredentialWallet/updateAriesCredentialState(id:polling:)``,
// `credentialReject` ``CredentialWallet/rejectAriesCredential(id:comment:)``, `deleteCredential`
// ``CredentialWallet/deleteAriesCredential(id:)``, `fetchPublicEntities`
// ``CredentialWallet/fetchPublicEntities()``; `credentialSerialize` / `credentialDeserialize`
// are ``AriesStateObject/serialize()`` and ``AriesStateObject/init(serialized:)``.

// Earlier Vellum names of the credential's lifecycle stages (offered → received → stored →
// verified), kept so code written against them still compiles, with a warning naming the
// new one.

/// A stored credential read back and verified: now ``VerifiedCredential``.
@available(*, deprecated, renamed: "VerifiedCredential")
public typealias WalletCredential = VerifiedCredential

/// The issuer of a verified credential: now ``VerifiedCredential/Issuer``.
@available(*, deprecated, renamed: "VerifiedCredential.Issuer")
public typealias CredentialIssuerInfo = VerifiedCredential.Issuer

/// The issuer's display information as received: now ``ReceivedCredential/IssuerDisplay``.
@available(*, deprecated, renamed: "ReceivedCredential.IssuerDisplay")
public typealias IssuerDisplayInfo = ReceivedCredential.IssuerDisplay

/// A credential to store: now ``StoredCredential/Draft``.
@available(*, deprecated, renamed: "StoredCredential.Draft")
public typealias NewCredential = StoredCredential.Draft

/// A stored credential's list entry: now ``CredentialSummary``, which the store and the
/// wallet both return.
@available(*, deprecated, renamed: "CredentialSummary")
public typealias StoredCredentialSummary = CredentialSummary

// The seed SDKs' error names: one ``WalletError`` now carries each as a nested reason.

/// The MATTR SDK's `RetrieveCredentialError`: ``WalletError/Retrieval`` (thrown as
/// ``WalletError/retrievalFailed(_:)``, and in each ``RetrieveCredentialResult/error``).
public typealias RetrieveCredentialError = WalletError.Retrieval

/// Why a credential was not stored: ``WalletError/Rejection`` (thrown as
/// ``WalletError/credentialRejected(_:)``).
@available(*, deprecated, renamed: "WalletError.Rejection")
public typealias CredentialRejection = WalletError.Rejection

/// Why a presentation request could not be answered: ``WalletError/Presentation`` (thrown as
/// ``WalletError/presentationFailed(_:)``).
@available(*, deprecated, renamed: "WalletError.Presentation")
public typealias PresentationError = WalletError.Presentation

import Foundation

/// A credential as the wallet holds it: the issuer-signed bytes, verbatim, and what the
/// wallet learned about it when it was received.
///
/// The payload is kept exactly as issued (a compact SD-JWT with all disclosures, an mdoc
/// `IssuerSigned` CBOR), so verification can be re-run on every read and presentation can
/// disclose from the original.
public struct StoredCredential: Sendable, Hashable, Identifiable {
    /// The wallet's id for the credential.
    public let id: String
    /// The credential format.
    public let format: CredentialFormat
    /// The issuer-signed bytes.
    public let payload: Data
    /// Display, issuer and validity information.
    public var metadata: CredentialMetadata
    /// The id of the holder key the credential is bound to, if any (see ``SecureArea``).
    public let holderKeyID: String?
    /// When the credential was stored.
    public let createdAt: Date
    /// When the credential's metadata last changed.
    public var updatedAt: Date
}

extension StoredCredential {
    /// A credential to store, before the store gives it an id and dates: what
    /// ``WalletStore/addCredential(_:)`` takes.
    public struct Draft: Sendable, Hashable {
        /// The id to store it under; a random UUID when nil.
        public var id: String?
        /// The credential format.
        public var format: CredentialFormat
        /// The issuer-signed bytes, verbatim.
        public var payload: Data
        /// Display, issuer and validity information.
        public var metadata: CredentialMetadata
        /// The holder key the credential is bound to; must already be in the wallet.
        public var holderKeyID: String?

        /// Describes a credential to store.
        public init(
            id: String? = nil, format: CredentialFormat, payload: Data,
            metadata: CredentialMetadata = CredentialMetadata(), holderKeyID: String? = nil
        ) {
            self.id = id
            self.format = format
            self.payload = payload
            self.metadata = metadata
            self.holderKeyID = holderKeyID
        }
    }
}

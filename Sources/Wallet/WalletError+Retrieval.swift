extension WalletError {
    /// Why an offered credential was not stored (the MATTR SDK's four kinds, with the detail a
    /// user or a log needs), or why a whole claim was not (``interrupted(_:)``).
    ///
    /// Each ``RetrieveCredentialResult`` carries one for its credential; a claim that fails as
    /// a whole throws it as ``WalletError/retrievalFailed(_:)``.
    public enum Retrieval: Error, Sendable, Equatable, CustomStringConvertible {
        /// The credential chains to no trusted issuer certificate (and none could be, or was
        /// allowed to be, fetched from the issuer's `mdoc_iacas_uri`).
        case certificateNotFound(String)
        /// The issuer could not be reached, or the connection failed.
        case connectivityError(String)
        /// The credential arrived but failed validation; nothing of it was stored.
        case credentialNotAdded(Rejection)
        /// Any other failure: the issuer refused, answered nonsense, or the wallet could not
        /// make a key or a proof, or keep what arrived.
        case failedToRetrieveCredential(String)
        /// The claim was cancelled (its task, or the process by a signal) before it was
        /// committed, and rolled back: none of its credentials, holder keys or provisionally
        /// trusted certificates was kept.
        case interrupted(String)

        public var description: String {
            switch self {
            case .certificateNotFound(let detail): "certificate not found: \(detail)"
            case .connectivityError(let detail): "connectivity error: \(detail)"
            case .credentialNotAdded(let rejection): rejection.description
            case .failedToRetrieveCredential(let detail): "failed to retrieve credential: \(detail)"
            case .interrupted(let detail): "interrupted: \(detail)"
            }
        }
    }
}

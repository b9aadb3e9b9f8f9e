import Foundation

/// What an opened envelope gives: the plaintext and who it was for and from.
public struct UnpackedMessage: Sendable, Hashable {
    /// The plaintext message's bytes (a DIDComm message's JSON, or a nested envelope).
    public var message: Data
    /// Our verkey the envelope was opened with.
    public var recipient: Verkey
    /// The authenticated sender (authcrypt), or `nil` (anoncrypt). Authenticated means the
    /// content key's box was made with this verkey's secret; whether that sender is the party
    /// a connection expects is the caller's check.
    public var sender: Verkey?
}

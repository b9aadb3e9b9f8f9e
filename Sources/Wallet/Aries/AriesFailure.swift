import AnonCredsLedger
import Aries
import DIDComm

/// Why an Aries invitation, connection or exchange did not go on (thrown as
/// ``WalletError/ariesFailed(_:)``), in terms a caller can act on.
///
/// Every refusal of a message the peer sent is told to the peer first — a problem report on
/// the exchange's thread (or, for an envelope that does not open, on the connection) — and
/// stores nothing: no credential, no answered nonce, no state object for a refused offer.
public enum AriesFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The invitation link does not read, or asks for what this wallet does not do.
    case invitation(DIDCommError)
    /// The peer could not be reached, answered what is not an envelope, or sent an envelope
    /// that does not open (a flipped bit fails its authentication).
    case transport(DIDCommError)
    /// The exchange refused a message (a bad key correctness proof, a tampered credential, a
    /// credential for another definition …) or the peer abandoned it; the problem report was sent.
    case refused(AriesError)
    /// A schema or credential definition the exchange needs could not be resolved.
    case ledger(AnonCredsRegistryError)
    /// The state object is not in a state where the operation applies.
    case wrongState(String)

    public var description: String {
        switch self {
        case .invitation(let error): "the invitation: \(error)"
        case .transport(let error): "DIDComm: \(error)"
        case .refused(let error): "refused: \(error)"
        case .ledger(let error): "ledger: \(error)"
        case .wrongState(let reason): reason
        }
    }
}

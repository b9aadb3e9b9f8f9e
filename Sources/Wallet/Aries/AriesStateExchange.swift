import Aries
import DIDComm

/// What the wallet needs of an Aries exchange to keep it as a state object: its thread, its
/// libvcx state, the report to send after a refusal, and rejection. ``CredentialExchange`` and
/// ``ProofExchange`` are the two.
public protocol AriesStateExchange: SerializedExchange {
    /// The state as libvcx numbers it (3 offer or request received, 2 request or
    /// presentation sent, 4 accepted, 9 rejected, 0 abandoned otherwise).
    var vcxState: Int { get }
    /// The thread every message of the exchange carries.
    var thread: ExchangeThread { get }
    /// The message that began the exchange (the offer, or the presentation request), as read.
    var firstMessage: FormattedMessage { get }
    /// The problem report to send, after a refusal or a rejection.
    var problemReport: DIDCommMessage? { get }
    /// Rejects the exchange: the problem report to send, `comment` its explanation.
    mutating func reject(comment: String?) throws(AriesError) -> DIDCommMessage
    /// What the wallet's store calls a record of this kind (`credential`, `proof`).
    static var recordKindName: String { get }
}

extension CredentialExchange: AriesStateExchange {
    public var firstMessage: FormattedMessage { offer }
    public static var recordKindName: String { "credential" }
}

extension ProofExchange: AriesStateExchange {
    public var firstMessage: FormattedMessage { request }
    public static var recordKindName: String { "proof" }
}

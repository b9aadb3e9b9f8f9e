import Foundation

/// Why a DIDComm envelope, message or invitation was refused.
///
/// The cases separate what a caller does next: a malformed or oversized input is the peer's
/// fault (answer with a problem report where a thread exists), ``notARecipient`` means the
/// envelope was meant for someone else (a routing mistake, not an attack), and the
/// authentication cases mean the bytes were altered or forged and nothing of them may be used.
public enum DIDCommError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is larger than the limit that applies to it.
    case tooLarge(what: String, size: Int, limit: Int)
    /// The envelope names more recipients than ``EnvelopeLimits/maximumRecipients``.
    case tooManyRecipients(count: Int, limit: Int)
    /// The envelope is not the RFC 0019 JSON form (a member missing, of the wrong type, bad
    /// base64url, a nonce or tag of the wrong length, a recipient named twice).
    case malformedEnvelope(reason: String)
    /// The protected header names an `alg`, `enc` or `typ` this implementation does not read.
    case unsupportedEnvelope(reason: String)
    /// None of the recipients' `kid`s is one of the keys the envelope was unpacked with.
    case notARecipient(kids: [String])
    /// The content key's box (or sealed box) for our key does not open: altered or forged.
    case contentKeyNotDecrypted
    /// An authcrypt envelope's sender does not open or is not an Ed25519 verkey.
    case senderNotAuthenticated(reason: String)
    /// The payload's ChaCha20-Poly1305 tag does not verify: the ciphertext, iv, tag or
    /// protected header was altered.
    case payloadNotAuthenticated
    /// A verkey is not a 32-byte Ed25519 public key in base58, or a key is not Ed25519.
    case invalidKey(reason: String)
    /// A DIDComm message is not one this implementation reads (see the reason).
    case malformedMessage(reason: String)
    /// An invitation URL or its content is not one this implementation reads.
    case malformedInvitation(reason: String)
    /// A signature (a signed DIDDoc attachment) does not verify against the key it must be made with.
    case signatureNotVerified(reason: String)
    /// The peer answered in a way the protocol does not allow at this point (a problem report,
    /// an unexpected message type, an HTTP failure).
    case protocolFailure(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let what, let size, let limit): "\(what) of \(size) bytes exceeds the limit of \(limit)"
        case .tooManyRecipients(let count, let limit): "envelope names \(count) recipients, more than \(limit)"
        case .malformedEnvelope(let reason): "malformed DIDComm envelope: \(reason)"
        case .unsupportedEnvelope(let reason): "unsupported DIDComm envelope: \(reason)"
        case .notARecipient(let kids): "none of our keys is a recipient (kids: \(kids.joined(separator: ", ")))"
        case .contentKeyNotDecrypted: "the content key does not decrypt for our key"
        case .senderNotAuthenticated(let reason): "authcrypt sender not authenticated: \(reason)"
        case .payloadNotAuthenticated: "the payload's authentication tag does not verify"
        case .invalidKey(let reason): "invalid key: \(reason)"
        case .malformedMessage(let reason): "malformed DIDComm message: \(reason)"
        case .malformedInvitation(let reason): "malformed invitation: \(reason)"
        case .signatureNotVerified(let reason): "signature not verified: \(reason)"
        case .protocolFailure(let reason): "protocol failure: \(reason)"
        }
    }
}

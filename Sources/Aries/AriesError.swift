import AnonCreds
import DIDComm

/// Why an Aries exchange refused a message or could not go on.
///
/// Every case is something the holder tells the peer about: the exchange that throws it also
/// makes the problem report to send (``CredentialExchange/problemReport``,
/// ``ProofExchange/problemReport``), so a refusal is never silent. The cases separate what a
/// caller shows: a malformed message is the peer's bug, a refused credential or proof is a
/// forgery or a mismatch, an unsupported format or definition is a limit of this holder.
public enum AriesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message is not one this protocol reads (a member missing or of the wrong type, a
    /// `formats` entry naming no attachment, an attachment that does not decode).
    case malformedMessage(reason: String)
    /// None of the offered or requested attachment formats is one this holder reads (or the
    /// caller supplied no holder for it).
    case unsupportedFormat(String)
    /// The message is of the wrong type, on another thread, or not expected in this state.
    case unexpectedMessage(reason: String)
    /// The AnonCreds work refused: a bad key correctness proof, a tampered credential, a
    /// credential for another definition than offered, a proof that cannot be made.
    case anonCreds(AnonCredsError)
    /// A W3C credential was refused: its proof does not verify, or it is not the credential the
    /// request described (issuer, subject, members, proof options).
    case credentialRefused(reason: String)
    /// A presentation definition asks for something this holder does not evaluate (a JSONPath
    /// outside the definite subset, a filter keyword, `limit_disclosure`, nested requirements).
    case unsupportedDefinition(reason: String)
    /// No stored credential answers the request.
    case presentationNotPossible(reason: String)
    /// Signing the presentation failed.
    case signingFailed(reason: String)
    /// The peer abandoned the exchange with a problem report.
    case abandonedByPeer(code: String, explanation: String?)
    /// A serialized exchange does not read back (another version, or damaged).
    case malformedState(reason: String)

    public var description: String {
        switch self {
        case .malformedMessage(let reason): "malformed Aries message: \(reason)"
        case .unsupportedFormat(let format): "unsupported attachment format: \(format)"
        case .unexpectedMessage(let reason): "unexpected message: \(reason)"
        case .anonCreds(let error): "AnonCreds: \(error)"
        case .credentialRefused(let reason): "credential refused: \(reason)"
        case .unsupportedDefinition(let reason): "unsupported presentation definition: \(reason)"
        case .presentationNotPossible(let reason): "cannot present: \(reason)"
        case .signingFailed(let reason): "signing failed: \(reason)"
        case .abandonedByPeer(let code, let explanation): "the peer abandoned the exchange: \(code)\(explanation.map { " (\($0))" } ?? "")"
        case .malformedState(let reason): "serialized exchange not readable: \(reason)"
        }
    }

    /// A DIDComm reading failure as the message failure it is.
    init(_ error: DIDCommError) {
        self = .malformedMessage(reason: error.description)
    }
}

import Foundation
import QRExchange

/// Why a wallet operation failed, in terms a caller can act on.
///
/// The cases separate what the user can fix (a wrong passphrase, an unknown credential id)
/// from what means the wallet file was tampered with or damaged (``corruptedRecord(table:id:)``),
/// and from plain storage failures (disk full, file locked), so an app can prompt again,
/// show "not found", or warn that the wallet cannot be trusted. What the holder's exchanges
/// can end in has its own nested reasons: a credential refused (``Rejection``), a claim that
/// failed (``Retrieval``), a request that could not be answered (``Presentation``).
public enum WalletError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No wallet exists in the directory; create one first.
    case walletNotFound(path: String)
    /// A wallet already exists in the directory; open it instead of creating another.
    case walletAlreadyExists(path: String)
    /// The passphrase did not unwrap the wallet's data key. Nothing was changed.
    case wrongPassphrase
    /// The passphrase is unusable (empty or over the length limit); the text says which.
    case invalidPassphrase(reason: String)
    /// The key-derivation parameters are unknown, too weak, or too costly to run.
    case unsupportedKeyDerivation(String)
    /// The wallet file was written by a newer version of Vellum (unknown migrations).
    case newerSchema
    /// A record failed authentication or decoding: the file was altered or damaged.
    case corruptedRecord(table: String, id: String)
    /// No record of `kind` (`credential`, `key`, `certificate`) has this id.
    case notFound(kind: String, id: String)
    /// A record of `kind` with this id already exists.
    case duplicate(kind: String, id: String)
    /// An input exceeds a limit (`field` names it, `limit` is in bytes or items).
    case inputTooLarge(field: String, limit: Int)
    /// An input is malformed; the text says how.
    case invalidInput(String)
    /// A certificate could not be parsed as DER or PEM.
    case invalidCertificate(reason: String)
    /// The key is still used by a stored credential or a holder DID and cannot be deleted first.
    case keyInUse(keyID: String)
    /// The secure area cannot do what was asked (unsupported curve, hardware absent).
    case secureAreaUnavailable(String)
    /// A cryptographic primitive failed unexpectedly (not an authentication failure).
    case cryptoFailure(String)
    /// SQLite reported an error (disk full, file locked, not a database).
    case storage(String)
    /// A received or imported credential was not stored; the rejection says why.
    case credentialRejected(Rejection)
    /// Retrieving an offer's credentials failed as a whole; the reason says how.
    case retrievalFailed(Retrieval)
    /// A presentation request could not be answered; the reason says why.
    case presentationFailed(Presentation)
    /// A scanned exchange (a Credible-style offer or request, a VC-API exchange) failed before
    /// or while talking to its server; nothing was stored.
    case exchangeFailed(QRExchangeError)
    /// An Aries invitation, connection or exchange failed or refused a message; a refusal was
    /// told to the peer with a problem report on the thread, and nothing was stored.
    case ariesFailed(AriesFailure)

    /// A message for a log, naming the record or limit involved.
    public var description: String {
        switch self {
        case .walletNotFound(let path): return "no wallet at \(path)"
        case .walletAlreadyExists(let path): return "a wallet already exists at \(path)"
        case .wrongPassphrase: return "wrong passphrase"
        case .invalidPassphrase(let reason): return "invalid passphrase: \(reason)"
        case .unsupportedKeyDerivation(let reason): return "unsupported key derivation: \(reason)"
        case .newerSchema: return "the wallet was written by a newer version"
        case .corruptedRecord(let table, let id): return "record \(id) in \(table) failed authentication"
        case .notFound(let kind, let id): return "no \(kind) with id \(id)"
        case .duplicate(let kind, let id): return "a \(kind) with id \(id) already exists"
        case .inputTooLarge(let field, let limit): return "\(field) exceeds the limit of \(limit)"
        case .invalidInput(let reason): return "invalid input: \(reason)"
        case .invalidCertificate(let reason): return "invalid certificate: \(reason)"
        case .keyInUse(let keyID): return "key \(keyID) is still bound to a stored credential or a holder DID"
        case .secureAreaUnavailable(let reason): return "secure area unavailable: \(reason)"
        case .cryptoFailure(let reason): return "cryptographic failure: \(reason)"
        case .storage(let reason): return "storage error: \(reason)"
        case .credentialRejected(let rejection): return rejection.description
        case .retrievalFailed(let reason): return reason.description
        case .presentationFailed(let reason): return reason.description
        case .exchangeFailed(let reason): return reason.description
        case .ariesFailed(let reason): return reason.description
        }
    }
}

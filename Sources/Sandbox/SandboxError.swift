import Foundation

/// Why the sandbox could not do what its owner asked (start, make an offer, change a status).
///
/// Protocol failures a wallet causes are not errors of this type: they become OAuth and
/// OpenID4VCI error responses on the wire, which is what a wallet under test must see.
public enum SandboxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The HTTP server could not bind or stopped before it reported its port.
    case serverFailed(String)
    /// The issuer is not running, so it has no base URL yet.
    case notRunning
    /// A credential configuration id the sandbox does not issue.
    case unknownCredentialConfiguration(String)
    /// No issued credential has this id or status index.
    case unknownCredential(String)
    /// Making a key, certificate or signature failed.
    case cryptography(String)
    /// A QR code could not be made (text too long for the largest symbol, or libqrencode failed).
    case qrEncodingFailed(String)
    /// The request to the sandbox's own API is not usable (an empty offer, a bad tx_code).
    case invalidRequest(String)
    /// The state directory's file cannot be used (unreadable, not the expected layout, a key
    /// that does not match its certificate); start fresh to replace it.
    case invalidState(String)
    /// The state could not be saved (directory not writable, disk full).
    case stateNotWritten(String)

    public var description: String {
        switch self {
        case let .serverFailed(reason): "the sandbox server failed: \(reason)"
        case .notRunning: "the sandbox issuer is not running"
        case let .unknownCredentialConfiguration(id): "the sandbox does not issue \(id)"
        case let .unknownCredential(id): "no issued credential \(id)"
        case let .cryptography(reason): "sandbox key or certificate failure: \(reason)"
        case let .qrEncodingFailed(reason): "QR encoding failed: \(reason)"
        case let .invalidRequest(reason): "invalid sandbox request: \(reason)"
        case let .invalidState(reason): "the sandbox state is unusable: \(reason)"
        case let .stateNotWritten(reason): "the sandbox state was not saved: \(reason)"
        }
    }
}

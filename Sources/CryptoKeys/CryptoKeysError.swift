/// What went wrong in a CryptoKeys operation, in terms a caller can act on.
///
/// The cases separate "the input is malformed" (reject the message, report the peer) from
/// "this key cannot do that" (a programming or policy error) and "the check failed"
/// (a forgery or corruption), because callers handle those three differently.
public enum CryptoKeysError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Key bytes that do not decode to a key of the expected kind (wrong length, point not
    /// on the curve, scalar out of range, bad DER).
    case invalidKey(reason: String)
    /// A signature whose encoding is malformed (wrong length, non-canonical DER).
    case invalidSignatureEncoding(reason: String)
    /// A well-formed signature that does not fit what it was checked against: no recovery id
    /// rebuilds the expected key, or no curve point has the x-coordinate `r` names.
    case signatureMismatch(reason: String)
    /// The algorithm cannot be used with this key (for example ES256 with an Ed25519 key).
    case algorithmMismatch(algorithm: String, key: String)
    /// The algorithm, curve or operation is not supported by this module.
    case unsupported(String)
    /// A JWK that breaks RFC 7517/7518/8037 (missing or extra member, bad base64url).
    case invalidJWK(reason: String)
    /// Symmetric parameters of the wrong size (key, nonce, IV, tag).
    case invalidParameter(reason: String)
    /// Authenticated decryption or key unwrap failed: the data was altered or the key is wrong.
    case authenticationFailure
    /// Key agreement produced no usable secret (for example a low-order X25519 point).
    case keyAgreementFailure(reason: String)
    /// The underlying crypto library reported an error.
    case backend(String)

    /// A message for a person reading a log; it never contains key material.
    public var description: String {
        switch self {
        case .invalidKey(let reason): return "invalid key: \(reason)"
        case .invalidSignatureEncoding(let reason): return "invalid signature encoding: \(reason)"
        case .signatureMismatch(let reason): return "signature does not match: \(reason)"
        case .algorithmMismatch(let algorithm, let key): return "algorithm \(algorithm) cannot be used with a \(key) key"
        case .unsupported(let what): return "unsupported: \(what)"
        case .invalidJWK(let reason): return "invalid JWK: \(reason)"
        case .invalidParameter(let reason): return "invalid parameter: \(reason)"
        case .authenticationFailure: return "authentication failed"
        case .keyAgreementFailure(let reason): return "key agreement failed: \(reason)"
        case .backend(let message): return "crypto backend error: \(message)"
        }
    }
}

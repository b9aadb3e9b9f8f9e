import AnonCreds

/// Why a schema or credential definition could not be resolved, in terms a caller can act on.
///
/// A registry's answer is untrusted input: whoever serves it (a `~ledger` URL the issuer named,
/// a directory someone else wrote) could hand back another issuer's key under the identifier
/// asked for. So besides "not there" and "could not be read", every refusal that means *the
/// object is not the one its identifier names* is its own case
/// (``identifierMismatch(id:member:expected:found:)``), never folded into a parse error.
public enum AnonCredsRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier is not one of its kind (neither a URI nor the legacy Indy form), or is
    /// longer than ``AnonCredsRegistryLimits/maximumIdentifierBytes``.
    case invalidIdentifier(kind: PublicEntityKind, id: String)
    /// The registry has no object under this identifier (HTTP 404 or 410, no file, no entry).
    case notFound(kind: PublicEntityKind, id: String)
    /// The object resolved is not the one its identifier names: `member` (`issuerId`, `name`,
    /// `version`, `tag`, `schemaId`) says `found` where the identifier says `expected`.
    case identifierMismatch(id: String, member: String, expected: String, found: String)
    /// The identifier names no issuer this version can read (a plain `https` URL, say), and the
    /// ``IdentifierBindingPolicy`` in force requires one.
    case unboundIdentifier(id: String)
    /// The bytes are not the object's JSON (not JSON, wrong shape, an invalid member).
    case malformedObject(id: String, AnonCredsError)
    /// The object's bytes exceed the limit.
    case tooLarge(id: String, limit: Int)
    /// The server answered with a status other than 200, 404 or 410.
    case unexpectedStatus(id: String, status: Int)
    /// The request could not be made or answered (refused address, insecure scheme, timeout,
    /// connection failure); the text is the transport's reason.
    case transport(id: String, reason: String)
    /// A file registry could not read or write its directory; the text says why.
    case storage(String)
    /// A `~ledger` decorator or URL template is not usable; the text says why.
    case invalidLedger(String)

    public var description: String {
        switch self {
        case .invalidIdentifier(let kind, let id): "invalid \(kind) identifier: \(id)"
        case .notFound(let kind, let id): "no \(kind) \(id) in the registry"
        case .identifierMismatch(let id, let member, let expected, let found):
            "the object resolved for \(id) is not the one it names: \(member) is \(found), the identifier says \(expected)"
        case .unboundIdentifier(let id): "\(id) names no issuer the object could be checked against"
        case .malformedObject(let id, let error): "the object resolved for \(id) is malformed: \(error)"
        case .tooLarge(let id, let limit): "the object resolved for \(id) exceeds \(limit) bytes"
        case .unexpectedStatus(let id, let status): "the registry answered HTTP \(status) for \(id)"
        case .transport(let id, let reason): "the registry could not be reached for \(id): \(reason)"
        case .storage(let reason): "registry storage: \(reason)"
        case .invalidLedger(let reason): "unusable ~ledger: \(reason)"
        }
    }
}

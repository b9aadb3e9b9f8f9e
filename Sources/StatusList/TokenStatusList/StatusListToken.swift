import Foundation

/// The two encodings of a status list token and their media types.
public enum StatusListTokenFormat: String, Sendable, Hashable, CaseIterable {
    /// A JWT with `typ: statuslist+jwt` (draft §5.1).
    case jwt
    /// A CWT in a tagged COSE_Sign1 with `typ` (16) `application/statuslist+cwt` (draft §5.2).
    case cwt

    /// The media type for `Accept`, `Content-Type` and the token's `typ`.
    public var mediaType: String {
        switch self {
        case .jwt: return "application/statuslist+jwt"
        case .cwt: return "application/statuslist+cwt"
        }
    }
}

/// The content of a status list token: a ``TokenStatusList`` signed together with the URI it
/// answers for and how long it may be relied on.
///
/// A value returned by ``StatusListTokenVerifier`` has passed every check (signature,
/// `typ`, `sub`, time); one built locally is what an issuer signs with ``signedJWT(signer:)``
/// or ``signedCWT(signer:keyID:)``.
public struct StatusListToken: Sendable, Hashable {
    /// `sub` (CWT 2): the URI of this token; a reference's `uri` must equal it.
    public var subject: String
    /// `iss` (CWT 1), when the token names its issuer.
    public var issuer: String?
    /// `iat` (CWT 6): when the token was issued.
    public var issuedAt: Date
    /// `exp` (CWT 4): after this the token must not be relied on.
    public var expiresAt: Date?
    /// `ttl` (CWT 65534): seconds the token may be cached before a fresh copy should be fetched.
    public var timeToLive: TimeInterval?
    /// `status_list` (CWT 65533): the statuses.
    public var statusList: TokenStatusList

    /// A token with the given claims.
    public init(
        subject: String, issuer: String? = nil, issuedAt: Date, expiresAt: Date? = nil,
        timeToLive: TimeInterval? = nil, statusList: TokenStatusList
    ) {
        self.subject = subject
        self.issuer = issuer
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.timeToLive = timeToLive
        self.statusList = statusList
    }

    /// The status this token gives the referenced token.
    ///
    /// Throws ``StatusListError/subjectMismatch(expected:actual:)`` when the reference names
    /// another list and ``StatusListError/indexOutOfRange(index:count:)`` when its index lies
    /// outside this one.
    public func status(for reference: StatusListReference) throws(StatusListError) -> StatusType {
        guard reference.uri == subject else { throw .subjectMismatch(expected: reference.uri, actual: subject) }
        return try statusList.status(at: reference.index)
    }
}

/// CWT claim keys of a status list token (RFC 8392 §3.1.2 and the draft's requested values).
enum StatusListCWTClaim {
    static let issuer: UInt64 = 1
    static let subject: UInt64 = 2
    static let expiration: UInt64 = 4
    static let notBefore: UInt64 = 5
    static let issuedAt: UInt64 = 6
    static let statusList: UInt64 = 65533
    static let timeToLive: UInt64 = 65534
}

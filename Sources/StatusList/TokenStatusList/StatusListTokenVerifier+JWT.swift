import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

extension StatusListTokenVerifier {
    /// The JWT `typ` of a status list token.
    static let jwtType = "statuslist+jwt"

    /// Verifies a status list token in JWT form (draft §5.1).
    ///
    /// Checks, in order: size; `typ` is `statuslist+jwt`; the resolver's key verifies the
    /// signature with an allowed algorithm; `exp`, `nbf`, `iat` against the clock; `sub` and
    /// `iat` present and `sub` equal to `uri`; `ttl`, when present, a positive number;
    /// `status_list` a valid list within the limits.
    public func verify(jwt: String, uri: String) async throws(StatusListError) -> StatusListToken {
        let limits = policy.limits
        guard jwt.utf8.count <= limits.maximumTokenSize else {
            throw .limitExceeded("token of \(jwt.utf8.count) bytes exceeds \(limits.maximumTokenSize)")
        }
        let joseLimits = JOSELimits(maximumTokenSize: limits.maximumTokenSize)
        let object: JWSObject
        do throws(JOSEError) {
            object = try JWSObject(compact: jwt, limits: joseLimits)
            try object.signatures.first?.header.validateRegisteredMemberTypes()
        } catch {
            throw .jose(error)
        }
        guard let header = object.signatures.first?.header else { throw .malformedToken("no signature") }
        guard Self.isStatusListType(header.type) else { throw .wrongType(header.type) }

        let request = StatusListKeyRequest(
            uri: uri, format: .jwt, keyID: header.keyID.map { Data($0.utf8) },
            certificateChain: header.certificateChain, unverifiedIssuer: Self.unverifiedIssuer(of: object),
            joseHeader: header)
        let key = try await resolveKey(request)

        var required: Set<String> = ["sub", "iat"]
        if policy.requiresExpiration { required.insert("exp") }
        let validator = JWTValidator(
            clock: policy.clock, leeway: policy.leeway, expectedSubject: uri,
            maximumAge: policy.maximumAge, requiredClaims: required)
        let jwsPolicy = JWSPolicy(
            allowedAlgorithms: policy.allowedJWSAlgorithms, limits: joseLimits, requiredType: Self.jwtType)
        let verified: VerifiedJWT
        do throws(JOSEError) {
            verified = try JWT.verify(jwt, key: JWSVerificationKey(key), policy: jwsPolicy, validator: validator)
        } catch {
            throw Self.statusListError(error)
        }
        return try Self.token(from: verified.claims, limits: limits)
    }

    /// Whether a JWT `typ` names a status list token: compared without case and with an
    /// optional `application/` prefix, as RFC 7515 §4.1.9 allows.
    static func isStatusListType(_ type: String?) -> Bool {
        guard var value = type?.lowercased() else { return false }
        if value.hasPrefix("application/") { value.removeFirst("application/".count) }
        return value == jwtType
    }

    /// The `iss` of a not yet verified payload, for the key resolver; `nil` if unreadable.
    static func unverifiedIssuer(of object: JWSObject) -> String? {
        guard let payload = object.encodedPayload, let bytes = try? Base64URL.decode(payload),
            let value = try? JSONValue(parsing: bytes, limits: JSONParser.Limits(maximumDepth: 32))
        else { return nil }
        return value["iss"]?.stringValue
    }

    /// Reads the status list claims of verified JWT claims.
    static func token(from claims: JWTClaims, limits: StatusListLimits) throws(StatusListError) -> StatusListToken {
        guard let subject = claims.subject else { throw .invalidClaims("sub is missing") }
        guard let issuedAt = claims.issuedAt else { throw .invalidClaims("iat is missing") }
        var timeToLive: TimeInterval?
        if let value = claims.additionalClaims["ttl"] {
            guard let seconds = value.doubleValue, seconds.isFinite, seconds > 0 else {
                throw .invalidClaims("ttl is not a positive number")
            }
            timeToLive = seconds
        }
        guard let listValue = claims.additionalClaims["status_list"] else {
            throw .invalidClaims("status_list is missing")
        }
        return StatusListToken(
            subject: subject, issuer: claims.issuer, issuedAt: issuedAt, expiresAt: claims.expiresAt,
            timeToLive: timeToLive, statusList: try TokenStatusList(json: listValue, limits: limits))
    }

    /// Maps the JOSE failures a caller acts on to their own cases; the rest stay wrapped.
    static func statusListError(_ error: JOSEError) -> StatusListError {
        switch error {
        case .invalidSignature: return .invalidSignature
        case .keyNotFound: return .keyNotFound
        case .invalidClaim(let reason): return .invalidClaims(reason)
        case .claimValidation(let failure):
            switch failure {
            case .expired(let expiresAt, let now): return .expired(expiresAt: expiresAt, now: now)
            case .notYetValid, .issuedInFuture: return .notYetValid(failure.description)
            case .tooOld(let issuedAt, let now): return .tooOld(issuedAt: issuedAt, now: now)
            case .subjectMismatch(let expected, let actual): return .subjectMismatch(expected: expected, actual: actual)
            case .missingClaim(let name): return .invalidClaims("\(name) is missing")
            default: return .jose(error)
            }
        default: return .jose(error)
        }
    }
}

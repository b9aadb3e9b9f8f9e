import CryptoKeys
import Foundation
import JSONModel

/// A JWT claims set (RFC 7519 §4) with the registered claims typed and the rest kept as JSON.
///
/// Dates are NumericDates: read from any JSON number (fractions allowed, as RFC 7519 says),
/// always written as whole seconds, because several verifiers reject `1700000000.5`.
public struct JWTClaims: Sendable, Hashable {
    /// `iss`: who issued the token.
    public var issuer: String?
    /// `sub`: whom the token is about.
    public var subject: String?
    /// `aud`: the intended recipients; written as a string when there is exactly one.
    public var audience: [String]?
    /// `exp`: the time from which the token must be refused.
    public var expiresAt: Date?
    /// `nbf`: the time before which the token must be refused.
    public var notBefore: Date?
    /// `iat`: when the token was issued.
    public var issuedAt: Date?
    /// `jti`: a unique identifier for replay detection.
    public var tokenID: String?
    /// `nonce`: the verifier's challenge echoed back (OpenID Connect, key-binding JWTs).
    public var nonce: String?
    /// `cnf`: the confirmation (holder key) object of RFC 7800.
    public var confirmation: JSONObject?
    /// Every other claim, in order.
    public var additionalClaims: JSONObject

    /// Claims with the given registered values.
    public init(
        issuer: String? = nil, subject: String? = nil, audience: [String]? = nil,
        expiresAt: Date? = nil, notBefore: Date? = nil, issuedAt: Date? = nil,
        tokenID: String? = nil, nonce: String? = nil, confirmation: JSONObject? = nil,
        additionalClaims: JSONObject = JSONObject()
    ) {
        self.issuer = issuer
        self.subject = subject
        self.audience = audience
        self.expiresAt = expiresAt
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.tokenID = tokenID
        self.nonce = nonce
        self.confirmation = confirmation
        self.additionalClaims = additionalClaims
    }

    /// Reads a claims set from a JSON object, checking the registered claims' types.
    public init(_ object: JSONObject) throws(JOSEError) {
        try self.init(registeredClaimsOf: object)
        var rest = JSONObject()
        for (name, value) in object where !JWTClaims.registeredNames.contains(name) {
            rest[name] = value
        }
        additionalClaims = rest
    }

    /// Reads only the registered claims of `object`, checking their types, and leaves
    /// ``additionalClaims`` empty: what validating a large claims set needs, without copying
    /// the rest of it.
    package init(registeredClaimsOf object: JSONObject) throws(JOSEError) {
        // One pass picks the registered claims out: a claims set is mostly other claims, and
        // looking each of the nine names up would walk it nine times.
        var found = RegisteredClaimValues()
        for (name, value) in object { found.keep(value, ifRegistered: name) }
        func string(_ value: JSONValue?, _ name: String) throws(JOSEError) -> String? {
            guard let value else { return nil }
            guard let text = value.stringValue else { throw .invalidClaim("\(name) is not a string") }
            return text
        }
        func date(_ value: JSONValue?, _ name: String) throws(JOSEError) -> Date? {
            guard let value else { return nil }
            guard let seconds = value.numberValue?.doubleValue, seconds.isFinite else {
                throw .invalidClaim("\(name) is not a NumericDate")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        issuer = try string(found.iss, "iss")
        subject = try string(found.sub, "sub")
        tokenID = try string(found.jti, "jti")
        nonce = try string(found.nonce, "nonce")
        expiresAt = try date(found.exp, "exp")
        notBefore = try date(found.nbf, "nbf")
        issuedAt = try date(found.iat, "iat")
        switch found.aud {
        case nil: audience = nil
        case .string(let single)?: audience = [single]
        case .array(let list)?:
            let names = list.compactMap(\.stringValue)
            guard names.count == list.count else { throw .invalidClaim("aud is not an array of strings") }
            audience = names
        default: throw .invalidClaim("aud is neither a string nor an array of strings")
        }
        if let value = found.cnf {
            guard let cnf = value.objectValue else { throw .invalidClaim("cnf is not an object") }
            confirmation = cnf
        } else {
            confirmation = nil
        }
        additionalClaims = JSONObject()
    }

    /// Parses a JWT payload: strict JSON (duplicate claims rejected) that is an object.
    public init(json: Data, limits: JOSELimits = .default) throws(JOSEError) {
        try self.init(JSONObject.parsing(json, part: "claims", limits: limits.documentParserLimits))
    }

    /// The claims as a JSON object: registered claims first, then the others.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        if let issuer { object["iss"] = .string(issuer) }
        if let subject { object["sub"] = .string(subject) }
        if let audience {
            object["aud"] = audience.count == 1 ? .string(audience[0]) : .array(audience.map(JSONValue.string))
        }
        if let expiresAt { object["exp"] = JWTClaims.numericDate(expiresAt) }
        if let notBefore { object["nbf"] = JWTClaims.numericDate(notBefore) }
        if let issuedAt { object["iat"] = JWTClaims.numericDate(issuedAt) }
        if let tokenID { object["jti"] = .string(tokenID) }
        if let nonce { object["nonce"] = .string(nonce) }
        if let confirmation { object["cnf"] = .object(confirmation) }
        for (name, value) in additionalClaims where !object.contains(name) {
            object[name] = value
        }
        return object
    }

    /// The claims as compact JSON (`/` unescaped, whole-second dates): a JWT payload.
    public func jsonData() -> Data {
        JSONValue.object(jsonObject).serialized(.compact)
    }

    /// A claim by name, registered or not, as JSON.
    public subscript(name: String) -> JSONValue? {
        jsonObject[name]
    }

    /// The holder key of `cnf.jwk` (RFC 7800 §3.2), if present. Throws when `cnf.jwk` is
    /// present but not a valid public key (malformed, private, or a point off its curve).
    public func confirmationKey() throws(JOSEError) -> JWK? {
        guard let value = confirmation?["jwk"] else { return nil }
        guard value.objectValue != nil else { throw .invalidClaim("cnf.jwk is not an object") }
        let jwk: JWK
        do {
            jwk = try JWK(jsonData: value.serialized(.compact))
        } catch {
            throw .crypto(error)
        }
        guard !jwk.isPrivate else { throw .invalidClaim("cnf.jwk carries private key material") }
        do {
            _ = try jwk.publicKey()
        } catch {
            throw .crypto(error)
        }
        return jwk
    }

    static let registeredNames: Set<String> = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti", "nonce", "cnf"]

    /// A NumericDate: whole seconds since the epoch, rounded down.
    static func numericDate(_ date: Date) -> JSONValue {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.magnitude < 1e15, let whole = Int64(exactly: seconds) else { return .null }
        return .number(JSONNumber(whole))
    }
}

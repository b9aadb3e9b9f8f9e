import JSONModel

/// The values of a claims set's registered claims, unchecked, gathered in one walk over its
/// members for ``JWTClaims/init(registeredClaimsOf:)``.
struct RegisteredClaimValues {
    var iss: JSONValue?
    var sub: JSONValue?
    var aud: JSONValue?
    var exp: JSONValue?
    var nbf: JSONValue?
    var iat: JSONValue?
    var jti: JSONValue?
    var nonce: JSONValue?
    var cnf: JSONValue?

    /// Keeps `value` when `name` is a registered claim. The registered names are ASCII of
    /// three or five bytes, so most names are passed over on their length alone. Swift's
    /// `==` is canonical equivalence, but no other spelling is canonically equivalent to a
    /// run of lower-case ASCII letters, so it matches these names only byte for byte.
    mutating func keep(_ value: JSONValue, ifRegistered name: String) {
        switch name.utf8.count {
        case 3:
            switch name {
            case "iss": iss = value
            case "sub": sub = value
            case "aud": aud = value
            case "exp": exp = value
            case "nbf": nbf = value
            case "iat": iat = value
            case "jti": jti = value
            case "cnf": cnf = value
            default: break
            }
        case 5:
            if name == "nonce" { nonce = value }
        default:
            break
        }
    }
}

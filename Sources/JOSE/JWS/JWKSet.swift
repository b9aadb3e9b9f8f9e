import CryptoKeys
import Foundation
import JSONModel

/// A JWK Set (RFC 7517 §5) used to find the key for a JWS, for example an issuer's
/// published `jwks`.
///
/// A set is refused when it is ambiguous: two keys with the same `kid`, or symmetric and
/// asymmetric keys together (a verifier holding both is one header away from algorithm
/// confusion). Keys are matched by `kid`; a header without `kid` matches only a set of one.
public struct JWKSet: JWSKeyResolver, Sendable {
    /// The keys, as given.
    public let keys: [JWK]

    /// A set of `keys`; throws when the set is ambiguous.
    public init(keys: [JWK]) throws(JOSEError) {
        var seen = Set<String>()
        for key in keys {
            if let kid = key.kid {
                guard seen.insert(kid).inserted else { throw .invalidHeader("JWK set repeats kid \(kid)") }
            }
        }
        let symmetric = keys.filter { $0.kty == .oct }.count
        guard symmetric == 0 || symmetric == keys.count else {
            throw .invalidHeader("JWK set mixes symmetric and asymmetric keys")
        }
        self.keys = keys
    }

    /// Parses `{"keys":[...]}`.
    public init(json: Data, limits: JOSELimits = .default) throws(JOSEError) {
        let object = try JSONObject.parsing(json, part: "JWK set", limits: limits.documentParserLimits)
        guard let list = object["keys"]?.arrayValue else { throw .malformed("JWK set has no keys array") }
        guard list.count <= 1_000 else { throw .limitExceeded("more than 1000 keys") }
        var keys = [JWK]()
        for value in list {
            do {
                keys.append(try JWK(jsonData: value.serialized()))
            } catch {
                throw .crypto(error)
            }
        }
        try self.init(keys: keys)
    }

    /// The verification key for a header: by `kid`, or the only key when the header has
    /// none. Keys marked for encryption or another algorithm are refused by
    /// ``JWSVerificationKey/init(jwk:)``.
    public func verificationKey(for header: JOSEHeader) throws(JOSEError) -> JWSVerificationKey? {
        let match: JWK?
        if let kid = header.keyID {
            match = keys.first { $0.kid == kid }
        } else {
            match = keys.count == 1 ? keys.first : nil
        }
        guard let match else { return nil }
        return try JWSVerificationKey(jwk: match)
    }

    public func key(for header: JOSEHeader) async throws(JOSEError) -> JWSVerificationKey? {
        try verificationKey(for: header)
    }
}

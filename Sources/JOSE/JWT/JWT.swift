import CryptoKeys
import Foundation

/// A JWT whose signature verified and whose claims passed the validator.
public struct VerifiedJWT: Sendable {
    /// The verified header.
    public let header: JOSEHeader
    /// The verified, validated claims.
    public let claims: JWTClaims
}

/// JSON Web Tokens (RFC 7519): claims signed as a compact JWS.
public enum JWT {
    /// Signs `claims` into a compact JWT; `typ` defaults to `JWT` when `header` has none.
    public static func sign(
        _ claims: JWTClaims, header: JOSEHeader = JOSEHeader(), signer: some Signer,
        options: JWS.SigningOptions = JWS.SigningOptions()
    ) async throws(JOSEError) -> String {
        var header = header
        if header.type == nil { header.type = "JWT" }
        return try await JWS.signCompact(payload: claims.jsonData(), header: header, signer: signer, options: options)
    }

    /// Verifies the signature under `policy`, parses the claims, then runs `validator`.
    public static func verify(
        _ token: String, key: JWSVerificationKey, policy: JWSPolicy = .default, validator: JWTValidator
    ) throws(JOSEError) -> VerifiedJWT {
        let verified = try JWSObject(compact: token, limits: policy.limits).verify(key: key, policy: policy)
        return try claims(of: verified, policy: policy, validator: validator)
    }

    /// Verifies with a public key under `policy`, then validates the claims.
    public static func verify(
        _ token: String, key: PublicKey, policy: JWSPolicy = .default, validator: JWTValidator
    ) throws(JOSEError) -> VerifiedJWT {
        try verify(token, key: JWSVerificationKey(key), policy: policy, validator: validator)
    }

    /// Verifies with a key found from the header, then validates the claims.
    public static func verify(
        _ token: String, resolver: some JWSKeyResolver, policy: JWSPolicy = .default, validator: JWTValidator
    ) async throws(JOSEError) -> VerifiedJWT {
        let verified = try await JWSObject(compact: token, limits: policy.limits).verify(resolver: resolver, policy: policy)
        return try claims(of: verified, policy: policy, validator: validator)
    }

    private static func claims(
        of verified: VerifiedJWS, policy: JWSPolicy, validator: JWTValidator
    ) throws(JOSEError) -> VerifiedJWT {
        let claims = try JWTClaims(json: verified.payload, limits: policy.limits)
        try validator.validate(claims)
        return VerifiedJWT(header: verified.header, claims: claims)
    }
}

import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// Credentials issued in-test for the SD-JWT VC rules.
enum VCFixtures {
    /// 2026-02-01, inside the test PKI's and the credentials' validity.
    static let now: TimeInterval = 1_769_904_000

    /// A VC payload: `vct`, `iss`, `iat`, `exp`, a holder `cnf` and two user claims.
    static func claims(
        iss: String? = "https://issuer.example.com", vct: JSONValue? = .string("https://credentials.example.com/pid"),
        nbf: TimeInterval? = nil, exp: TimeInterval = now + 86_400
    ) -> JSONObject {
        var claims = JSONObject()
        if let iss { claims["iss"] = .string(iss) }
        if let vct { claims["vct"] = vct }
        claims["iat"] = .number(JSONNumber(Int64(now - 3_600)))
        claims["exp"] = .number(JSONNumber(Int64(exp)))
        if let nbf { claims["nbf"] = .number(JSONNumber(Int64(nbf))) }
        claims["given_name"] = .string("Erika")
        claims["family_name"] = .string("Mustermann")
        return claims
    }

    /// Issues `claims` with `given_name` (and `extraPaths`) disclosable, bound to the
    /// vector holder key when `bound`.
    static func issue(
        _ claims: JSONObject, header: JOSEHeader = JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt"),
        signer: some Signer, bound: Bool = false, extraPaths: [String] = []
    ) async throws -> SDJWTObject {
        var paths = [try Fixtures.path(#"["given_name"]"#)]
        for name in extraPaths { paths.append(try Fixtures.path("[\"\(name)\"]")) }
        let holder = bound ? try JWK(jsonData: Data(Fixtures.holderJWK.utf8)).publicOnly : nil
        return try await SDJWTBuilder(claims: claims, disclosing: paths, header: header, holderKey: holder)
            .issue(signer: signer)
    }

    /// A VC verifier at `now` (or `time`), with the given key binding policy.
    static func verifier(at time: TimeInterval = now, keyBinding: KeyBindingPolicy = .optional) -> SDJWTVCVerifier {
        SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: keyBinding, clock: Fixtures.clock(time)))
    }
}

/// Runs `body` and expects an ``SDJWTVCError`` matching `matches`.
func expectVCError(
    _ matches: (SDJWTVCError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    await expectError(SDJWTVCError.self, sourceLocation: sourceLocation, matching: matches, body)
}

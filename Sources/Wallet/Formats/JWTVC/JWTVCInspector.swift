import Foundation
import JSONModel
import Multiformats

/// Reads a `jwt_vc_json` credential, which the wallet stores verbatim: its payload gives
/// the type, issuer, dates and subject claims to show, but its signature is not verified by
/// this version, and the result says so (``VerificationFailure/Kind/unverifiableFormat``).
enum JWTVCInspector {
    /// The largest JWT read, in bytes.
    static let maximumBytes = 1 << 20

    static func inspect(_ payload: Data, now: Date) -> CredentialInspection {
        var inspection = CredentialInspection()
        guard payload.count <= maximumBytes, let text = String(data: payload, encoding: .utf8) else {
            inspection.fail(.malformedCredential, "the JWT is not UTF-8 text within \(maximumBytes) bytes")
            return inspection
        }
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = try? Base64URL.decode(String(parts[1])),
              case .object(let claims)? = try? JSONValue(parsing: bytes)
        else {
            inspection.fail(.malformedCredential, "the credential is not a JWT with a JSON payload")
            return inspection
        }
        let credential = claims["vc"]?.objectValue
        inspection.claims = .json(claims)
        inspection.credentialType = credential?["type"]?.arrayValue?.last?.stringValue
        inspection.issuer = claims["iss"]?.stringValue ?? credential?["issuer"]?.stringValue
        inspection.validity = CredentialValidity(
            issuedAt: SDJWTVCInspector.date(claims["iat"]), validFrom: SDJWTVCInspector.date(claims["nbf"]),
            validUntil: SDJWTVCInspector.date(claims["exp"]))
        inspection.fail(.unverifiableFormat, "jwt_vc_json is stored verbatim; its signature is not verified yet")
        inspection.checkDates(at: now)
        inspection.status = .notChecked("jwt_vc_json status is not checked yet")
        return inspection
    }
}

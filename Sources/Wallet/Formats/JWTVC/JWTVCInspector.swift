import Foundation
import JOSE
import JSONModel
import Multiformats
import W3CCredentials

/// Reads a `jwt_vc_json` credential, which the wallet stores verbatim: its payload gives
/// the type, issuer, dates and subject claims to show. When its header's `kid` is a DID URL
/// (or a fragment of the DID `iss` names), the signature and the VC-JWT rules are verified
/// by W3CCredentials' `JOSECredentialVerifier` (the key resolved offline, the signer the
/// issuer); a key named any other way (`x5c`, issuer metadata) is not resolved by this
/// version, and the result says so (``VerificationFailure/Kind/unverifiableFormat``).
enum JWTVCInspector {
    /// The largest JWT read, in bytes.
    static let maximumBytes = 1 << 20

    static func inspect(_ payload: Data, now: Date) async -> CredentialInspection {
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
        let kid = (try? JWSObject(compact: text.trimmingCharacters(in: .whitespacesAndNewlines)))?.signatures.first?.header.keyID
        if let kid, kid.hasPrefix("did:") || (kid.hasPrefix("#") && inspection.issuer?.hasPrefix("did:") == true) {
            do {
                _ = try await JOSECredentialVerifier().verifyCredential(
                    text.trimmingCharacters(in: .whitespacesAndNewlines), policy: JOSECredentialPolicy(forms: [.vcJWT], now: now))
            } catch .signerNotIssuer(let keyDID, let issuer) {
                inspection.fail(.untrustedIssuer, "the JWT is signed by \(keyDID), not its issuer \(issuer ?? "-")")
            } catch .credential(let error) {
                inspection.fail(.malformedCredential, "the VC-JWT's credential: \(error)")
            } catch {
                inspection.fail(.invalidSignature, "the VC-JWT does not verify: \(error)")
            }
        } else {
            inspection.fail(.unverifiableFormat, "jwt_vc_json signed by a key that is not a DID's is stored verbatim; its signature is not verified")
        }
        inspection.checkDates(at: now)
        inspection.status = .notChecked("jwt_vc_json status is not checked yet")
        return inspection
    }
}

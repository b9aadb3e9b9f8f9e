import DID
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

    static func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        let now = context.now
        var inspection = CredentialInspection()
        guard payload.count <= maximumBytes, let text = String(data: payload, encoding: .utf8) else {
            inspection.fail(.malformedCredential, "the JWT is not UTF-8 text within \(maximumBytes) bytes")
            return inspection
        }
        guard let claims = Self.claims(of: payload) else {
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
        // Bound by its subject's DID (not by `cnf`): the key the wallet holds must be that DID's.
        if let holderKey = context.holderKey, Self.confirmationKeyIsAbsent(claims) {
            let subjects: [JSONObject] = subjectIDs(of: claims).map { ["id": .string($0)] }
            if let mismatch = await LDPVCInspector.holderMismatch(
                key: holderKey, subjects: subjects.isEmpty ? [JSONObject()] : subjects, resolver: DIDResolverRegistry.offline()) {
                inspection.fail(.holderKeyMismatch, mismatch)
            }
        }
        return inspection
    }

    static func confirmationKeyIsAbsent(_ claims: JSONObject) -> Bool { claims["cnf"] == nil }

    /// The JWT's payload claims, read without verification; `nil` when it is not a JWT.
    static func claims(of payload: Data) -> JSONObject? {
        guard payload.count <= maximumBytes, let text = String(data: payload, encoding: .utf8) else { return nil }
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = try? Base64URL.decode(String(parts[1])),
              case .object(let claims)? = try? JSONValue(parsing: bytes)
        else { return nil }
        return claims
    }

    /// The subjects' ids: `sub` and each `vc.credentialSubject.id`, once each.
    static func subjectIDs(of claims: JSONObject) -> [String] {
        let subject = claims["vc"]?["credentialSubject"]
        let subjects = subject?.arrayValue ?? [subject].compactMap { $0 }
        var ids = [claims["sub"]?.stringValue].compactMap { $0 }
        for id in subjects.compactMap({ $0["id"]?.stringValue }) where !ids.contains(id) { ids.append(id) }
        return ids
    }
}

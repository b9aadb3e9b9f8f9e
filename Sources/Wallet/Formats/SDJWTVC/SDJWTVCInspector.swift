import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import StatusList
import X509
import X509Trust

/// Verifies a stored or received SD-JWT VC with ``SDJWTVCVerifier``: the `x5c` chain to the
/// wallet's issuer roots, the issuer signature, every Disclosure, the VC rules and times,
/// the `cnf` holder key, and the `status` list.
///
/// Evidence first: the chain is validated on its own so its failure keeps its typed reason
/// (expired root, untrusted root), and that one validation is handed to the key resolver.
/// A chain that is not trusted is not followed by a signature check with its leaf key: a key
/// no trusted chain vouches for proves nothing by verifying, so the credential is reported
/// with the chain's reason alone, its claims as read (unverified) and its status not checked.
enum SDJWTVCInspector {
    static func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        var inspection = CredentialInspection()
        guard let text = String(data: payload, encoding: .utf8) else {
            inspection.fail(.malformedCredential, "the SD-JWT is not UTF-8 text")
            return inspection
        }
        let object: SDJWTObject
        do throws(SDJWTError) {
            object = try SDJWTObject(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            inspection.fail(.malformedCredential, error.description)
            return inspection
        }
        read(unverified: object, into: &inspection)

        guard let header = object.jws.signatures.first?.header, let chain = header.certificateChain, !chain.isEmpty else {
            inspection.fail(.untrustedIssuer, "the credential has no x5c certificate chain to a trusted root")
            inspection.checkDates(at: context.now)
            inspection.status = .notChecked("the issuer is not trusted")
            return inspection
        }
        let leafKey: PublicKey
        var presented: [Certificate] = []
        do {
            for der in chain.prefix(ChainValidator.maximumChainLength) { presented.append(try Certificate(derEncoded: Array(der))) }
            inspection.signer = presented.first
            leafKey = try presented[0].subjectKey.publicKey
        } catch {
            inspection.fail(.malformedCredential, "the x5c certificate chain is unusable: \(error)")
            return inspection
        }

        let anchors = context.anchorStore
        let now = context.now
        let trusted: TrustedChain
        switch await ChainValidator(anchors: anchors).validate(derChain: chain, at: now) {
        case .trusted(let trustedChain):
            trusted = trustedChain
            inspection.anchorFingerprint = ChainJudgement.fingerprint(trustedChain.anchor)
        case .rejected(let error):
            inspection.fail(ChainJudgement.failure(for: error, presented: presented, context: context))
            inspection.checkDates(at: now)
            checkHolderKey(in: inspection.claims.jsonObject, expected: context.holderKey, into: &inspection)
            if inspection.claims.jsonObject?["status"] == nil {
                inspection.status = .none
            } else {
                inspection.status = .notChecked(context.statusResolver == nil ? "status checks are off" : "the issuer is not trusted")
            }
            return inspection
        }

        let verifier = SDJWTVCVerifier(sdJWT: SDJWTVerifier(keyBinding: .forbidden, clock: { now }))
        do throws(SDJWTVCError) {
            // The chain was validated above; the issuer name rule still applies.
            let certificates = X5CIssuerKeyResolver(anchors: anchors, clock: { now }).reusing(trusted, for: chain)
            let verified = try await verifier.verify(object, resolver: SDJWTVCIssuerKeyResolver(certificates: certificates))
            inspection.claims = .json(verified.claims)
        } catch {
            inspection.fail(failure(for: error))
        }
        inspection.checkDates(at: now)
        checkHolderKey(in: inspection.claims.jsonObject, expected: context.holderKey, into: &inspection)

        let statusClaim = inspection.claims.jsonObject?["status"]
        if statusClaim == nil {
            inspection.status = .none
        } else if inspection.statusIsMeaningful, let makeResolver = context.statusResolver {
            inspection.record(await makeResolver(leafKey, chain).status(ofStatusClaim: statusClaim))
        } else if context.statusResolver == nil {
            inspection.status = .notChecked("status checks are off")
        } else {
            inspection.status = .notChecked("the credential did not verify")
        }
        return inspection
    }

    /// Type, issuer, times and claims read before any check, so a failing credential can
    /// still be shown.
    static func read(unverified object: SDJWTObject, into inspection: inout CredentialInspection) {
        var claims: JSONObject?
        if let processed = try? ProcessedSDJWT(unverified: object) {
            claims = processed.claims
        } else if let encoded = object.jws.encodedPayload, let bytes = try? Base64URL.decode(encoded),
                  case .object(let payload)? = try? JSONValue(parsing: bytes) {
            claims = payload
        }
        guard let claims else { return }
        inspection.claims = .json(claims)
        inspection.credentialType = claims["vct"]?.stringValue
        inspection.issuer = claims["iss"]?.stringValue
        inspection.validity = CredentialValidity(
            issuedAt: date(claims["iat"]), validFrom: date(claims["nbf"]), validUntil: date(claims["exp"]))
    }

    static func date(_ value: JSONValue?) -> Date? {
        guard let seconds = value?.doubleValue, seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `cnf.jwk` must be the wallet key the credential was requested for.
    static func checkHolderKey(in claims: JSONObject?, expected: PublicKey?, into inspection: inout CredentialInspection) {
        guard let expected else { return }
        guard let jwk = claims?["cnf"]?["jwk"], jwk.objectValue != nil else {
            inspection.fail(.holderKeyMismatch, "the credential binds no cnf.jwk holder key")
            return
        }
        guard let key = try? JWK(jsonData: jwk.serialized(.compact)).publicKey() else {
            inspection.fail(.holderKeyMismatch, "cnf.jwk is not a usable public key")
            return
        }
        if key != expected {
            inspection.fail(.holderKeyMismatch, "cnf.jwk is not the wallet key the credential was requested for")
        }
    }

    static func failure(for error: SDJWTVCError) -> VerificationFailure {
        switch error {
        case .sdJWT(let inner):
            switch inner {
            case .issuerJWT:
                return VerificationFailure(.invalidSignature, inner.description)
            case .issuerKeyNotFound:
                return VerificationFailure(.untrustedIssuer, inner.description)
            case .malformedDisclosure, .repeatedDisclosure, .duplicateDigest, .unreferencedDisclosure,
                 .disclosureKindMismatch:
                return VerificationFailure(.invalidSignature, "a Disclosure does not match the signed digests: \(inner)")
            case .claimValidation(let failure):
                switch failure {
                case .expired: return VerificationFailure(.expired, failure.description)
                case .notYetValid, .issuedInFuture: return VerificationFailure(.notYetValid, failure.description)
                default: return VerificationFailure(.malformedCredential, failure.description)
                }
            default:
                return VerificationFailure(.malformedCredential, inner.description)
            }
        case .statusRejected(let result):
            return VerificationFailure(.statusUnknown, "status \(result)")
        default:
            return VerificationFailure(.malformedCredential, error.description)
        }
    }
}

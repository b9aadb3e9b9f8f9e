import Foundation
import JSONModel
import OpenDID

/// Verifies a stored Open DID credential as of `context.now`: the evidence it carries (type,
/// issuer, labelled claims, validity) and the judgement, with a typed failure per reason.
///
/// In order: the JSON is an Open DID `VerifiableCredential` (the OpenDID module's strict
/// decoding: members, enumerations, date-times, no duplicate names); the issuer's key is
/// resolved in the trusted DID documents and accepted by ``OpenDIDIssuerPolicy``; then
/// every signature (`proofValue` over the whole credential, each `proofValueList` entry over
/// one claim) is checked by the OpenDID module's `ProofVerifier`, given only the issuer's
/// trusted documents; then the validity window with the wallet's clock skew; then, when the
/// wallet holds a key for it, that the key is one the subject's DID authenticates with.
enum OpenDIDInspector {
    /// The largest credential read, in bytes.
    static let maximumBytes = 1 << 20

    /// What the status of an Open DID credential reads: its data model has no status
    /// reference, so there is nothing to ask.
    static let statusNotSupported = CredentialStatus.notChecked("not supported: an Open DID credential carries no status reference")

    static func inspect(_ payload: Data, context: InspectionContext, policy: OpenDIDIssuerPolicy = .standard) -> CredentialInspection {
        var inspection = CredentialInspection()
        inspection.status = statusNotSupported
        let credential: VerifiableCredential
        let object: JSONObject
        do {
            (credential, object) = try decode(payload)
        } catch {
            inspection.fail(.malformedCredential, "not an Open DID verifiable credential: \(error)")
            return inspection
        }
        inspection.credentialType = credential.credentialSchema.id
        inspection.issuer = credential.issuer.id
        inspection.issuerName = credential.issuer.name
        inspection.claims = .json(labelledClaims(of: credential))
        guard let validFrom = UTCDatetime.date(from: credential.validFrom),
              let validUntil = UTCDatetime.date(from: credential.validUntil)
        else {
            inspection.fail(.malformedCredential, "the validity window is not made of UTC date-times")
            return inspection
        }
        inspection.validity = CredentialValidity(
            issuedAt: UTCDatetime.date(from: credential.issuanceDate), validFrom: validFrom, validUntil: validUntil)

        let evidence = OpenDIDIssuerKeyEvidence(credential: credential, trusted: context.didDocuments)
        if let refusal = policy.judge(evidence) {
            inspection.fail(refusal)
        } else {
            if let document = evidence.document {
                inspection.anchorDIDDocument = TrustedDIDDocument.identifier(did: document.id, versionId: document.versionId)
            }
            let checks = ProofVerifier(documents: evidence.trustedVersions).checks(for: object, kind: .verifiableCredential)
            for check in checks {
                guard let failure = check.failure else { continue }
                inspection.fail(kind(of: failure), "\(check.location): \(failure)")
            }
        }
        inspection.checkDates(at: context.now)
        if let holderKey = context.holderKey,
           let mismatch = OpenDIDHolderBinding.mismatch(
               key: holderKey, subject: credential.credentialSubject.id, documents: context.didDocuments) {
            inspection.fail(mismatch)
        }
        return inspection
    }

    /// The credential and its JSON object, or why the bytes are not one.
    static func decode(_ payload: Data) throws(OpenDIDError) -> (VerifiableCredential, JSONObject) {
        guard payload.count <= maximumBytes else { throw .malformedJSON("over \(maximumBytes) bytes") }
        let credential: VerifiableCredential
        do {
            credential = try VerifiableCredential(from: payload)
        } catch let error as OpenDIDError {
            throw error
        } catch {
            throw .malformedJSON("\(error)")
        }
        guard case .object(let object)? = try? JSONValue(parsing: payload) else {
            throw .typeMismatch(path: "(root)", expected: "VerifiableCredential")
        }
        return (credential, object)
    }

    /// The claims as the wallet shows them: by code (what a presentation selects), each
    /// with its caption (the label) and value, in the credential's order.
    static func labelledClaims(of credential: VerifiableCredential) -> JSONObject {
        var claims = JSONObject()
        for claim in credential.credentialSubject.claims {
            var entry: JSONObject = ["caption": .string(claim.caption), "value": .string(claim.value)]
            if claim.hidesValue { entry["hideValue"] = .bool(true) }
            claims[claim.code] = .object(entry)
        }
        return claims
    }

    /// The wallet's reason for a proof the OpenDID module refused.
    static func kind(of failure: OpenDIDError) -> VerificationFailure.Kind {
        switch failure {
        case .keyNotFound, .keyNotAuthorized: .untrustedIssuer
        case .signatureInvalid, .malformedProofValue, .proofMissing, .proofValueListMismatch, .unsupportedProofType,
             .malformedPublicKey:
            .invalidSignature
        default: .malformedCredential
        }
    }
}

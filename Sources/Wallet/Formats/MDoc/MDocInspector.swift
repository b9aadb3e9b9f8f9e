import CBOR
import CryptoKeys
import Foundation
import MDoc
import StatusList
import X509
import X509Trust

/// Verifies a stored or received mdoc `IssuerSigned` with ``IssuerSignedValidator``: the
/// issuerAuth algorithm and signature, the document signer chain to a trusted IACA (Annex B
/// profiles), docType, every digest, `validityInfo`, the device key, and the MSO `status`.
///
/// The validator stops at its first failure; the dates and the device key are then checked
/// on their own too, so an expired credential under a removed IACA reports both.
enum MDocInspector {
    static func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        var inspection = CredentialInspection()
        let issuerSigned: IssuerSigned
        do throws(MDocError) {
            issuerSigned = try IssuerSigned(decoding: payload)
        } catch {
            inspection.fail(.malformedCredential, error.description)
            return inspection
        }
        let mso = issuerSigned.issuerAuth.mobileSecurityObject
        inspection.credentialType = mso.docType
        inspection.claims = .nameSpaces(issuerSigned.elements)
        inspection.validity = CredentialValidity(
            issuedAt: mso.validityInfo.signed, validFrom: mso.validityInfo.validFrom,
            validUntil: mso.validityInfo.validUntil, expectedUpdate: mso.validityInfo.expectedUpdate)
        guard let signerDER = issuerSigned.issuerAuth.certificateChain.first,
              let signer = try? Certificate(derEncoded: Array(signerDER)),
              let signerKey = try? signer.subjectKey.publicKey
        else {
            inspection.fail(.malformedCredential, "issuerAuth has no usable document signer certificate")
            return inspection
        }
        inspection.signer = signer

        let now = context.now
        let validator = IssuerSignedValidator(trustAnchors: context.anchorStore, clock: { now })
        let report = await validator.validate(issuerSigned, expectedDeviceKey: context.holderKey, at: now)
        if let verified = report.verified, report.isValid {
            inspection.anchorFingerprint = ChainJudgement.fingerprint(verified.documentSignerChain.anchor)
        } else if let error = report.firstFailure {
            let presented = issuerSigned.issuerAuth.certificateChain.prefix(10).compactMap {
                try? Certificate(derEncoded: Array($0))
            }
            inspection.fail(failure(for: error, presented: presented, context: context))
        }
        inspection.checkDates(at: now)
        if let expected = context.holderKey {
            if let bound = try? mso.deviceKeyInfo.deviceKey.publicKey(), bound != expected {
                inspection.fail(.holderKeyMismatch, "the MSO binds another device key than the wallet key requested")
            }
        }

        let chainPassed: Bool
        if case .passed? = report.outcome(of: .certificateChain) { chainPassed = true } else { chainPassed = false }
        let reference: StatusListReference?
        do throws(StatusListError) {
            reference = try mso.statusListReference()
        } catch {
            inspection.record(.unknown(error))
            return inspection
        }
        guard let reference else {
            inspection.status = .none
            return inspection
        }
        if chainPassed, inspection.statusIsMeaningful, let makeResolver = context.statusResolver {
            inspection.record(await makeResolver(signerKey, issuerSigned.issuerAuth.certificateChain).status(of: reference))
        } else if context.statusResolver == nil {
            inspection.status = .notChecked("status checks are off")
        } else {
            inspection.status = .notChecked("the credential did not verify")
        }
        return inspection
    }

    static func failure(for error: MDocError, presented: [Certificate], context: InspectionContext) -> VerificationFailure {
        switch error {
        case .untrustedDocumentSigner(let trustError):
            return ChainJudgement.failure(for: trustError, presented: presented, context: context)
        case .issuerSignatureInvalid, .unsupportedAlgorithm, .cose, .digestMismatch, .missingDigest, .unknownNameSpace,
             .duplicateDigestID, .unsupportedDigestAlgorithm, .missingDocumentSignerCertificate, .docTypeMismatch:
            return VerificationFailure(.invalidSignature, error.description)
        case .expired:
            return VerificationFailure(.expired, error.description)
        case .notYetValid:
            return VerificationFailure(.notYetValid, error.description)
        case .deviceKeyMismatch:
            return VerificationFailure(.holderKeyMismatch, error.description)
        case .statusRejected(let result):
            return VerificationFailure(.statusUnknown, "status \(result)")
        default:
            return VerificationFailure(.malformedCredential, error.description)
        }
    }
}

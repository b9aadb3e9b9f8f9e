import AnonCreds
import CryptoKeys
import Foundation
import JSONModel

/// An AnonCreds credential: kept as an ``AnonCredsRecord`` (the processed credential with its
/// schema and credential definition) and checked again on every verification against the
/// holder's link secret (``AnonCredsHolder/verifyStored(_:definitionID:definition:)``).
///
/// It binds its holder through the link secret, not a key: ``boundKey(of:)`` is `nil` and
/// ``bindsHolder(_:)`` is `false` (a credential without a holder key is not view-only). It is
/// received through the wallet's AnonCreds calls (``CredentialWallet/storeAnonCredsCredential(_:request:offer:schema:definition:)``),
/// not over OpenID4VCI, and proofs are made from it by AnonCreds presentations, not DCQL.
struct AnonCredsPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .anonCreds }
    var protocolIdentifiers: Set<String> { [] }

    func boundKey(of payload: Data) -> PublicKey? { nil }

    func bindsHolder(_ payload: Data) -> Bool { false }

    func attachments(of payload: Data) -> [CredentialAttachment] { (try? AnonCredsRecord(payload: payload))?.attachments ?? [] }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        var inspection = CredentialInspection()
        let record: AnonCredsRecord
        do {
            record = try AnonCredsRecord(payload: payload)
        } catch {
            inspection.fail(.malformedCredential, "not a stored AnonCreds credential: \(error)")
            return inspection
        }
        inspection.credentialType = record.schema.name
        inspection.issuer = record.definition.issuerID
        inspection.claims = .json(record.attributes)
        inspection.status = record.credential.revocationRegistryID == nil
            ? .none : .notChecked("non-revocation is not checked by this version")
        guard record.definition.schemaID == record.credential.schemaID else {
            inspection.fail(.malformedCredential, "the stored schema is not the credential's")
            return inspection
        }
        guard let linkSecret = context.linkSecret else {
            inspection.fail(.holderKeyMismatch, "the wallet holds no link secret for this credential")
            return inspection
        }
        do {
            try AnonCredsHolder(linkSecret: linkSecret).verifyStored(
                record.credential, definitionID: record.credential.credentialDefinitionID, definition: record.definition)
        } catch .signatureInvalid {
            inspection.fail(.invalidSignature, "the CL signature does not hold over the values and the wallet's link secret")
        } catch {
            inspection.fail(.invalidSignature, "the credential does not verify: \(error)")
        }
        return inspection
    }
}

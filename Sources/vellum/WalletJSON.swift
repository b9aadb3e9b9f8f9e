import Foundation
import JSONModel
import Wallet

/// The JSON the wallet subcommands print with `--json`: stable member names for scripts.
enum WalletJSON {
    static func date(_ date: Date?) -> JSONValue {
        guard let date else { return .null }
        return .string(text(date))
    }

    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    static func validity(_ validity: CredentialValidity) -> JSONValue {
        .object([
            "issuedAt": date(validity.issuedAt), "validFrom": date(validity.validFrom),
            "validUntil": date(validity.validUntil),
        ])
    }

    /// The members every credential object begins with: its id, format and type, the type
    /// again under the name its format gives it (`docType`, `vct`).
    static func identity(id: String, format: CredentialFormat, type: String?) -> JSONObject {
        var object: JSONObject = ["id": .string(id), "format": .string(format.rawValue), "type": string(type)]
        switch format {
        case .mdoc: object["docType"] = string(type)
        case .sdJWTVC: object["vct"] = string(type)
        default: break
        }
        return object
    }

    /// One `list --json` entry; an AnonCreds credential's with its identifiers and values under
    /// AnonCreds' own member names.
    static func summary(_ summary: CredentialSummary, at time: Date, anonCreds: AnonCredsCredentialSummary? = nil) -> JSONValue {
        var object = identity(id: summary.id, format: summary.format, type: summary.credentialType)
        object["name"] = string(summary.displayName)
        object["issuer"] = string(summary.issuer)
        object["issuerName"] = string(summary.issuerName)
        object["validity"] = validity(summary.validity)
        object["status"] = .string(summary.state(at: time))
        object["lastCheckedAt"] = date(summary.lastCheckedAt)
        object["storedAt"] = date(summary.storedAt)
        if let anonCreds {
            object["schema_id"] = .string(anonCreds.schemaID)
            object["cred_def_id"] = .string(anonCreds.credentialDefinitionID)
            object["attributes"] = .object(JSONObject(anonCreds.attributes.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        }
        return .object(object)
    }

    static func verification(_ result: VerificationResult) -> JSONValue {
        .object([
            "verified": .bool(result.verified),
            "status": .string(result.status.name),
            "statusDetail": .string(result.status.description),
            "reasons": .array(result.failures.map { .object(["type": .string($0.kind.rawValue), "message": .string($0.message)]) }),
            "checkedAt": date(result.checkedAt),
        ])
    }

    static func certificate(_ certificate: TrustedCertificate) -> JSONValue {
        .object([
            "fingerprint": .string(certificate.fingerprint), "subject": .string(certificate.subject),
            "commonName": string(certificate.subjectCommonName), "notValidAfter": date(certificate.notValidAfter),
            "purposes": .array(TrustPurpose.allCases.filter(certificate.purposes.contains).map { .string($0.rawValue) }),
            "addedAt": date(certificate.addedAt),
        ])
    }

    /// `show --json` / `status --json`.
    static func credential(_ credential: VerifiedCredential) -> JSONValue {
        var object = identity(id: credential.id, format: credential.format, type: credential.credentialType)
        let issuer = credential.issuerInfo
        object["issuer"] = .object([
            "identifier": string(issuer.identifier), "name": string(issuer.displayName),
            "commonName": string(issuer.commonName), "signerSubject": string(issuer.signerSubject),
            "trustedCertificate": string(issuer.trustedCertificateFingerprint),
            "trustedCertificateSubject": string(issuer.trustedCertificate?.subject),
            "trustedDIDDocument": string(issuer.trustedDIDDocument?.id),
            "trusted": .bool(issuer.isTrusted),
        ])
        if let branding = credential.branding {
            object["display"] = .object([
                "name": string(branding.name), "description": string(branding.description),
                "backgroundColor": string(branding.backgroundColor), "textColor": string(branding.textColor),
                "logo": string(branding.logoURI), "locale": string(branding.locale),
            ])
        }
        object["validity"] = validity(credential.validity)
        object["verification"] = verification(credential.verificationResult)
        object["claims"] = credential.claims.jsonValue
        object["holderKeyId"] = string(credential.holderKeyID)
        object["viewOnly"] = .bool(credential.isViewOnly)
        object["storedAt"] = date(credential.storedAt)
        return .object(object)
    }

    static func event(_ event: ActivityEvent) -> JSONValue {
        .object([
            "id": .string(event.id), "kind": .string(event.kind.rawValue), "at": date(event.occurredAt),
            "credentials": .array(event.credentialIDs.map(JSONValue.string)),
            "counterparty": string(event.counterparty), "counterpartyName": string(event.counterpartyName),
            "disclosedClaims": .array(event.disclosedClaims.map(JSONValue.string)),
            "outcome": string(event.outcome),
        ])
    }

    static func print(_ value: JSONValue) {
        Swift.print(value.serializedString(.pretty))
    }
}

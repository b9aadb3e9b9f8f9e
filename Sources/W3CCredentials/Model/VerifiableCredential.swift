import CryptoKeys
import Foundation
import JSONModel

/// A W3C verifiable credential (VC Data Model 1.1 or 2.0), read from JSON with the data
/// model's structural rules checked, the document kept as it arrived — a proof signs those
/// exact members, so nothing here rewrites it.
///
/// The rules checked on reading: `@context` starts with the version's base context, `type`
/// includes `VerifiableCredential`, `issuer` is a URL or an object with an `id`,
/// `credentialSubject` is an object or a non-empty array of objects, `issuanceDate` is present
/// in 1.1, and every date is a date-time (with a time zone in 2.0). Whether the credential is
/// valid *now* is ``checkValidity(at:skew:)``, a separate step with an injected time.
public struct VerifiableCredential: Sendable, Hashable {
    /// The document as received.
    public let json: JSONValue
    /// The data model version, from the first `@context` entry.
    public let version: VCDataModelVersion
    /// The `id`, if any.
    public let id: String?
    /// The types, `VerifiableCredential` among them.
    public let types: [String]
    /// The issuer's URL (`issuer` or `issuer.id`).
    public let issuer: String
    /// The subjects (`credentialSubject`, one object or several).
    public let credentialSubjects: [JSONObject]
    /// VCDM 1.1 `issuanceDate`.
    public let issuanceDate: Date?
    /// VCDM 1.1 `expirationDate`.
    public let expirationDate: Date?
    /// VCDM 2.0 `validFrom`.
    public let validFrom: Date?
    /// VCDM 2.0 `validUntil`.
    public let validUntil: Date?
    /// `credentialStatus` entries, unread (the status list module judges them).
    public let credentialStatus: [JSONObject]
    /// The embedded proofs (`proof`, one object or several).
    public let proofs: [JSONObject]

    /// Reads and checks a credential.
    public init(json: JSONValue) throws(CredentialError) {
        let document = try VCDocument(json, requiredType: "VerifiableCredential")
        self.json = json
        version = document.version
        types = document.types
        id = try document.optionalString("id")
        guard let issuer = try document.identifier("issuer") else { throw .missingMember("issuer") }
        self.issuer = issuer
        switch document.object["credentialSubject"] {
        case nil: throw .missingMember("credentialSubject")
        case let .object(subject)?: credentialSubjects = [subject]
        case let .array(values)?:
            let subjects = values.compactMap(\.objectValue)
            guard !subjects.isEmpty, subjects.count == values.count else {
                throw .invalidMember("credentialSubject", expected: "an object or a non-empty array of objects")
            }
            credentialSubjects = subjects
        default: throw .invalidMember("credentialSubject", expected: "an object or a non-empty array of objects")
        }
        issuanceDate = try document.date("issuanceDate")
        expirationDate = try document.date("expirationDate")
        validFrom = try document.date("validFrom")
        validUntil = try document.date("validUntil")
        if version == .v1_1, issuanceDate == nil { throw .missingMember("issuanceDate") }
        switch document.object["credentialStatus"] {
        case nil: credentialStatus = []
        case let .object(status)?: credentialStatus = [status]
        case let .array(values)? where values.allSatisfy({ $0.objectValue != nil }):
            credentialStatus = values.compactMap(\.objectValue)
        default: throw .invalidMember("credentialStatus", expected: "an object or objects")
        }
        proofs = try document.proofs()
    }

    /// Checks the validity period at `now`: not before `issuanceDate`/`validFrom`, not after
    /// `expirationDate`/`validUntil`, each with `skew` of tolerance.
    public func checkValidity(at now: Date, skew: ClockSkew = .standard) throws(CredentialError) {
        for (name, start) in [("issuanceDate", issuanceDate), ("validFrom", validFrom)] {
            if let start, now.addingTimeInterval(skew.seconds) < start { throw .notYetValid(member: name) }
        }
        for (name, end) in [("expirationDate", expirationDate), ("validUntil", validUntil)] {
            if let end, now.addingTimeInterval(-skew.seconds) > end { throw .expired(member: name) }
        }
    }
}

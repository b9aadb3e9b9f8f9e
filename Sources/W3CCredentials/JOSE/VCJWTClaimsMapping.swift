import Foundation
import JOSE
import JSONModel

/// The VCDM 1.1 §6.3.1 mapping between a credential (or presentation) and the registered
/// claims of its JWT: `iss` ↔ `issuer` (`holder`), `sub` ↔ `credentialSubject.id`, `nbf` ↔
/// `issuanceDate`, `exp` ↔ `expirationDate`, `jti` ↔ `id`.
///
/// The recommendation lets an issuer write each value as the claim "instead of or in addition
/// to" the member. Decoding puts a claim's value into the member it stands for; when both are
/// written they must say the same thing, or the token is refused
/// (``JOSECredentialError/claimConflict(claim:member:)``): a verifier that trusted the claim
/// while a consumer of the document read the member would be judging two different
/// credentials. Dates agree when they name the same second, as a NumericDate cannot say more.
enum VCJWTClaimsMapping {
    /// The document the claims carry, with each registered claim moved into its member.
    static func document(from claims: JWTClaims, kind: W3CDocumentKind) throws(JOSECredentialError) -> JSONValue {
        let claimName = kind == .credential ? "vc" : "vp"
        guard var document = claims.additionalClaims[claimName]?.objectValue else {
            throw .notACredential("the \(claimName) claim is not an object")
        }
        if let jti = claims.tokenID { try merge(.string(jti), claim: "jti", into: &document, member: "id") }
        switch kind {
        case .credential:
            if let iss = claims.issuer { try mergeIdentifier(iss, claim: "iss", into: &document, member: "issuer") }
            if let nbf = claims.notBefore { try mergeDate(nbf, claim: "nbf", into: &document, member: "issuanceDate") }
            if let exp = claims.expiresAt { try mergeDate(exp, claim: "exp", into: &document, member: "expirationDate") }
            if let sub = claims.subject { try mergeSubject(sub, into: &document) }
        case .presentation:
            if let iss = claims.issuer { try mergeIdentifier(iss, claim: "iss", into: &document, member: "holder") }
        }
        return .object(document)
    }

    /// The registered claims for `document` (a credential: `iss`, `sub` for a single subject
    /// with an `id`, `nbf`, `exp`, `jti`; a presentation: `iss` from `holder`, `jti`), with the
    /// document itself, unchanged, in the `vc` or `vp` claim.
    static func claims(for document: JSONObject, kind: W3CDocumentKind) -> JWTClaims {
        var claims = JWTClaims()
        claims.tokenID = document["id"]?.stringValue
        switch kind {
        case .credential:
            claims.issuer = identifier(document["issuer"])
            claims.notBefore = document["issuanceDate"]?.stringValue.flatMap { XSDDateTime.parse($0, requireTimeZone: false) }
            claims.expiresAt = document["expirationDate"]?.stringValue.flatMap { XSDDateTime.parse($0, requireTimeZone: false) }
            claims.subject = document["credentialSubject"]?.objectValue?["id"]?.stringValue
            claims.additionalClaims["vc"] = .object(document)
        case .presentation:
            claims.issuer = identifier(document["holder"])
            claims.additionalClaims["vp"] = .object(document)
        }
        return claims
    }

    /// A URL member or the `id` of an object member (`issuer`, `holder`).
    static func identifier(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?.objectValue?["id"]?.stringValue
    }

    private static func merge(_ value: JSONValue, claim: String, into document: inout JSONObject, member: String) throws(JOSECredentialError) {
        guard let existing = document[member] else {
            document[member] = value
            return
        }
        guard existing == value else { throw .claimConflict(claim: claim, member: member) }
    }

    private static func mergeIdentifier(_ value: String, claim: String, into document: inout JSONObject, member: String) throws(JOSECredentialError) {
        guard let existing = document[member] else {
            document[member] = .string(value)
            return
        }
        guard identifier(existing) == value else { throw .claimConflict(claim: claim, member: member) }
    }

    private static func mergeDate(_ date: Date, claim: String, into document: inout JSONObject, member: String) throws(JOSECredentialError) {
        guard let existing = document[member] else {
            document[member] = .string(DataIntegrityProofOptions.timestamp(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))))
            return
        }
        guard let text = existing.stringValue, let written = XSDDateTime.parse(text, requireTimeZone: false),
            written.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970.rounded(.down)
        else { throw .claimConflict(claim: claim, member: member) }
    }

    /// `sub` names the subject: the only subject's `id` (set when absent), or, with several
    /// subjects, the `id` of one of them.
    private static func mergeSubject(_ sub: String, into document: inout JSONObject) throws(JOSECredentialError) {
        switch document["credentialSubject"] {
        case var .object(subject)?:
            if let id = subject["id"] {
                guard id.stringValue == sub else { throw .claimConflict(claim: "sub", member: "credentialSubject.id") }
            } else {
                subject["id"] = .string(sub)
                document["credentialSubject"] = .object(subject)
            }
        case let .array(subjects)?:
            guard subjects.contains(where: { $0.objectValue?["id"]?.stringValue == sub }) else {
                throw .claimConflict(claim: "sub", member: "credentialSubject.id")
            }
        default:
            // A missing or malformed subject is the data model's error, reported when the
            // document is read.
            return
        }
    }
}

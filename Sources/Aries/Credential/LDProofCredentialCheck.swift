import Foundation
import JSONModel
import W3CCredentials

/// The JSON-LD issuance checks (RFC 0593): the request's detail is the offer's with the
/// holder as subject, and the issued credential is exactly that detail's credential with a
/// proof of the requested type and options that verifies, made by a key of the issuer.
enum LDProofCredentialCheck {
    /// The offer's detail with `credentialSubject.id` set to the holder's did:key; an offer
    /// that names another subject, or whose detail lacks a credential or a `proofType`, is
    /// refused (ACA-Py refuses a request whose detail differs from its offer in anything else).
    static func requestDetail(_ offered: JSONObject, holder: W3CHolder) throws(AriesError) -> JSONObject {
        guard var credential = offered["credential"]?.objectValue else {
            throw .malformedMessage(reason: "the ld-proof-vc-detail has no credential object")
        }
        guard offered["options"]?["proofType"]?.stringValue != nil else {
            throw .malformedMessage(reason: "the ld-proof-vc-detail has no options.proofType")
        }
        var subject: JSONObject
        switch credential["credentialSubject"] {
        case nil: subject = [:]
        case .object(let object)?: subject = object
        default: throw .malformedMessage(reason: "the offered credentialSubject is not one object")
        }
        if let named = subject["id"], named.stringValue != holder.did {
            throw .credentialRefused(reason: "the offer names another subject, \(named.serializedString().prefix(128))")
        }
        subject.updateValue(.string(holder.did), forName: "id")
        credential.updateValue(.object(subject), forName: "credentialSubject")
        var detail = offered
        detail.updateValue(.object(credential), forName: "credential")
        return detail
    }

    /// Checks the issued credential against the request's detail.
    static func check(_ document: JSONValue, detail: JSONObject, holder: W3CHolder, now: Date = Date()) async throws(AriesError) {
        guard var unsecured = document.objectValue, let proofValue = unsecured["proof"] else {
            throw .credentialRefused(reason: "the credential has no proof")
        }
        unsecured["proof"] = nil
        guard unsecured == detail["credential"]?.objectValue else {
            throw .credentialRefused(reason: "the credential is not the one requested")
        }
        guard let proof = proofValue.objectValue else { throw .credentialRefused(reason: "the credential has more than one proof") }
        let options = detail["options"]?.objectValue ?? [:]
        guard proof["type"] == options["proofType"] else {
            throw .credentialRefused(reason: "the proof is not of the requested type \(options["proofType"]?.stringValue ?? "")")
        }
        for name in ["challenge", "domain"] where proof[name] != options[name] {
            throw .credentialRefused(reason: "the proof's \(name) is not the requested one")
        }
        if let created = options["created"], proof["created"] != created {
            throw .credentialRefused(reason: "the proof's created is not the requested one")
        }
        let credential: VerifiableCredential
        do {
            credential = try VerifiableCredential(json: document)
            try credential.checkValidity(at: now)
        } catch {
            throw .credentialRefused(reason: error.description)
        }
        guard credential.credentialSubjects.first?["id"]?.stringValue == holder.did else {
            throw .credentialRefused(reason: "the credential is not about the holder's DID")
        }
        do {
            _ = try await holder.verifier.verify(document, policy: DataIntegrityProofPolicy(now: now), controller: credential.issuer)
        } catch {
            throw .credentialRefused(reason: error.description)
        }
    }
}

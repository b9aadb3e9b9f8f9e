import CryptoKeys
import DID
import Foundation
import JSONModel
import W3CCredentials

/// The W3C credentials the sandbox issues over OpenID4VCI beside the 2.0 diploma: the diploma
/// under VCDM 1.1 with a Linked Data signature, and an employee credential with an
/// ecdsa-sd-2023 base proof, whose claims a holder discloses one by one.
extension SandboxExchangeIssuer {
    /// The employee credential's type.
    static let employeeType = "EmployeeCredential"
    /// The employer's name, as the credential's issuer carries it.
    static let employerName = "Vellum Sandbox Employer"
    /// What every derivation of the employee credential reveals: the issuer, the validity
    /// period and the subject's DID (which a verifier needs to bind the holder).
    static let employeeMandatoryPointers = ["/issuer", "/validFrom", "/validUntil", "/credentialSubject/id"]
    /// The claims those pointers reveal, with the `@context`, `id` and `type` every derivation
    /// carries: what a verifier accepts beside the claims it asked for
    /// (``W3CCredentials/ECDSASelectiveDisclosure/alwaysDisclosedPaths(of:)`` of any employee
    /// credential, written out because a derived proof does not name its pointers).
    static let employeeAlwaysDisclosed: [ClaimPath] = [
        ["@context"], ["id"], ["type"], ["issuer", "id"], ["issuer", "name"], ["validFrom"], ["validUntil"], ["credentialSubject", "id"],
    ].compactMap { try? ClaimPath($0.map(ClaimPath.Component.key)) }

    /// The employee's claims, any of which a holder may keep back.
    static let employeeClaims: JSONObject = [
        "givenName": "Erika", "familyName": "Mustermann", "jobTitle": "Research Engineer", "department": "Cryptography",
        "employeeNumber": "E-1042",
    ]

    /// An employee credential (VCDM 2.0) about `subject`, with an ecdsa-sd-2023 base proof by
    /// the employer's P-256 did:key and ``employeeMandatoryPointers``.
    func employee(for subject: String, now: Date) async throws -> JSONObject {
        var claims: JSONObject = ["id": .string(subject)]
        for (name, value) in Self.employeeClaims { claims[name] = value }
        let document: JSONObject = [
            "@context": .array(Self.contexts.map(JSONValue.string)),
            "id": .string("urn:uuid:\(UUID().uuidString.lowercased())"),
            "type": .array(["VerifiableCredential", .string(Self.employeeType)]),
            "issuer": .object(["id": .string(selectiveDisclosureDID), "name": .string(Self.employerName)]),
            "validFrom": .string(DataIntegrityProofOptions.timestamp(now)),
            "validUntil": .string(DataIntegrityProofOptions.timestamp(now.addingTimeInterval(365 * 86_400))),
            "credentialSubject": .object(claims),
        ]
        let did = try DIDIdentifier(selectiveDisclosureDID)
        let options = DataIntegrityProofOptions(
            cryptosuite: .ecdsaSD2023, verificationMethod: DIDKey.verificationMethod(of: did), created: DataIntegrityProofOptions.timestamp(now))
        guard let signed = try await ECDSASDBaseProofSigner.sign(
            .object(document), options: options, mandatoryPointers: Self.employeeMandatoryPointers,
            signer: try SoftwareSigner(privateKey: selectiveDisclosureKey)).objectValue
        else { throw SandboxError.cryptography("the signed employee credential is not an object") }
        return signed
    }

    /// `credential` with its subject's job title changed after signing: a forgery its base
    /// proof no longer covers.
    static func tampered(_ credential: JSONObject) -> JSONObject {
        var changed = credential
        guard var subject = changed["credentialSubject"]?.objectValue else { return credential }
        subject["jobTitle"] = "Chief Executive Officer"
        changed["credentialSubject"] = .object(subject)
        return changed
    }

    /// The diploma for `subject` under VCDM 1.1 (`issuanceDate`, `expirationDate`, the 1.1
    /// examples context), signed Ed25519Signature2018 by the issuer's did:key: what DIDKit
    /// 0.3.3 and ACA-Py verify.
    func diplomaV1(for subject: String, now: Date) async throws -> JSONObject {
        let credential = unsignedDiplomaV1(subject: subject, now: now)
        let options = LinkedDataProofOptions(
            suite: .ed25519Signature2018, verificationMethod: verificationMethod, proofPurpose: "assertionMethod",
            created: DataIntegrityProofOptions.timestamp(now))
        guard let signed = try await LinkedDataSigner.sign(.object(credential), options: options, signer: try SoftwareSigner(privateKey: key)).objectValue
        else { throw SandboxError.cryptography("the signed diploma is not an object") }
        return signed
    }
}

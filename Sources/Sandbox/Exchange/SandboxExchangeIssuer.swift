import CryptoKeys
import DID
import Foundation
import JSONModel
import W3CCredentials

/// The sandbox's W3C issuer and verifier for scanned exchanges: an Ed25519 did:key that signs
/// diplomas with Data Integrity (eddsa-rdfc-2022), and the checks a verifier makes of a
/// presentation answering one of its requests.
struct SandboxExchangeIssuer: Sendable {
    /// The issuer's key (made per run: a did:key needs no publishing, so credentials issued
    /// by an earlier run still verify).
    let key: PrivateKey
    /// The issuer's DID.
    let did: String
    /// Its verification method.
    let verificationMethod: String
    /// The P-256 key of the employer that signs ecdsa-sd-2023 base proofs (that suite signs
    /// with P-256 or P-384 only), made per run like ``key``.
    let selectiveDisclosureKey: PrivateKey
    /// The employer's did:key.
    let selectiveDisclosureDID: String

    /// The name the diploma's issuer carries.
    static let name = "Vellum Sandbox University"
    /// The diploma's type.
    static let credentialType = "UniversityDegreeCredential"
    /// The contexts of the diploma, which a query by example asks for.
    static let contexts = [VCDataModelVersion.v2_0.baseContext, "https://www.w3.org/ns/credentials/examples/v2"]

    init() {
        key = PrivateKey(curve: .ed25519)
        let identifier = try? DIDKey.make(for: key.publicKey)
        did = identifier?.description ?? "did:key:invalid"
        verificationMethod = identifier.map(DIDKey.verificationMethod(of:)) ?? "did:key:invalid#invalid"
        selectiveDisclosureKey = PrivateKey(curve: .p256)
        selectiveDisclosureDID = (try? DIDKey.make(for: selectiveDisclosureKey.publicKey))?.description ?? "did:key:invalid"
    }

    /// The preview of the diploma an offer shows.
    func preview(now: Date) -> JSONObject {
        var credential = unsignedDiploma(subject: nil, now: now)
        credential["id"] = nil
        return credential
    }

    /// A diploma for `subject` (a DID), signed.
    func diploma(for subject: String, now: Date) async throws -> JSONObject {
        let signer = try SoftwareSigner(privateKey: key)
        let options = DataIntegrityProofOptions(
            cryptosuite: .eddsaRDFC2022, verificationMethod: verificationMethod, created: DataIntegrityProofOptions.timestamp(now))
        guard let signed = try await DataIntegritySigner.sign(.object(unsignedDiploma(subject: subject, now: now)), options: options, signer: signer).objectValue
        else { throw SandboxError.cryptography("the signed diploma is not an object") }
        return signed
    }

    /// The contexts of the diploma as a VCDM 1.1 VC-JWT.
    static let contextsV1 = [VCDataModelVersion.v1_1.baseContext, "https://www.w3.org/2018/credentials/examples/v1"]

    /// The diploma for `subject` as a VC-JWT (VCDM 1.1 §6.3.1, OpenID4VCI's `jwt_vc_json`): the
    /// same claims under the 1.1 contexts and dates, signed EdDSA with the issuer's
    /// verification method as `kid`.
    func diplomaJWT(for subject: String, now: Date) async throws -> String {
        let credential = unsignedDiplomaV1(subject: subject, now: now)
        return try await JOSECredentialSigner.sign(
            .object(credential), form: .vcJWT, keyID: verificationMethod, signer: try SoftwareSigner(privateKey: key))
    }

    /// The diploma under VCDM 1.1: its contexts, the issuer as its DID alone (the 1.1 contexts
    /// define no `name` for it), and `issuanceDate` and `expirationDate` for the validity period.
    func unsignedDiplomaV1(subject: String, now: Date) -> JSONObject {
        var credential = unsignedDiploma(subject: subject, now: now)
        credential["@context"] = .array(Self.contextsV1.map(JSONValue.string))
        credential["issuer"] = .string(did)
        credential["issuanceDate"] = credential["validFrom"]
        credential["expirationDate"] = credential["validUntil"]
        credential["validFrom"] = nil
        credential["validUntil"] = nil
        return credential
    }

    private func unsignedDiploma(subject: String?, now: Date) -> JSONObject {
        var subjectClaims: JSONObject = [
            "degree": .object(["type": "BachelorDegree", "name": "Bachelor of Science and Arts"]),
            "alumniOf": .string(Self.name),
        ]
        if let subject { subjectClaims["id"] = .string(subject) }
        return [
            "@context": .array(Self.contexts.map(JSONValue.string)),
            "id": .string("urn:uuid:\(UUID().uuidString.lowercased())"),
            "type": .array(["VerifiableCredential", .string(Self.credentialType)]),
            "issuer": .object(["id": .string(did), "name": .string(Self.name)]),
            "validFrom": .string(DataIntegrityProofOptions.timestamp(now)),
            "validUntil": .string(DataIntegrityProofOptions.timestamp(now.addingTimeInterval(365 * 86_400))),
            "credentialSubject": .object(subjectClaims),
        ]
    }

    /// The verifier's checks of presentations holding this issuer's credentials.
    var presentationCheck: W3CPresentationCheck {
        W3CPresentationCheck(trustedIssuers: [did, selectiveDisclosureDID], mandatoryClaims: Self.employeeAlwaysDisclosed)
    }
}

/// Why the sandbox refused a wallet's answer to an exchange.
struct SandboxExchangeRefusal: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

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

    /// The name the diploma's issuer carries.
    static let name = "Vellum Sandbox University"
    /// The diploma's type.
    static let credentialType = "UniversityDegreeCredential"
    /// The contexts of the diploma, which a query by example asks for.
    static let contexts = [VCDataModelVersion.v2_0.baseContext, "https://www.w3.org/ns/credentials/examples/v2"]

    init() {
        key = PrivateKey(curve: .ed25519)
        let identifier = (try? DIDKey.make(for: key.publicKey))?.description ?? "did:key:invalid"
        did = identifier
        verificationMethod = "\(identifier)#\(identifier.dropFirst("did:key:".count))"
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

    /// Checks a presentation answering a request with `challenge` and `domain` as a verifier
    /// would: the data model, a proof for `authentication` with the challenge and domain by a
    /// key of the `holder`, and — when `requiresDiploma` — a diploma of this issuer about the
    /// holder whose proof verifies. Returns the holder DID, or why the presentation is refused.
    func verifyPresentation(
        _ json: JSONValue, challenge: String, domain: String, requiresDiploma: Bool, now: Date
    ) async -> Result<String, SandboxExchangeRefusal> {
        let presentation: VerifiablePresentation
        do {
            presentation = try VerifiablePresentation(json: json)
        } catch {
            return .failure(.init("not a verifiable presentation: \(error)"))
        }
        guard let holder = presentation.holder else { return .failure(.init("the presentation names no holder")) }
        let verifier = DataIntegrityVerifier()
        do {
            let proofs = try await verifier.verify(json, policy: .authentication(challenge: challenge, domain: domain, now: now))
            guard proofs.allSatisfy({ VerificationMethodOwner.method($0.proof.verificationMethod, belongsTo: holder) }) else {
                return .failure(.init("the presentation is not signed by its holder \(holder)"))
            }
        } catch {
            return .failure(.init("the presentation's proof does not verify: \(error)"))
        }
        guard requiresDiploma else { return .success(holder) }
        let diplomas = presentation.credentials.filter { $0.types.contains(Self.credentialType) && $0.issuer == did }
        guard let diploma = diplomas.first else { return .failure(.init("the presentation holds no diploma of this issuer")) }
        do {
            try diploma.checkValidity(at: now)
            let proofs = try await verifier.verify(diploma.json, policy: DataIntegrityProofPolicy(now: now))
            guard proofs.allSatisfy({ VerificationMethodOwner.method($0.proof.verificationMethod, belongsTo: did) }) else {
                return .failure(.init("the diploma is not signed by this issuer"))
            }
        } catch {
            return .failure(.init("the diploma does not verify: \(error)"))
        }
        guard diploma.credentialSubjects.allSatisfy({ $0["id"]?.stringValue == holder }) else {
            return .failure(.init("the diploma is about someone other than the holder"))
        }
        return .success(holder)
    }
}

/// Why the sandbox refused a wallet's answer to an exchange.
struct SandboxExchangeRefusal: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

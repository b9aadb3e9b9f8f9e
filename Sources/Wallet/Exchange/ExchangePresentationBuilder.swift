import CryptoKeys
import Foundation
import JSONModel
import W3CCredentials

/// Builds the W3C presentation a scanned exchange is answered with.
///
/// The data model version is 2.0 when every credential is a 2.0 one, else 1.1 (a 1.1
/// presentation holding only 1.1 credentials is what Credible-era verifiers read); a DID
/// authentication without credentials is 1.1.
struct ExchangePresentationBuilder {
    var holder: String
    var credentials: [JSONValue]

    /// The base context of the presentation.
    var version: VCDataModelVersion {
        let allV2 = !credentials.isEmpty && credentials.allSatisfy {
            ($0["@context"]?.arrayValue?.first ?? $0["@context"])?.stringValue == VCDataModelVersion.v2_0.baseContext
        }
        return allV2 ? .v2_0 : .v1_1
    }

    /// The presentation without its proof, with a fresh `urn:uuid:` id.
    func unsignedPresentation() -> JSONObject {
        var presentation: JSONObject = [
            "@context": .array([.string(version.baseContext)]),
            "id": .string("urn:uuid:\(UUID().uuidString.lowercased())"),
            "type": .array(["VerifiablePresentation"]),
            "holder": .string(holder),
        ]
        if !credentials.isEmpty { presentation["verifiableCredential"] = .array(credentials) }
        return presentation
    }

    /// `presentation` with a proof by `verificationMethod` (a key of `holder`) for
    /// `authentication`, in the suite its data model's verifiers read: a 1.1 presentation (what
    /// Credible-era verifiers such as DIDKit and ACA-Py take) with the Linked Data signature
    /// of the key's curve — Ed25519Signature2018, EcdsaSecp256r1Signature2019,
    /// EcdsaSecp256k1Signature2019 —; a 2.0 presentation with Data Integrity, eddsa-rdfc-2022
    /// or ecdsa-rdfc-2019.
    static func signLinkedData(
        _ presentation: JSONObject, holder: String, verificationMethod: String, signer: any Signer, challenge: String?,
        domain: String?, now: Date
    ) async throws(WalletError) -> JSONObject {
        let created = DataIntegrityProofOptions.timestamp(now)
        let isV1 = presentation["@context"]?.arrayValue?.first?.stringValue == VCDataModelVersion.v1_1.baseContext
        let signed: JSONValue
        do throws(DataIntegrityError) {
            if isV1 {
                let suite: LinkedDataProofSuite
                switch signer.publicKey.curve {
                case .ed25519?: suite = .ed25519Signature2018
                case .p256?: suite = .ecdsaSecp256r1Signature2019
                case .secp256k1?: suite = .ecdsaSecp256k1Signature2019
                default: throw .keyNotSupported("no Linked Data signature suite signs with this key")
                }
                let options = LinkedDataProofOptions(
                    suite: suite, verificationMethod: verificationMethod, proofPurpose: "authentication", created: created,
                    challenge: challenge, domain: domain)
                signed = try await LinkedDataSigner.sign(.object(presentation), options: options, signer: signer)
            } else {
                let suite: DataIntegrityCryptosuite
                switch signer.publicKey.curve {
                case .ed25519?: suite = .eddsaRDFC2022
                case .p256?: suite = .ecdsaRDFC2019
                default: throw .keyNotSupported("no Data Integrity suite signs with this key")
                }
                let options = DataIntegrityProofOptions(
                    cryptosuite: suite, verificationMethod: verificationMethod, proofPurpose: "authentication", created: created,
                    challenge: challenge, domain: domain)
                signed = try await DataIntegritySigner.sign(.object(presentation), options: options, signer: signer)
            }
        } catch .keyNotSupported(let reason) {
            throw .presentationFailed(.credentialUnusable(id: holder, reason: reason))
        } catch {
            throw .cryptoFailure("the presentation could not be signed: \(error)")
        }
        guard let object = signed.objectValue else { throw .cryptoFailure("the signed presentation is not an object") }
        return object
    }
}

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

    /// `presentation` with a Data Integrity proof by `verificationMethod` (a key of `holder`)
    /// for `authentication`: eddsa-rdfc-2022 for an Ed25519 key, ecdsa-rdfc-2019 for P-256.
    /// A 1.1 presentation gets the Data Integrity context, which defines the proof's terms.
    static func signLinkedData(
        _ presentation: JSONObject, holder: String, verificationMethod: String, signer: any Signer, challenge: String?,
        domain: String?, now: Date
    ) async throws(WalletError) -> JSONObject {
        let suite: DataIntegrityCryptosuite
        switch signer.publicKey.curve {
        case .ed25519?: suite = .eddsaRDFC2022
        case .p256?: suite = .ecdsaRDFC2019
        default:
            throw .presentationFailed(.credentialUnusable(
                id: holder, reason: "no Data Integrity suite signs with \(signer.publicKey.curve?.rawValue ?? "this") key"))
        }
        var document = presentation
        if case .array(var contexts)? = document["@context"], contexts.first?.stringValue == VCDataModelVersion.v1_1.baseContext {
            contexts.append("https://w3id.org/security/data-integrity/v2")
            document["@context"] = .array(contexts)
        }
        var options = DataIntegrityProofOptions(
            cryptosuite: suite, verificationMethod: verificationMethod, proofPurpose: "authentication",
            created: DataIntegrityProofOptions.timestamp(now))
        options.challenge = challenge
        options.domain = domain
        do {
            guard let signed = try await DataIntegritySigner.sign(.object(document), options: options, signer: signer).objectValue else {
                throw WalletError.cryptoFailure("the signed presentation is not an object")
            }
            return signed
        } catch let error as WalletError {
            throw error
        } catch {
            throw .cryptoFailure("the presentation could not be signed: \(error)")
        }
    }
}

import CryptoKeys
import DCQL
import Foundation
import JSONModel
import W3CCredentials

/// A W3C verifiable credential secured with an embedded proof (`ldp_vc`): kept as the JSON
/// the issuer sent, verified by ``LDPVCInspector``.
///
/// It binds its holder through the subject's DID (`credentialSubject.id`) rather than a key,
/// so ``boundKey(of:)`` is `nil` and ``bindsHolder(_:)`` is `true`: the key stored with it is
/// checked against the subject DID during the inspection.
struct LDPVCPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .ldpVC }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.ldpVC] }
    var typeMemberName: String? { "type" }

    /// A JSON object that is a W3C credential with a proof of a kind this wallet verifies;
    /// kept as given, so an export is byte-identical. (An Open DID credential shares the
    /// VCDM 1.1 context but not the proof types; its own plug-in claims it first.)
    func recognise(_ data: Data) -> Data? {
        guard let credential = try? LDPVCInspector.decode(data),
              credential.proofs.contains(where: { Self.proofTypes.contains($0["type"]?.stringValue ?? "") })
        else { return nil }
        return data
    }

    /// The proof types ``LDPVCInspector`` verifies.
    static let proofTypes: Set<String> = ["DataIntegrityProof"]

    func payload(issued text: String) throws(WalletError.Rejection) -> Data { Data(text.utf8) }

    func boundKey(of payload: Data) -> PublicKey? { nil }

    func bindsHolder(_ payload: Data) -> Bool {
        guard let credential = try? LDPVCInspector.decode(payload) else { return false }
        return credential.credentialSubjects.allSatisfy { $0["id"]?.stringValue?.hasPrefix("did:") == true }
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await LDPVCInspector.inspect(payload, context: context)
    }
}

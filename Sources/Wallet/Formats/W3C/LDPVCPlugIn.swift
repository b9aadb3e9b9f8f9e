import CryptoKeys
import DCQL
import DID
import Foundation
import JSONModel
import OpenID4VP
import W3CCredentials

/// A W3C verifiable credential secured with an embedded proof (`ldp_vc`): kept as the JSON
/// the issuer sent, verified by ``LDPVCInspector``.
///
/// It binds its holder through the subject's DID (`credentialSubject.id`): ``boundKey(of:)``
/// is the key of a did:key subject, ``bindsHolder(_:)`` is `true` for any DID subject, and the
/// key stored with it is checked against the subject DID's document during the inspection.
struct LDPVCPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .ldpVC }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.ldpVC] }
    var typeMemberName: String? { "type" }

    /// A JSON object that is a W3C credential with a proof of a kind this wallet verifies;
    /// kept as given, so an export is byte-identical. (An Open DID credential shares the
    /// VCDM 1.1 context but not the proof types; its own plug-in claims it first.)
    func recognise(_ data: Data) -> Data? {
        guard let credential = try? LDPVCInspector.decode(data), EmbeddedProofVerifier.hasEmbeddedProof(credential.json) else { return nil }
        return data
    }

    func payload(issued text: String) throws(WalletError.Rejection) -> Data { Data(text.utf8) }

    /// The key of the subject's did:key, when every subject is that one did:key (read
    /// without verification, to pair a batch's credentials with the keys their proofs came
    /// from); `nil` for a subject of another DID method.
    func boundKey(of payload: Data) -> PublicKey? {
        guard let credential = try? LDPVCInspector.decode(payload) else { return nil }
        let subjects = Set(credential.credentialSubjects.compactMap { $0["id"]?.stringValue })
        guard subjects.count == 1, let subject = subjects.first, let did = try? DIDIdentifier(subject), did.method == "key" else { return nil }
        return try? DIDKey.publicKey(of: did)
    }

    func bindsHolder(_ payload: Data) -> Bool {
        guard let credential = try? LDPVCInspector.decode(payload) else { return false }
        return credential.credentialSubjects.allSatisfy { $0["id"]?.stringValue?.hasPrefix("did:") == true }
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await LDPVCInspector.inspect(payload, context: context)
    }

    /// The credential as DCQL sees it: its types both as written and as IRIs (what
    /// `type_values` names), and the whole credential as the claims a path addresses
    /// (`["credentialSubject", "degree", "name"]`). Most embedded proofs sign the whole
    /// document, so every member is disclosed whatever a query asks; an ecdsa-sd-2023
    /// credential discloses the claims asked for and its mandatory ones
    /// (``LDPVCDisclosure/alwaysDisclosed(_:)``). The consent screen says which.
    func presentable(_ credential: VerifiedCredential) async -> StoredPresentableCredential? {
        guard let parsed = try? LDPVCInspector.decode(credential.payload), var object = parsed.json.objectValue else { return nil }
        let expanded = (try? await parsed.expandedTypes()) ?? []
        let alwaysDisclosed = LDPVCDisclosure.alwaysDisclosed(object)
        object["proof"] = nil
        return StoredPresentableCredential(
            credentialID: credential.id, format: CredentialFormatIdentifier.ldpVC, typeIdentifiers: parsed.types + expanded,
            claims: .json(.object(object)), supportsCryptographicHolderBinding: credential.holderKeyID != nil,
            authorityKeyIdentifiers: [], alwaysDisclosed: alwaysDisclosed)
    }

    var presentsWithoutHolderKey: Bool { false }

    /// A presentation of the credential (whole, or for an ecdsa-sd-2023 one a derived proof
    /// disclosing `paths` and the mandatory claims; see ``presentable(_:)``) by the holder's
    /// did:key, signed for `authentication` with the request's nonce as challenge and its
    /// audience (the client identifier) as domain (OpenID4VP 1.0 Appendix B.1.3.2).
    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String {
        guard let holderKey else { throw .credentialUnusable(id: id, reason: "it is held without its holder key") }
        guard let stored = try? JSONValue(parsing: payload, limits: LDPVCInspector.parserLimits) else {
            throw .credentialUnusable(id: id, reason: "the stored credential no longer parses")
        }
        let credential = try await LDPVCDisclosure.presented(stored, disclosing: paths, id: id)
        let did: DIDIdentifier
        do {
            did = try DIDKey.make(for: holderKey.publicKey)
        } catch {
            throw .credentialUnusable(id: id, reason: "its holder key has no did:key: \(error)")
        }
        let unsigned = ExchangePresentationBuilder(holder: did.description, credentials: [credential]).unsignedPresentation()
        let signed = try await ExchangePresentationBuilder.signLinkedData(
            unsigned, holder: did.description, verificationMethod: DIDKey.verificationMethod(of: did), signer: holderKey,
            challenge: factory.request.nonce, domain: factory.request.audience, now: factory.clock())
        return String(decoding: JSONValue.object(signed).serialized(), as: UTF8.self)
    }
}

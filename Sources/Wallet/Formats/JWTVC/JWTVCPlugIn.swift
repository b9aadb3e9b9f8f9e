import CryptoKeys
import DCQL
import DID
import Foundation
import JOSE
import JSONModel
import OpenID4VP
import Multiformats
import W3CCredentials

/// W3C VC secured as a JWT (`jwt_vc_json`): kept verbatim and shown; verified when its key is
/// a DID's (``JWTVCInspector``), else kept as unverifiable.
///
/// It binds its holder by `cnf.jwk` or, as a VC-JWT of VCDM 1.1 does, by its subject's DID
/// (`sub`, `credentialSubject.id`); one bound to a did:key is presented over OpenID4VP as a
/// VP-JWT signed by that key (``JWTVCPresentation``).
struct JWTVCPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .jwtVCJSON }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.jwtVCJSON] }
    var storesUnverifiable: Bool { true }

    func boundKey(of payload: Data) -> PublicKey? {
        guard let claims = JWTVCInspector.claims(of: payload) else { return nil }
        if let key = Self.confirmationKey(in: claims) { return key }
        let subjects = Set(JWTVCInspector.subjectIDs(of: claims))
        guard subjects.count == 1, let subject = subjects.first, let did = try? DIDIdentifier(subject), did.method == "key" else { return nil }
        return try? DIDKey.publicKey(of: did)
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await JWTVCInspector.inspect(payload, context: context)
    }

    /// The credential as DCQL sees it: the `vc` claim (the credential's root, where claim
    /// paths start, OpenID4VP 1.0 Appendix B.1.1) with its types as written and as IRIs. The
    /// JWT signs the whole credential, so every member is disclosed whatever a query asks.
    func presentable(_ credential: VerifiedCredential) async -> StoredPresentableCredential? {
        guard let claims = JWTVCInspector.claims(of: credential.payload), let document = claims["vc"]?.objectValue,
              let parsed = try? VerifiableCredential(json: .object(document))
        else { return nil }
        let expanded = (try? await parsed.expandedTypes()) ?? []
        return StoredPresentableCredential(
            credentialID: credential.id, format: CredentialFormatIdentifier.jwtVCJSON, typeIdentifiers: parsed.types + expanded,
            claims: .json(.object(document)), supportsCryptographicHolderBinding: credential.holderKeyID != nil,
            authorityKeyIdentifiers: [], alwaysDisclosed: document.keys.compactMap { try? ClaimPath([.key($0)]) })
    }

    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String {
        guard let holderKey else { throw .credentialUnusable(id: id, reason: "it is held without its holder key") }
        guard let token = String(data: payload, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw .credentialUnusable(id: id, reason: "the stored credential is not text")
        }
        return try await JWTVCPresentation.sign(
            token, id: id, holderKey: holderKey, audience: factory.request.audience, nonce: factory.request.nonce, now: factory.clock())
    }
}

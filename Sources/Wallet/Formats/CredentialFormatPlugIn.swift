import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VP

/// Everything the wallet needs to know about one credential format, in one place: how its
/// bytes arrive and are kept, which key it binds, how it is verified, how the DCQL matcher
/// sees it and how a presentation is made from it.
///
/// The wallet core — storing, listing, showing, status, matching, OpenID4VCI storage,
/// OpenID4VP presentation — is written once against this protocol and never switches on the
/// format: it asks the ``CredentialFormatRegistry`` for the plug-in of a stored credential's
/// ``CredentialFormat`` and lets it answer. A new format (W3C VCs with Data Integrity,
/// AnonCreds) joins by conforming one type and registering it.
///
/// The defaults describe a format the wallet keeps and verifies but cannot present.
protocol CredentialFormatPlugIn: Sendable {
    /// The identifier stored beside each credential of this format.
    var format: CredentialFormat { get }

    /// The protocol names of the format: the OpenID4VCI `format` of a credential
    /// configuration the wallet stores as this format, and the DCQL `format` of a query a
    /// credential of this format may answer (`dc+sd-jwt` and its draft name `vc+sd-jwt`).
    var protocolIdentifiers: Set<String> { get }

    /// The member that names a credential's type in the CLI's JSON (`vct`, `docType`), or
    /// `nil` when the format has none of its own.
    var typeMemberName: String? { get }

    /// The bytes to keep for a credential as an OpenID4VCI credential response carries it
    /// (the response's `credential` string): the text itself, or what it encodes.
    func payload(issued text: String) throws(WalletError.Rejection) -> Data

    /// The bytes to keep when `data` (a file a person imports) is a credential of this format,
    /// else `nil`. What is kept is what a later export writes back: the input itself where it
    /// is the format's own encoding.
    func recognise(_ data: Data) -> Data?

    /// Whether a credential whose signature this version cannot verify
    /// (``VerificationFailure/Kind/unverifiableFormat``) is stored anyway, to be shown.
    var storesUnverifiable: Bool { get }

    /// The public key the credential binds its holder to, read without verification (to pair
    /// a batch's credentials with the keys their proofs came from); `nil` when there is none.
    func boundKey(of payload: Data) -> PublicKey?

    /// Whether the credential binds its holder at all, to a key or otherwise (an Open DID
    /// credential binds a DID): one that does and is stored without a holder key is
    /// view-only. The default: it binds a key.
    func bindsHolder(_ payload: Data) -> Bool

    /// Verifies the credential in full as of `context.now`: the evidence it carries and the
    /// judgement, with a typed failure per reason.
    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection

    /// The credential as the DCQL matcher sees it, or `nil` when this format cannot be
    /// presented (or the record no longer parses).
    func presentable(_ credential: VerifiedCredential) async -> StoredPresentableCredential?

    /// The files the stored credential came with (a photo attribute, an offer's attachment),
    /// to show beside it; none by default.
    func attachments(of payload: Data) -> [CredentialAttachment]

    /// Whether a credential of this format bound to no holder key may still be presented
    /// where the query does not ask for holder binding.
    var presentsWithoutHolderKey: Bool { get }

    /// Whether claim paths name a name space and an element (mdoc) rather than a path into
    /// a JSON object, for showing what was disclosed.
    var claimPathsAreNameSpaced: Bool { get }

    /// A presentation of the credential with `id` and `payload` disclosing exactly `paths`,
    /// for the query `queryID`, signed with `holderKey` when there is one.
    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String
}

extension CredentialFormatPlugIn {
    var typeMemberName: String? { nil }

    func payload(issued text: String) throws(WalletError.Rejection) -> Data { Data(text.utf8) }

    func recognise(_ data: Data) -> Data? { nil }

    var storesUnverifiable: Bool { false }

    func bindsHolder(_ payload: Data) -> Bool { boundKey(of: payload) != nil }

    func presentable(_ credential: VerifiedCredential) -> StoredPresentableCredential? { nil }

    var presentsWithoutHolderKey: Bool { false }

    func attachments(of payload: Data) -> [CredentialAttachment] { [] }

    var claimPathsAreNameSpaced: Bool { false }

    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String {
        throw .credentialUnusable(id: id, reason: "\(format.rawValue) cannot be presented")
    }

    /// The key of `cnf.jwk` (RFC 7800 §3.2) in `claims`.
    static func confirmationKey(in claims: JSONObject) -> PublicKey? {
        guard let claims = try? JWTClaims(claims), let jwk = try? claims.confirmationKey() else { return nil }
        return try? jwk.publicKey()
    }
}

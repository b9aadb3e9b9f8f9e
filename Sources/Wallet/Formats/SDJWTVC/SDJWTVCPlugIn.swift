import CryptoKeys
import DCQL
import Foundation
import JOSE
import JSONModel
import OpenID4VP
import SDJWT

/// SD-JWT VC (`dc+sd-jwt`, draft name `vc+sd-jwt`): kept as the compact text the issuer sent,
/// with every Disclosure; verified by ``SDJWTVCInspector``; presented with the Disclosures
/// the query asks for and a KB-JWT (or without one where the query allows an unbound one).
struct SDJWTVCPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .sdJWTVC }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.legacySDJWTVC] }
    var typeMemberName: String? { "vct" }
    var presentsWithoutHolderKey: Bool { true }

    /// An SD-JWT VC, compact or in a JWS JSON serialization, whose `typ` is `dc+sd-jwt` (or
    /// the draft's `vc+sd-jwt`); kept as given.
    func recognise(_ data: Data) -> Data? {
        guard data.count <= SDJWTLimits.default.maximumSize, let text = String(data: data, encoding: .utf8),
              let object = try? SDJWTObject(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let type = object.jws.signatures.first?.protectedHeader["typ"]?.stringValue,
              JOSEMediaType.matches(type, SDJWTVCVerifier.mediaType) || JOSEMediaType.matches(type, SDJWTVCVerifier.legacyMediaType)
        else { return nil }
        return data
    }

    func boundKey(of payload: Data) -> PublicKey? {
        guard let processed = Self.processed(payload) else { return nil }
        return Self.confirmationKey(in: processed.claims)
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await SDJWTVCInspector.inspect(payload, context: context)
    }

    func presentable(_ credential: VerifiedCredential) -> StoredPresentableCredential? {
        guard let text = String(data: credential.payload, encoding: .utf8),
              let object = try? SDJWTObject(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let processed = try? ProcessedSDJWT(unverified: object)
        else { return nil }
        let selective = Set(processed.disclosedClaims.map(\.path))
        return StoredPresentableCredential(
            credentialID: credential.id, format: CredentialFormatIdentifier.sdJWTVC,
            typeIdentifiers: [processed.claims["vct"]?.stringValue].compactMap { $0 },
            claims: .json(.object(processed.claims)),
            supportsCryptographicHolderBinding: credential.holderKeyID != nil && processed.claims["cnf"]?["jwk"] != nil,
            authorityKeyIdentifiers: StoredPresentableCredential.authorityKeyIdentifiers(
                of: object.jws.signatures.first?.header.certificateChain ?? []),
            alwaysDisclosed: StoredPresentableCredential.plainClaims(in: .object(processed.claims), at: [], selective: selective)
                .compactMap { try? ClaimPath($0) })
    }

    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String {
        guard let processed = Self.processed(payload) else {
            throw .credentialUnusable(id: id, reason: "the stored SD-JWT VC no longer parses")
        }
        do throws(OpenID4VPError) {
            guard let holderKey else {
                return try factory.sdJWTPresentationWithoutKeyBinding(of: processed, disclosing: paths, forQuery: queryID)
            }
            return try await factory.sdJWTPresentation(of: processed, disclosing: paths, forQuery: queryID, holderKey: holderKey)
        } catch {
            throw .request(error)
        }
    }

    /// The SD-JWT with its Disclosures applied, read without verification.
    static func processed(_ payload: Data) -> ProcessedSDJWT? {
        guard let text = String(data: payload, encoding: .utf8) else { return nil }
        return try? ProcessedSDJWT(unverified: SDJWTObject(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

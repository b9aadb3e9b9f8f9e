import CryptoKeys
import DCQL
import Foundation
import JSONModel
import MDoc
import Multiformats
import OpenID4VP

/// ISO/IEC 18013-5 mdoc (`mso_mdoc`): kept as the `IssuerSigned` CBOR (an OpenID4VCI response
/// carries it base64url-encoded); verified by ``MDocInspector``; presented as a DeviceResponse
/// with the requested elements and a device signature on the OpenID4VP session transcript.
struct MDocPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .mdoc }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.mdoc] }
    var typeMemberName: String? { "docType" }
    var claimPathsAreNameSpaced: Bool { true }

    func payload(issued text: String) throws(WalletError.Rejection) -> Data {
        do {
            return try Base64URL.decodeLenient(text)
        } catch {
            throw .malformed("the mso_mdoc credential is not base64url: \(error)")
        }
    }

    /// An `IssuerSigned`, as binary CBOR, hex or base64url text; kept as its CBOR bytes.
    func recognise(_ data: Data) -> Data? {
        guard data.count <= 8 * 1024 * 1024 else { return nil }
        if Self.isIssuerSigned(data) { return data }
        guard let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if let bytes = try? Base16.decode(text), Self.isIssuerSigned(bytes) { return bytes }
        if let bytes = try? Base64URL.decodeLenient(text), Self.isIssuerSigned(bytes) { return bytes }
        return nil
    }

    static func isIssuerSigned(_ bytes: Data) -> Bool { (try? IssuerSigned(decoding: bytes)) != nil }

    func boundKey(of payload: Data) -> PublicKey? {
        try? IssuerSigned(decoding: payload).issuerAuth.mobileSecurityObject.deviceKeyInfo.deviceKey.publicKey()
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await MDocInspector.inspect(payload, context: context)
    }

    func presentable(_ credential: VerifiedCredential) -> StoredPresentableCredential? {
        guard let issuerSigned = try? IssuerSigned(decoding: credential.payload) else { return nil }
        return StoredPresentableCredential(
            credentialID: credential.id, format: CredentialFormatIdentifier.mdoc, typeIdentifiers: [issuerSigned.docType],
            claims: .mdoc(issuerSigned.elements.mapValues { $0.mapValues { CBORJSON.json($0) } }),
            supportsCryptographicHolderBinding: credential.holderKeyID != nil,
            authorityKeyIdentifiers: StoredPresentableCredential.authorityKeyIdentifiers(of: issuerSigned.issuerAuth.certificateChain),
            alwaysDisclosed: [])
    }

    func presentation(
        id: String, payload: Data, disclosing paths: [ClaimPath], queryID: String, holderKey: SecureAreaSigner?,
        factory: PresentationFactory
    ) async throws(WalletError) -> String {
        let issuerSigned: IssuerSigned
        do {
            issuerSigned = try IssuerSigned(decoding: payload)
        } catch {
            throw .credentialUnusable(id: id, reason: "the stored mdoc no longer parses: \(error)")
        }
        var elements: [String: [String]] = [:]
        for path in paths {
            guard path.components.count == 2, case let .key(nameSpace) = path.components[0],
                  case let .key(element) = path.components[1]
            else { throw .credentialUnusable(id: id, reason: "\(path) is not an mdoc element path") }
            elements[nameSpace, default: []].append(element)
        }
        guard let holderKey else { throw .credentialUnusable(id: id, reason: "it is bound to no holder key of this wallet") }
        do throws(OpenID4VPError) {
            return try await factory.mdocPresentation(of: issuerSigned, elements: elements, deviceKey: holderKey)
        } catch {
            throw .request(error)
        }
    }
}

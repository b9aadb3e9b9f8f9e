import CryptoKeys
import DCQL
import Foundation
import JOSE
import JSONModel
import Multiformats

/// W3C VC secured as a JWT (`jwt_vc_json`): kept verbatim and shown; verified when its key is
/// a DID's (``JWTVCInspector``), else kept as unverifiable; not presented by this version.
struct JWTVCPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .jwtVCJSON }
    var protocolIdentifiers: Set<String> { [CredentialFormatIdentifier.jwtVCJSON] }
    var storesUnverifiable: Bool { true }

    func boundKey(of payload: Data) -> PublicKey? {
        guard let text = String(data: payload, encoding: .utf8), let encoded = try? JWSObject(compact: text).encodedPayload,
              let bytes = try? Base64URL.decode(encoded), case .object(let claims)? = try? JSONValue(parsing: bytes)
        else { return nil }
        return Self.confirmationKey(in: claims)
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        await JWTVCInspector.inspect(payload, now: context.now)
    }
}

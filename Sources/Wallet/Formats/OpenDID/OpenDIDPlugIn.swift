import CryptoKeys
import Foundation
import JSONModel
import OpenDID

/// An Open DID verifiable credential: kept as the JSON the issuer sent, verified by
/// ``OpenDIDInspector`` against the DID documents the holder trusts, and presented through
/// the Open DID path (a selective-disclosure presentation signed by the holder's DID key,
/// ``CredentialWallet/openDIDPresentation(of:disclosing:verifierNonce:validity:)``), not over
/// OpenID4VP: Open DID is received and presented outside OpenID4VCI/VP, so it has no
/// protocol identifier there.
///
/// It binds its holder through a DID (`credentialSubject.id`) rather than a key, so
/// ``boundKey(of:)`` is `nil` and ``bindsHolder(_:)`` is `true`: the holder key an import
/// brings is checked against the subject's DID document during the inspection.
struct OpenDIDPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .openDID }
    var protocolIdentifiers: Set<String> { [] }

    /// JSON that decodes as an Open DID `VerifiableCredential`; kept as given, so an export
    /// is byte-identical.
    func recognise(_ data: Data) -> Data? {
        guard data.count <= OpenDIDInspector.maximumBytes, data.first(where: { !Self.isWhitespace($0) }) == UInt8(ascii: "{"),
              (try? OpenDIDInspector.decode(data)) != nil
        else { return nil }
        return data
    }

    func boundKey(of payload: Data) -> PublicKey? { nil }

    func bindsHolder(_ payload: Data) -> Bool {
        (try? OpenDIDInspector.decode(payload)) != nil
    }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        OpenDIDInspector.inspect(payload, context: context)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

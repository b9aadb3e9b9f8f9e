import CryptoKeys
import Foundation

/// An Open DID verifiable credential: kept and listed; the wallet does not verify it yet (its
/// DID documents are not resolved here), so every inspection reports
/// ``VerificationFailure/Kind/unverifiableFormat``. Open DID is received outside OpenID4VCI.
struct OpenDIDPlugIn: CredentialFormatPlugIn {
    var format: CredentialFormat { .openDID }
    var protocolIdentifiers: Set<String> { [] }

    func boundKey(of payload: Data) -> PublicKey? { nil }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        .unverifiable("Open DID credentials are not verified by the wallet facade yet")
    }
}

import Foundation
// Not used by name: imported so that an incremental build recompiles this module when a
// JSONModel type changes its stored layout. `SandboxOffer` holds JSON values, so its field
// offsets depend on that layout, but the build only recompiles the modules that import
// JSONModel itself: without this import, a stale copy read `byValueLink` at its old offset
// (an empty or null string) until a clean build.
import JSONModel
import Sandbox
import Wallet

/// Claims credentials from a running sandbox issuer into the wallet through the wallet's own
/// OpenID4VCI flow (one pre-authorized offer per credential, so a kind may repeat), so
/// presentation tests start from credentials a real issuer bound to the wallet's keys.
///
/// Shared by the wallet's and the CLI's presentation tests; a target of its own because
/// `VellumTestSupport` stays free of Vellum's modules.
public enum SandboxClaim {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Claims one credential of each kind in `kinds` into `wallet`; returns the stored ids in order.
    public static func claim(
        _ kinds: [SandboxCredentialKind], from issuer: SandboxIssuer, into wallet: CredentialWallet
    ) async throws -> [String] {
        var stored: [String] = []
        for kind in kinds {
            let offer = try await issuer.createOffer(for: [kind])
            let discovered = try await wallet.discoverCredentialOffer(offer.byValueLink)
            let result = try await wallet.retrieveCredentials(credentialOffer: discovered).first
            guard let id = result?.credentialId else {
                throw Failure(description: "\(kind) was not stored: \(String(describing: result?.error))")
            }
            stored.append(id)
        }
        return stored
    }
}

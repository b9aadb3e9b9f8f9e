import Foundation
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
            // The link is taken into a local of its own before the wallet call. Passed as
            // `offer.byValueLink` straight from the `async throws(SandboxError)` result, it
            // reached `discoverCredentialOffer` with a null storage pointer in full debug
            // test runs under load (Swift 6.3, Linux; filtered runs pass), whatever the
            // layout of `JSONValue`. It resembles an open compiler bug in which values of
            // async typed-throws calls are partly zeroed (swiftlang/swift#90722).
            let link = offer.byValueLink
            let discovered = try await wallet.discoverCredentialOffer(link)
            let result = try await wallet.retrieveCredentials(credentialOffer: discovered).first
            guard let id = result?.credentialId else {
                throw Failure(description: "\(kind) was not stored: \(String(describing: result?.error))")
            }
            stored.append(id)
        }
        return stored
    }
}

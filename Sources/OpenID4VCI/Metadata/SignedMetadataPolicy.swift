import CryptoKeys
import Foundation
import X509Trust

/// What to do with signed Credential Issuer Metadata (OpenID4VCI 1.0 §12.2.3): a JWT typed
/// `openidvci-issuer-metadata+jwt` whose claims are the metadata, served as `application/jwt`
/// (1.0) or carried in a `signed_metadata` member (earlier drafts).
///
/// The specification leaves trust in the signer to the wallet; this policy says which signer
/// the wallet trusts. Signed values take precedence over unsigned ones, and signed metadata
/// that cannot be verified is an error rather than silently dropped — unless the policy says
/// to ignore signatures altogether.
public struct SignedMetadataPolicy: Sendable {
    /// How the signer is trusted.
    public enum Trust: Sendable {
        /// The JWS header's `x5c` chain must validate to one of these anchors.
        case certificateChain(TrustAnchorStore)
        /// The JWS must verify with this key.
        case key(PublicKey)
    }

    /// How signed metadata is treated.
    public enum Mode: Sendable {
        /// Use the unsigned values and do not look at signatures (no trust configured).
        case ignore
        /// Verify signed metadata when the issuer offers it; unsigned metadata is accepted.
        case verifyWhenPresent(Trust)
        /// Only signed, verified metadata is accepted.
        case require(Trust)
    }

    /// The mode.
    public var mode: Mode
    /// The current time, for `iat`/`exp` and certificate validity.
    public var clock: @Sendable () -> Date

    /// A policy; `clock` is the time for `iat`, `exp` and certificate validity.
    public init(mode: Mode, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.mode = mode
        self.clock = clock
    }

    /// Signatures are not looked at; `signed_metadata` members are ignored and an
    /// `application/jwt` answer is refused (there are no unsigned values to fall back to).
    public static let ignore = SignedMetadataPolicy(mode: .ignore)

    /// The `Accept` header to send: JWT first when the wallet can verify one.
    var acceptHeader: String {
        switch mode {
        case .ignore: "application/json"
        case .verifyWhenPresent, .require: "application/jwt, application/json;q=0.9"
        }
    }

    var trust: Trust? {
        switch mode {
        case .ignore: nil
        case let .verifyWhenPresent(trust), let .require(trust): trust
        }
    }

    var requiresSignature: Bool {
        if case .require = mode { return true }
        return false
    }
}

import CryptoKeys
import Foundation
import JOSE

/// What a Verifier (or a Holder receiving a credential) demands of the Key Binding JWT
/// (RFC 9901 §7.3).
///
/// The decision to require key binding is the Verifier's and is never taken from the
/// presentation itself (§7.3 step 1): a presentation that simply leaves the KB-JWT out
/// cannot make a verifier that needs one skip the check.
public struct KeyBindingPolicy: Sendable, Hashable {
    /// When a KB-JWT must be present.
    public enum Requirement: Sendable, Hashable {
        /// Always: a presentation without one is refused.
        case required
        /// When the SD-JWT carries a `cnf` holder key: a bound credential must be presented
        /// by its holder.
        case requiredWhenConfirmationKeyPresent
        /// Never required; one that is present is still checked in full.
        case optional
        /// Must be absent: a Holder receiving an SD-JWT from its Issuer (§7.2).
        case forbidden
    }

    /// When a KB-JWT must be present.
    public var requirement: Requirement
    /// The `aud` the KB-JWT must carry; `nil` only checks that it is a string. A Verifier
    /// must set it, or a presentation made for someone else passes.
    public var audience: String?
    /// The `nonce` the KB-JWT must carry; `nil` only checks that it is a string. A Verifier
    /// must set it, or a replayed presentation passes.
    public var nonce: String?
    /// How old `iat` may be, in seconds; default 300.
    public var maximumAge: TimeInterval
    /// How far in the future `iat` may be (clock skew), in seconds; default `ClockSkew.standard` (60 s).
    public var allowedFutureSkew: TimeInterval
    /// The OpenID4VP transaction data the KB-JWT must cover via `transaction_data_hashes`;
    /// `nil` when the request had none.
    public var transactionData: [String]?
    /// The algorithms the KB-JWT may be signed with.
    public var allowedAlgorithms: Set<JWSAlgorithm>

    /// A policy with the given rules.
    public init(
        requirement: Requirement, audience: String? = nil, nonce: String? = nil, maximumAge: TimeInterval = 300,
        allowedFutureSkew: TimeInterval = ClockSkew.standard.seconds, transactionData: [String]? = nil,
        allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric
    ) {
        self.requirement = requirement
        self.audience = audience
        self.nonce = nonce
        self.maximumAge = maximumAge
        self.allowedFutureSkew = allowedFutureSkew
        self.transactionData = transactionData
        self.allowedAlgorithms = allowedAlgorithms
    }

    /// A Verifier's policy: a KB-JWT for this audience and nonce is required.
    public static func required(audience: String, nonce: String, maximumAge: TimeInterval = 300) -> KeyBindingPolicy {
        KeyBindingPolicy(requirement: .required, audience: audience, nonce: nonce, maximumAge: maximumAge)
    }

    /// A Holder's policy on receipt from the Issuer: no KB-JWT may be present.
    public static let forbidden = KeyBindingPolicy(requirement: .forbidden)

    /// No KB-JWT is required; one that is present is checked (signature, `sd_hash`, `iat`).
    public static let optional = KeyBindingPolicy(requirement: .optional)
}

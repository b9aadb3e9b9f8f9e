import Foundation

/// One reason a credential does not verify, as a kind an app can branch on and a message a
/// person can read.
///
/// The kinds follow the MATTR holder SDK's verification errors (`expired`, `statusRevoked`,
/// `statusSuspended`, `statusUnknown`, `trustedIssuerCertificateExpired`, plus
/// `untrustedIssuer` and `invalidSignature`) and add the few a careful wallet also needs to
/// tell apart: a document signer certificate that expired, a holder key that is not the
/// wallet's, a stored record that no longer parses.
public struct VerificationFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The credential's validity ended (`exp`, the MSO's `validUntil`).
        case expired
        /// The credential is not valid yet (`nbf`, the MSO's `validFrom`).
        case notYetValid
        /// The status list says the credential is revoked.
        case statusRevoked
        /// The status list says the credential is suspended.
        case statusSuspended
        /// The status list could not be fetched or verified, or holds another value.
        case statusUnknown
        /// The trusted root the issuer chains to (an IACA, an `x5c` root) has expired.
        case trustedIssuerCertificateExpired
        /// The issuer's certificate (the mdoc document signer, the `x5c` leaf) or an
        /// intermediate has expired or is not valid yet, under a root that is still valid.
        case signerCertificateExpired
        /// The issuer chains to no certificate the wallet trusts (never trusted, or removed
        /// since), or its certificate does not name the issuer.
        case untrustedIssuer
        /// A signature or digest does not verify: the credential was altered or forged.
        case invalidSignature
        /// The credential binds a key that is not the wallet key it was issued to.
        case holderKeyMismatch
        /// The stored bytes are not a credential of their format (or break its rules).
        case malformedCredential
        /// The format is stored verbatim and not verified by this version (`jwt_vc_json`).
        case unverifiableFormat
        /// The credential is not of the type it was requested as: an mdoc `docType` or an
        /// SD-JWT VC `vct` other than the offered configuration's.
        case unexpectedType
    }

    /// What went wrong.
    public let kind: Kind
    /// The details, for a log or a person.
    public let message: String

    /// A failure of `kind` explained by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}

/// The outcome of verifying a stored credential now: whether it verified, every reason it
/// did not, and its status.
///
/// ``CredentialWallet/credential(id:)`` computes a fresh one on every call (trust anchors
/// change, certificates expire, issuers revoke), so it is never a cached verdict.
public struct VerificationResult: Sendable, Hashable {
    /// Every reason the credential does not verify, in the order found; empty when it does.
    public let failures: [VerificationFailure]
    /// What the status list said, or why it was not asked.
    public let status: CredentialStatus
    /// When the verification ran (the wallet's clock).
    public let checkedAt: Date

    /// Makes a result.
    public init(failures: [VerificationFailure], status: CredentialStatus, checkedAt: Date) {
        self.failures = failures
        self.status = status
        self.checkedAt = checkedAt
    }

    /// Whether the credential verified: no failure at all.
    public var verified: Bool { failures.isEmpty }

    /// The first reason, as MATTR's `verificationResult.reason` gives one.
    public var reason: VerificationFailure? { failures.first }

    /// Whether one of the failures is of `kind`.
    public func contains(_ kind: VerificationFailure.Kind) -> Bool {
        failures.contains { $0.kind == kind }
    }
}

/// What a credential's status list said when it was last asked.
public enum CredentialStatus: Sendable, Hashable, CustomStringConvertible {
    /// The credential names no status list.
    case none
    /// The list says VALID.
    case valid
    /// The list says INVALID: revoked for good.
    case revoked
    /// The list says SUSPENDED.
    case suspended
    /// The list holds another (application-specific) value.
    case other(UInt8)
    /// The list could not be fetched or verified; the text says why.
    case unknown(String)
    /// The list was not asked, because the credential already failed in a way that makes its
    /// status meaningless (an untrusted issuer, a broken signature); the text says which.
    case notChecked(String)

    /// A short lowercase name: `none`, `valid`, `revoked`, `suspended`, `other`, `unknown`,
    /// `not-checked`; what `vellum list --json` prints.
    public var name: String {
        switch self {
        case .none: return "none"
        case .valid: return "valid"
        case .revoked: return "revoked"
        case .suspended: return "suspended"
        case .other: return "other"
        case .unknown: return "unknown"
        case .notChecked: return "not-checked"
        }
    }

    /// The name and, where there is one, the detail.
    public var description: String {
        switch self {
        case .other(let value): return "other (0x\(String(value, radix: 16)))"
        case .unknown(let reason): return "unknown: \(reason)"
        case .notChecked(let reason): return "not checked: \(reason)"
        default: return name
        }
    }
}

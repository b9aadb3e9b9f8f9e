import DCQL
import Foundation
import JSONModel
import OpenID4VP

/// What a verifier asks for and what the wallet could answer, for a consent screen: who is
/// asking (and how far that is established), the stored credentials that satisfy each
/// credential query, and exactly the claims each would disclose.
///
/// Made by ``CredentialWallet/preparePresentation(requestURI:walletConfiguration:)``; hand it
/// to ``CredentialWallet/present(_:choosing:)`` once the user agrees, or to
/// ``CredentialWallet/decline(_:)`` when they do not. Nothing has been sent to the verifier
/// while a proposal exists.
public struct PresentationProposal: Sendable {
    /// Who is asking, as the wallet could establish it.
    public struct Verifier: Sendable, Hashable {
        /// The full client identifier (prefix included), the audience of every presentation.
        public let clientID: String
        /// The client identifier prefix (`x509_san_dns`, `redirect_uri`, …).
        public let prefix: String
        /// A name to show: the certificate's common name, a registered name, or the name the
        /// verifier gave itself in its metadata.
        public let displayName: String?
        /// The verifier's logo, if it sent one.
        public let logoURI: String?
        /// Whether the verifier's identity is authenticated for its prefix. An unsigned
        /// `redirect_uri:` request never is, and the user should be told so.
        public let isAuthenticated: Bool
        /// Why the identity is not (fully) established; empty when it is.
        public let validationErrors: [String]
        /// The trusted root the verifier's certificate chains to, for `x509_*` prefixes.
        public let trustRoot: String?

        init(_ info: VerifierInfo) {
            clientID = info.clientID
            prefix = info.prefix.rawValue
            displayName = info.displayName
            logoURI = info.logoURI
            isAuthenticated = info.clientIDValid
            validationErrors = info.clientIDValidationErrors
            trustRoot = info.trustRoot
        }
    }

    /// One claim a presentation would disclose.
    public struct Claim: Sendable, Hashable {
        /// The concrete path: claim names and array indices for JSON credentials,
        /// `[namespace, element]` for an mdoc.
        public let path: ClaimPath
        /// The value that would be disclosed (mdoc values rendered as JSON).
        public let value: JSONValue

        /// The path as the activity log writes it: `address.locality`, or
        /// `org.iso.18013.5.1/age_over_18` for an mdoc element.
        public var displayPath: String { PresentationProposal.displayPath(path, isMDoc: isMDoc) }
        let isMDoc: Bool
    }

    /// A stored credential that answers a credential query, with what presenting it reveals.
    public struct Candidate: Sendable, Hashable {
        /// The wallet's credential id (what `choosing` names).
        public let credentialID: String
        /// Its `vct` or docType.
        public let credentialType: String?
        /// Its display name, from the issuer's display information.
        public let displayName: String?
        /// Its issuer's name.
        public let issuerName: String?
        /// Exactly the claims asked for that it would disclose, in query order.
        public let disclosedClaims: [Claim]
        /// Claims every presentation of it reveals however little is asked (an SD-JWT VC's
        /// claims that are not selectively disclosable: `iss`, `vct`, `cnf`, dates, …), as
        /// display paths.
        public let alwaysDisclosed: [String]
        /// Non-blocking verification findings to show beside it (status list unreachable,
        /// issuer no longer trusted by this wallet, …); empty when it verified cleanly.
        public let warnings: [VerificationFailure]
    }

    /// One credential query of the request and its candidates.
    public struct Request: Sendable, Hashable {
        /// The credential query id (the `vp_token` key).
        public let queryID: String
        /// The format asked for (`dc+sd-jwt`, `mso_mdoc`, …).
        public let format: String
        /// The types asked for: `vct_values`, or the `doctype_value`.
        public let types: [String]
        /// Whether the proposed answer includes this query (optional credential sets are
        /// left out by default, so nothing is disclosed the verifier does not need).
        public let isProposed: Bool
        /// Every stored credential that satisfies it, in storage order; the first is proposed.
        public let candidates: [Candidate]
    }

    /// A stored credential of a requested type that the wallet will not present, and why.
    public struct Unavailable: Sendable, Hashable {
        /// The wallet's credential id.
        public let credentialID: String
        /// Its `vct` or docType.
        public let credentialType: String?
        /// Why it is not offered (`expired`, `statusRevoked`, …), from its fresh verification.
        public let reasons: [VerificationFailure]
    }

    /// Who is asking.
    public let verifier: Verifier
    /// Each credential query with its candidates, in query order.
    public let requests: [Request]
    /// Credentials of a requested type left out because they are expired, not yet valid,
    /// revoked, suspended, broken or bound to another key.
    public let unavailable: [Unavailable]
    /// The request as resolved by the OpenID4VP holder (for apps that need more detail).
    public let resolvedRequest: ResolvedAuthorizationRequest
    /// The DCQL match (every claim-set option, credential-set options).
    public let matchResult: DCQLMatchResult

    /// Whether the wallet holds what the verifier needs: every credential query (or every
    /// required credential set) has a candidate. When `false`, only
    /// ``CredentialWallet/decline(_:)`` is possible.
    public var isSatisfiable: Bool { matchResult.isSatisfied }

    /// The answer the wallet proposes: credential ids per credential query id (the first
    /// candidate of each required query), or `nil` when the request cannot be satisfied.
    public var proposedSelection: [String: [String]]? {
        matchResult.proposedSelection()?.choices.mapValues { $0.map(\.credentialID) }
    }

    /// The claims a selection would disclose, by credential query id (the proposed selection
    /// when `selection` is `nil`).
    public func disclosedClaims(for selection: [String: [String]]? = nil) -> [String: [Claim]] {
        guard let chosen = selection ?? proposedSelection else { return [:] }
        var result: [String: [Claim]] = [:]
        for (queryID, credentialIDs) in chosen {
            let candidates = requests.first { $0.queryID == queryID }?.candidates ?? []
            result[queryID] = credentialIDs.flatMap { id in candidates.first { $0.credentialID == id }?.disclosedClaims ?? [] }
        }
        return result
    }

    /// Checks that `selection` (credential ids per credential query id) answers the request:
    /// known queries and candidates, one credential unless `multiple`, every required
    /// credential set met. ``CredentialWallet/present(_:choosing:)`` checks the same.
    public func validate(selection: [String: [String]]) throws(WalletError) {
        do {
            _ = try matchResult.selection(choosing: selection)
        } catch {
            throw .invalidSelection(error.description)
        }
    }

    /// `a.b.0` for JSON paths, `namespace/element` for mdoc elements.
    static func displayPath(_ path: ClaimPath, isMDoc: Bool) -> String {
        let parts = path.components.map { component -> String in
            switch component {
            case let .key(name): name
            case let .index(index): String(index)
            case .allElements: "*"
            }
        }
        return parts.joined(separator: isMDoc ? "/" : ".")
    }
}

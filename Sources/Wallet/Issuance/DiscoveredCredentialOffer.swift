import Foundation
import JSONModel
import OpenID4VCI

/// A credential offer with everything it points to fetched and checked: what the wallet shows
/// the user before they agree to claim (the MATTR SDK's `DiscoveredCredentialOffer`).
///
/// Made by ``CredentialWallet/discoverCredentialOffer(_:)``; handed back unchanged to
/// ``CredentialWallet/retrieveCredentials(from:clientID:redirectURI:trustingPublishedIACAs:options:)``.
/// The issuer metadata is bound to the offer's exact `credential_issuer`, and the
/// authorization server is the one the issuer names.
public struct DiscoveredCredentialOffer: Sendable, Hashable {
    /// The checked offer, metadata and authorization server.
    public let discovery: IssuanceDiscovery
    /// The rules the claim follows (HAIP or standard OpenID4VCI), already checked against the
    /// issuer's metadata.
    public let profile: IssuanceProfile

    /// The credential issuer identifier: the origin an IACA list must come from.
    public var issuer: URL { discovery.issuerMetadata.credentialIssuer }
    /// The issuer's display name in the first of `locales` it has, else any.
    public func issuerName(preferring locales: [String] = []) -> String? {
        discovery.issuerMetadata.display(preferring: locales)?.name
    }
    /// Where the user authenticates (authorization code flow); `nil` when the server has none.
    public var authorizeEndpoint: URL? { discovery.authorizationServerMetadata.authorizationEndpoint }
    /// Where codes are exchanged for an access token.
    public var tokenEndpoint: URL { discovery.authorizationServerMetadata.tokenEndpoint }
    /// Where credentials are requested.
    public var credentialEndpoint: URL { discovery.issuerMetadata.credentialEndpoint }
    /// The offered credentials, in the offer's order.
    public var credentials: [OfferedCredential] {
        discovery.offeredConfigurations.map(OfferedCredential.init(configuration:))
    }
    /// `mdoc_iacas_uri` from the issuer metadata: where the issuer publishes the IACA
    /// certificates its mdocs chain to.
    public var mdocIacasUri: URL? {
        discovery.issuerMetadata.json["mdoc_iacas_uri"]?.stringValue.flatMap(URL.init(string:))
    }
    /// The grant retrieval will use: the pre-authorized code when offered, else the
    /// authorization code flow.
    public var grant: IssuanceSession.Grant { discovery.grant }
    /// The transaction code the user must enter, when the pre-authorized code needs one
    /// (its input mode and length tell the app which keyboard to show).
    public var transactionCode: TransactionCode? {
        grant == .preAuthorizedCode ? discovery.offer.grants?.preAuthorizedCode?.transactionCode : nil
    }

    public init(discovery: IssuanceDiscovery, profile: IssuanceProfile = .standard) {
        self.discovery = discovery
        self.profile = profile
    }
}

/// One credential an offer offers: its configuration as the issuer describes it.
public struct OfferedCredential: Sendable, Hashable {
    /// The configuration from the issuer metadata.
    public var configuration: CredentialConfiguration

    /// The `credential_configuration_id`.
    public var configurationID: String { configuration.id }
    /// The format identifier (`mso_mdoc`, `dc+sd-jwt`, …).
    public var format: String { configuration.formatIdentifier }
    /// The mdoc `doctype`, for `mso_mdoc`.
    public var docType: String? {
        if case .msoMdoc(let doctype) = configuration.format { return doctype }
        return nil
    }
    /// The SD-JWT VC `vct`, for `dc+sd-jwt`.
    public var vct: String? {
        if case .sdJWTVC(let vct) = configuration.format { return vct }
        return nil
    }
    /// The claims the issuer says the credential carries, with their display names.
    public var claims: [ClaimDescription] { configuration.claims }
    /// What the wallet names this credential by: the doctype, the vct, or the configuration id.
    public var typeName: String { docType ?? vct ?? configurationID }

    /// The display name in the first of `locales` the issuer has, else its first.
    public func name(preferring locales: [String] = []) -> String? {
        configuration.display(preferring: locales)?.name
    }

    public init(configuration: CredentialConfiguration) {
        self.configuration = configuration
    }
}

import Foundation
import JSONModel

/// A credential issuer's metadata (OpenID4VCI 1.0 §12.2): its endpoints, authorization
/// servers, encryption and batch capabilities, display, and the credential configurations an
/// offer's ids refer to.
///
/// Parsing checks what the wallet relies on — every endpoint `https` (or loopback `http`),
/// required members present with the right types, bounded sizes — and keeps the document in
/// ``json`` for members not modelled here. Fetch it with ``CredentialIssuerMetadataResolver``,
/// which also binds ``credentialIssuer`` to the identifier it was fetched for.
public struct CredentialIssuerMetadata: Sendable, Hashable {
    /// `credential_issuer`: the issuer identifier, exactly as written.
    public var credentialIssuer: URL
    /// `authorization_servers`: the OAuth authorization servers the issuer relies on; empty
    /// means the issuer is its own authorization server.
    public var authorizationServers: [URL]
    /// `credential_endpoint`.
    public var credentialEndpoint: URL
    /// `nonce_endpoint`: where to get a `c_nonce`; absent when the issuer needs none.
    public var nonceEndpoint: URL?
    /// `deferred_credential_endpoint`.
    public var deferredCredentialEndpoint: URL?
    /// `notification_endpoint`.
    public var notificationEndpoint: URL?
    /// `credential_request_encryption`.
    public var credentialRequestEncryption: CredentialRequestEncryptionMetadata?
    /// `credential_response_encryption`.
    public var credentialResponseEncryption: CredentialResponseEncryptionMetadata?
    /// `batch_credential_issuance.batch_size`: the most proofs one credential request may
    /// carry (2 or more); `nil` when the issuer does not do batches.
    public var batchSize: Int?
    /// `display`: how to show the issuer, per language.
    public var display: [IssuerDisplay]
    /// `credential_configurations_supported`, in document order.
    public var credentialConfigurations: [CredentialConfiguration]
    /// Whether the values came from signed metadata whose signature and signer were verified.
    public var isSigned: Bool
    /// The metadata as received (merged with the signed claims when signed), for members this
    /// model does not name.
    public var json: JSONObject

    /// The most credential configurations accepted: a bound for untrusted input.
    public static let maximumConfigurations = 256

    /// Reads and checks a metadata document; URLs must satisfy `transport`.
    public init(json value: JSONValue, transport: TransportSecurityPolicy = .default) throws(OpenID4VCIError) {
        let members = try JSONMembers(value, path: "") { path, reason in .invalidIssuerMetadata(path: path, reason: reason) }
        json = members.object
        isSigned = false
        let issuerText = try members.requiredString("credential_issuer")
        guard let components = URLComponents(string: issuerText), let issuer = components.url, components.host != nil else {
            throw members.fail("credential_issuer", "\(issuerText) is not an absolute URL")
        }
        guard transport.permits(issuer) else { throw members.fail("credential_issuer", "\(issuerText) is not an https URL") }
        guard components.query == nil, components.fragment == nil else {
            throw members.fail("credential_issuer", "\(issuerText) has a query or fragment")
        }
        credentialIssuer = issuer
        var servers = [URL]()
        for (index, server) in (try members.strings("authorization_servers", limit: 16) ?? []).enumerated() {
            guard let url = URL(string: server), url.host != nil, transport.permits(url) else {
                throw members.fail("authorization_servers[\(index)]", "\(server) is not an https URL")
            }
            servers.append(url)
        }
        authorizationServers = servers
        credentialEndpoint = try members.requiredURL("credential_endpoint", transport: transport)
        nonceEndpoint = try members.url("nonce_endpoint", transport: transport)
        deferredCredentialEndpoint = try members.url("deferred_credential_endpoint", transport: transport)
        notificationEndpoint = try members.url("notification_endpoint", transport: transport)
        credentialRequestEncryption = try members.object("credential_request_encryption")
            .map { value throws(OpenID4VCIError) in try CredentialRequestEncryptionMetadata(value) }
        credentialResponseEncryption = try members.object("credential_response_encryption")
            .map { value throws(OpenID4VCIError) in try CredentialResponseEncryptionMetadata(value) }
        if let batch = try members.object("batch_credential_issuance") {
            guard let size = try batch.integer("batch_size", in: 2...1_000) else { throw batch.fail("batch_size", "missing") }
            batchSize = size
        }
        var display = [IssuerDisplay]()
        for entry in try members.objects("display", limit: 64) ?? [] { display.append(try IssuerDisplay(entry)) }
        try checkUniqueLocales(display.map(\.locale), members: members, name: "display")
        self.display = display
        guard let configurations = try members.object("credential_configurations_supported") else {
            throw members.fail("credential_configurations_supported", "missing")
        }
        guard configurations.object.count <= Self.maximumConfigurations else {
            throw members.fail("credential_configurations_supported", "more than \(Self.maximumConfigurations) configurations")
        }
        var parsed = [CredentialConfiguration]()
        for (id, _) in configurations.object {
            guard !id.isEmpty else { throw configurations.fail("(empty id)", "configuration id is empty") }
            guard let entry = try configurations.object(id) else { continue }
            parsed.append(try CredentialConfiguration(id: id, members: entry))
        }
        credentialConfigurations = parsed
    }

    /// The configuration an offer's id names, if the issuer describes it.
    public func configuration(id: String) -> CredentialConfiguration? {
        credentialConfigurations.first { $0.id == id }
    }

    /// The configurations an offer names, in the offer's order; throws
    /// ``OpenID4VCIError/unknownCredentialConfiguration(_:)`` for an id the issuer does not
    /// describe, since such an offer cannot be fulfilled as shown.
    public func configurations(for offer: CredentialOffer) throws(OpenID4VCIError) -> [CredentialConfiguration] {
        var found = [CredentialConfiguration]()
        for id in offer.credentialConfigurationIDs {
            guard let configuration = configuration(id: id) else { throw .unknownCredentialConfiguration(id) }
            found.append(configuration)
        }
        return found
    }

    /// The issuer's display entry for the first of `preferredLocales` it has, else the first.
    public func display(preferring preferredLocales: [String]) -> IssuerDisplay? {
        bestDisplay(display, locale: \.locale, preferring: preferredLocales)
    }

    /// The authorization servers to ask, in order: ``authorizationServers``, or the issuer
    /// itself when it lists none (§12.2.4).
    public var effectiveAuthorizationServers: [URL] {
        authorizationServers.isEmpty ? [credentialIssuer] : authorizationServers
    }
}

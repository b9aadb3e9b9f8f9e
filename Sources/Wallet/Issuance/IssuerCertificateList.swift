import Foundation
import HTTP
import JSONModel
import OpenID4VCI

/// The IACA certificates an mdoc issuer publishes at its `mdoc_iacas_uri`: a JSON object
/// `{"iacas": [{"certificate": base64 DER}, …]}`.
///
/// The list is only believed for the issuer whose metadata named it, so it must come from the
/// issuer's own host — the URL and every redirect hop — over the transport the rest of the
/// claim uses. Each entry must parse as
/// a certificate; the wallet then trusts them only for as long as one of them anchors a
/// credential it stored (see ``CredentialWallet/retrieveCredentials(from:clientID:redirectURI:trustingPublishedIACAs:options:)``).
struct IssuerCertificateList: Sendable, Hashable {
    /// At most this many certificates are read.
    static let maximumCount = 16
    /// At most this many bytes are read.
    static let maximumBytes = 256 * 1024

    /// The DER certificates.
    var certificates: [Data]

    /// Parses the document; throws a reason when it is not an IACA list.
    init(json body: Data) throws(WalletError.Retrieval) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: body, limits: .init(maximumSize: Self.maximumBytes, maximumDepth: 8))
        } catch {
            throw .certificateNotFound("the issuer's IACA list is not JSON: \(error)")
        }
        guard let entries = document["iacas"]?.arrayValue, !entries.isEmpty else {
            throw .certificateNotFound("the issuer's IACA list has no `iacas` entries")
        }
        guard entries.count <= Self.maximumCount else {
            throw .certificateNotFound("the issuer's IACA list has more than \(Self.maximumCount) entries")
        }
        var certificates: [Data] = []
        for (index, entry) in entries.enumerated() {
            guard let text = entry["certificate"]?.stringValue, let der = Data(base64Encoded: text), !der.isEmpty else {
                throw .certificateNotFound("iacas[\(index)].certificate is not base64 DER")
            }
            certificates.append(der)
        }
        self.certificates = certificates
    }

    /// Fetches the list at `url`, which must be on `issuer`'s host.
    static func fetch(
        _ url: URL, issuer: URL, httpClient: any HTTPClient, transport: TransportSecurityPolicy
    ) async throws(WalletError.Retrieval) -> IssuerCertificateList {
        guard url.host?.lowercased() == issuer.host?.lowercased(), url.host != nil else {
            throw .certificateNotFound(
                "mdoc_iacas_uri \(url.absoluteString) is not on the issuer's host \(issuer.host ?? issuer.absoluteString)")
        }
        do {
            try transport.check(url, name: "mdoc_iacas_uri")
        } catch {
            throw .certificateNotFound(error.description)
        }
        let response: HTTPResponse
        do {
            // The host binding holds for every hop: a 302 to another host would let anyone the
            // issuer redirects to publish the roots the wallet then trusts.
            response = try await httpClient.send(
                HTTPRequest(url: url, headers: ["accept": "application/json"], redirects: .sameOrigin))
        } catch .crossOriginRedirect(let target) {
            throw .certificateNotFound("the issuer's IACA list redirects off the issuer's host, to \(target)")
        } catch {
            throw .connectivityError("fetching the issuer's IACA list failed: \(error)")
        }
        guard response.url.host?.lowercased() == issuer.host?.lowercased() else {
            throw .certificateNotFound(
                "the issuer's IACA list was answered by \(response.url.host ?? response.url.absoluteString), not the issuer's host")
        }
        guard response.status == 200 else {
            throw .certificateNotFound("the issuer's IACA list answered HTTP \(response.status)")
        }
        guard response.body.count <= maximumBytes else {
            throw .certificateNotFound("the issuer's IACA list is larger than \(maximumBytes) bytes")
        }
        return try IssuerCertificateList(json: response.body)
    }
}

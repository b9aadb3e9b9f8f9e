import Foundation
import HTTP
import JSONModel

/// Turns a credential offer link into a checked ``CredentialOffer``, fetching it when the
/// link carries only `credential_offer_uri`.
public struct CredentialOfferResolver: Sendable {
    public let httpClient: any HTTPClient
    /// The largest offer document accepted, in bytes.
    public let maximumOfferBytes: Int

    public init(httpClient: any HTTPClient, maximumOfferBytes: Int = 64 * 1024) {
        self.httpClient = httpClient
        self.maximumOfferBytes = maximumOfferBytes
    }

    /// The offer a link carries or points to.
    public func offer(from link: String) async throws(OpenID4VCIError) -> CredentialOffer {
        switch try CredentialOfferLink(link) {
        case let .byValue(offer): return offer
        case let .byReference(url): return try await offer(at: url)
        }
    }

    /// Fetches an offer by reference: a GET that must answer 200 with an
    /// `application/json` offer (OpenID4VCI §4.1.3).
    public func offer(at url: URL) async throws(OpenID4VCIError) -> CredentialOffer {
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/json"])
        } catch {
            throw .transport(endpoint: .credentialOffer, error)
        }
        guard response.status == 200 else { throw .invalidResponse(endpoint: .credentialOffer, reason: "HTTP \(response.status) from \(url.absoluteString)") }
        let mediaType = response.mediaType
        guard mediaType == "application/json" else {
            throw .invalidResponse(endpoint: .credentialOffer, reason: "Content-Type \(mediaType ?? "missing"), not application/json")
        }
        guard response.body.count <= maximumOfferBytes else {
            throw .invalidResponse(endpoint: .credentialOffer, reason: "the offer is larger than \(maximumOfferBytes) bytes")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: response.body)
        } catch {
            throw .invalidResponse(endpoint: .credentialOffer, reason: "the body is not JSON: \(error)")
        }
        return try CredentialOffer(json: json)
    }
}

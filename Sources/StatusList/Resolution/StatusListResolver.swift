import Foundation
import HTTP

/// Checks a referenced token's status end to end: fetches the status list token named by a
/// ``StatusListReference`` over ``HTTPClient``, verifies it with a
/// ``StatusListTokenVerifier``, caches it in a ``StatusListCache`` and reads the index.
///
/// This is what the SD-JWT VC and mdoc layers call:
///
/// ```swift
/// let resolver = StatusListResolver(
///     httpClient: URLSessionHTTPClient(), keys: StatusListKeyLookup.fixed(issuerKey),
///     cache: StatusListCache())
/// let reference = try StatusListReference(statusClaim: statusClaim)
/// switch await resolver.status(of: reference) { case .valid: … }
/// ```
public struct StatusListResolver: Sendable {
    /// The transport (with its own time, size and redirect limits).
    public let httpClient: any HTTPClient
    /// How fetched tokens are verified.
    public private(set) var verifier: StatusListTokenVerifier
    /// Where verified tokens are kept, or `nil` to fetch on every check.
    public let cache: StatusListCache?
    /// The referencing issuer this resolver was bound to, whose tokens are cached apart.
    public private(set) var referencingIssuer: StatusListReferencingIssuer?

    /// A resolver; pass `cache: nil` to fetch on every check.
    public init(
        httpClient: some HTTPClient, keys: some StatusListKeyResolver,
        policy: StatusListPolicy = StatusListPolicy(), cache: StatusListCache?
    ) {
        self.httpClient = httpClient
        self.verifier = StatusListTokenVerifier(keys: keys, policy: policy)
        self.cache = cache
    }

    /// This resolver for the tokens of one referencing issuer: its key resolver sees `issuer`
    /// in every ``StatusListKeyRequest/referencingIssuer``, and the tokens it verifies are
    /// cached apart from those verified for other issuers (a list accepted as one issuer's
    /// does not answer for another's).
    public func bound(to issuer: StatusListReferencingIssuer) -> StatusListResolver {
        var bound = self
        bound.verifier.keys = BoundStatusListKeys(base: verifier.keys, issuer: issuer)
        bound.referencingIssuer = issuer
        return bound
    }

    /// The status of the referenced token; ``StatusResult/unknown(_:)`` with the reason when
    /// no statement can be made (fetch failed, token refused, index outside the list).
    public func status(of reference: StatusListReference) async -> StatusResult {
        do throws(StatusListError) {
            return StatusResult(try await statusType(of: reference))
        } catch {
            return .unknown(error)
        }
    }

    /// The raw status value of the referenced token, for callers that interpret
    /// application-specific values; throws where ``status(of:)`` answers `unknown`.
    public func statusType(of reference: StatusListReference) async throws(StatusListError) -> StatusType {
        try await token(at: reference.uri).status(for: reference)
    }

    /// The verified token at `uri`, from the cache while fresh.
    public func token(at uri: String) async throws(StatusListError) -> StatusListToken {
        guard let cache else { return try await fetchToken(at: uri) }
        return try await cache.token(for: cacheKey(uri)) { () async throws(StatusListError) -> StatusListToken in
            try await fetchToken(at: uri)
        }
    }

    /// The cache entry for `uri`: the URI itself, or for a bound resolver the URI under the
    /// referencing issuer's key.
    private func cacheKey(_ uri: String) -> String {
        guard let referencingIssuer else { return uri }
        return "\(referencingIssuer.key.thumbprint().base64EncodedString()) \(uri)"
    }

    /// Fetches and verifies the token at `uri`, bypassing the cache.
    ///
    /// Sends `GET uri` with `Accept` listing the policy's formats in order of preference;
    /// the response must be 2xx with a `Content-Type` of one of them (draft §8.2).
    public func fetchToken(at uri: String) async throws(StatusListError) -> StatusListToken {
        guard let url = URL(string: uri), url.scheme != nil else {
            throw .invalidReference("uri \(uri) is not a URL")
        }
        let formats = verifier.policy.acceptedFormats
        guard !formats.isEmpty else { throw .unexpectedContentType(nil) }
        var headers = HTTPHeaders()
        // The first format unweighted (q=1), each next one a tenth less: 0.9, 0.8, …
        headers["Accept"] = formats.enumerated().map { index, format in
            index == 0 ? format.mediaType : "\(format.mediaType);q=0.\(max(1, 10 - index))"
        }.joined(separator: ", ")
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await httpClient.send(HTTP.HTTPRequest(method: .get, url: url, headers: headers))
        } catch {
            throw .fetchFailed(error)
        }
        guard response.isSuccess else { throw .httpStatus(response.status) }
        let contentType = response.headers["Content-Type"]
        let mediaType = contentType.map { value in
            String(value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let format = formats.first(where: { $0.mediaType == mediaType }) else {
            throw .unexpectedContentType(contentType)
        }
        return try await verifier.verify(response.body, format: format, uri: uri)
    }
}

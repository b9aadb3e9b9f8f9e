import Foundation
import HTTP
import JSONModel

/// Secures a fetched `BitstringStatusListCredential`: checks its proof (Data Integrity) or
/// envelope (VC-JWT, VC-COSE) and returns the credential's JSON.
///
/// StatusList does not verify W3C credentials itself; the credential layer supplies this.
/// Throw (for example ``StatusListError/invalidSignature``) to refuse the credential.
public protocol BitstringStatusListCredentialVerifier: Sendable {
    /// The verified credential carried by `response`.
    func verifiedCredential(from response: HTTPResponse) async throws(StatusListError) -> JSONValue
}

/// Checks a W3C `BitstringStatusListEntry` end to end: dereferences `statusListCredential`
/// over ``HTTPClient``, has the caller's ``BitstringStatusListCredentialVerifier`` check its
/// proof, then runs the validate algorithm at the injected clock's time.
///
/// No caching: a fetched credential is used once (the W3C `ttl` is only advisory).
public struct BitstringStatusListResolver: Sendable {
    /// The transport.
    public let httpClient: any HTTPClient
    /// Who checks the status list credential's proof.
    public let credentialVerifier: any BitstringStatusListCredentialVerifier
    /// The current time.
    public var clock: @Sendable () -> Date
    /// The minimum list length (the recommendation's 131 072 unless an ecosystem says less).
    public var minimumEntries: Int
    /// Size bounds for the credential and its list.
    public var limits: StatusListLimits
    /// The `Accept` header sent.
    public var accept: String

    /// A resolver with the given transport, verifier and rules.
    public init(
        httpClient: some HTTPClient, credentialVerifier: some BitstringStatusListCredentialVerifier,
        clock: @escaping @Sendable () -> Date = { Date() }, minimumEntries: Int = BitstringStatusList.minimumEntries,
        limits: StatusListLimits = .default,
        accept: String = "application/vc, application/vc+jwt, application/vc+ld+json;q=0.9, application/ld+json;q=0.8, application/json;q=0.7"
    ) {
        self.httpClient = httpClient
        self.credentialVerifier = credentialVerifier
        self.clock = clock
        self.minimumEntries = minimumEntries
        self.limits = limits
        self.accept = accept
    }

    /// The status for `entry`; ``StatusResult/unknown(_:)`` with the reason when the list
    /// could not be fetched, verified or read (the recommendation's STATUS_RETRIEVAL_ERROR,
    /// STATUS_VERIFICATION_ERROR, STATUS_LIST_LENGTH_ERROR and RANGE_ERROR).
    public func status(of entry: BitstringStatusListEntry) async -> StatusResult {
        do throws(StatusListError) {
            return try await bitstringStatus(of: entry).result
        } catch {
            return .unknown(error)
        }
    }

    /// The full result for `entry` (value, purpose, message); throws where ``status(of:)``
    /// answers `unknown`.
    public func bitstringStatus(of entry: BitstringStatusListEntry) async throws(StatusListError) -> BitstringStatus {
        guard let url = URL(string: entry.statusListCredential) else {
            throw .invalidReference("statusListCredential \(entry.statusListCredential) is not a URL")
        }
        var headers = HTTPHeaders()
        headers["Accept"] = accept
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await httpClient.send(HTTP.HTTPRequest(method: .get, url: url, headers: headers))
        } catch {
            throw .fetchFailed(error)
        }
        guard response.isSuccess else { throw .httpStatus(response.status) }
        guard response.body.count <= limits.maximumTokenSize else {
            throw .limitExceeded("credential of \(response.body.count) bytes exceeds \(limits.maximumTokenSize)")
        }
        let json = try await credentialVerifier.verifiedCredential(from: response)
        let credential = try BitstringStatusListCredential(json: json)
        return try credential.status(for: entry, at: clock(), minimumEntries: minimumEntries, limits: limits)
    }
}

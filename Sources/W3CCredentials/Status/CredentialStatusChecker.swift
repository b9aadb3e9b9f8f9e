import DID
import Foundation
import HTTP
import JSONModel
import StatusList

/// Checks the `credentialStatus` of a W3C credential: each `BitstringStatusListEntry` (or older
/// `StatusList2021Entry`) has its list credential fetched through the caller's
/// ``HTTPClient``, that credential's proof verified (``StatusListCredentialVerifier``, issued
/// by the same issuer unless ``requiresSameIssuer`` is off), and the entry's bit read.
///
/// The answer is one ``CredentialStatus`` per entry; whether an unreachable list fails the
/// credential is the caller's policy.
public struct CredentialStatusChecker: Sendable {
    /// The transport (its address policy decides which hosts may be asked).
    public var httpClient: any HTTPClient
    /// Resolves the DIDs of the list's signing key.
    public var resolver: any DIDResolver
    /// The time of the check.
    public var now: Date
    /// Whether a list must be issued by the credential's issuer (default true).
    public var requiresSameIssuer: Bool
    /// The minimum list length (the recommendation's 131 072 by default).
    public var minimumEntries: Int
    /// Size bounds for the list credential and the decompressed list.
    public var limits: StatusListLimits

    /// A checker over `httpClient`.
    public init(
        httpClient: any HTTPClient, resolver: any DIDResolver = DIDResolverRegistry.offline(), now: Date = Date(),
        requiresSameIssuer: Bool = true, minimumEntries: Int = BitstringStatusList.minimumEntries, limits: StatusListLimits = .default
    ) {
        self.httpClient = httpClient
        self.resolver = resolver
        self.now = now
        self.requiresSameIssuer = requiresSameIssuer
        self.minimumEntries = minimumEntries
        self.limits = limits
    }

    /// One result per status entry of `credential`, in order (none when it has no
    /// `credentialStatus`).
    public func check(_ credential: VerifiableCredential) async -> [(entry: JSONObject, status: CredentialStatus)] {
        var results: [(entry: JSONObject, status: CredentialStatus)] = []
        let verifier = StatusListCredentialVerifier(
            resolver: resolver, now: now, issuer: requiresSameIssuer ? credential.issuer : nil, maximumSize: limits.maximumTokenSize)
        let now = self.now
        let resolver = BitstringStatusListResolver(
            httpClient: httpClient, credentialVerifier: verifier, clock: { now }, minimumEntries: minimumEntries, limits: limits)
        for entry in credential.credentialStatus {
            let parsed: BitstringStatusListEntry
            do throws(StatusListError) {
                parsed = try BitstringStatusListEntry(json: .object(StatusList2021.bitstringEntry(entry)))
            } catch {
                results.append((entry, .invalidEntry("\(error)")))
                continue
            }
            do throws(StatusListError) {
                results.append((entry, CredentialStatus(try await resolver.bitstringStatus(of: parsed))))
            } catch {
                results.append((entry, CredentialStatus(failure: error)))
            }
        }
        return results
    }
}

import CryptoKeys
import Foundation

/// Verifies status list tokens: finds the key through a ``StatusListKeyResolver``, checks the
/// signature, the explicit type, that `sub` is the URI the token was fetched for, and the
/// time claims under a ``StatusListPolicy``, then inflates the list.
///
/// This is the draft's §8.3 steps 3 and 4 as one call; ``StatusListResolver`` adds fetching
/// and caching around it, and callers that receive a token another way (stapled, offline)
/// use it directly.
public struct StatusListTokenVerifier: Sendable {
    /// Where the signing keys come from.
    public var keys: any StatusListKeyResolver
    /// Clock, algorithms, limits.
    public var policy: StatusListPolicy

    /// A verifier with the given key resolver and policy.
    public init(keys: some StatusListKeyResolver, policy: StatusListPolicy = StatusListPolicy()) {
        self.keys = keys
        self.policy = policy
    }

    /// Verifies a token in either format; `uri` is the URI it was fetched for, which its
    /// subject must equal.
    public func verify(_ token: Data, format: StatusListTokenFormat, uri: String) async throws(StatusListError) -> StatusListToken {
        switch format {
        case .jwt:
            guard let text = String(data: token, encoding: .utf8) else {
                throw .malformedToken("a JWT status list token is not UTF-8")
            }
            return try await verify(jwt: text.trimmingCharacters(in: .whitespacesAndNewlines), uri: uri)
        case .cwt:
            return try await verify(cwt: token, uri: uri)
        }
    }

    /// Asks the resolver for the key, turning its absence or failure into the typed errors.
    func resolveKey(_ request: StatusListKeyRequest) async throws(StatusListError) -> PublicKey {
        let key: PublicKey?
        do throws(StatusListError) {
            key = try await keys.key(for: request)
        } catch .keyNotFound {
            throw .keyNotFound
        } catch {
            if case .keyResolutionFailed = error { throw error }
            throw .keyResolutionFailed("\(error)")
        }
        guard let key else { throw .keyNotFound }
        return key
    }
}


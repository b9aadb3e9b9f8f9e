/// A ``JWSKeyResolver`` made from a closure, for callers whose lookup is a few lines
/// (a `kid` → key dictionary, a DID resolver call).
public struct JWSKeyLookup: JWSKeyResolver {
    private let lookup: @Sendable (JOSEHeader) async throws(JOSEError) -> JWSVerificationKey?

    /// A resolver that calls `lookup` for each signature's header.
    public init(_ lookup: @escaping @Sendable (JOSEHeader) async throws(JOSEError) -> JWSVerificationKey?) {
        self.lookup = lookup
    }

    public func key(for header: JOSEHeader) async throws(JOSEError) -> JWSVerificationKey? {
        try await lookup(header)
    }
}

import JSONModel

/// A request for one credential (or several, with ``allowsMultiple``) of a given format and
/// type, with the claims to disclose (OpenID4VP 1.0 §6.1).
public struct CredentialQuery: Sendable, Hashable {
    /// The id the `vp_token` is keyed by and `credential_sets` refer to.
    public let id: String
    /// The credential format identifier, e.g. `dc+sd-jwt` or `mso_mdoc`.
    public let format: String
    /// Whether several credentials may answer this query (`multiple`, default `false`).
    public let allowsMultiple: Bool
    /// Format-specific constraints on type and metadata.
    public let meta: CredentialQueryMeta
    /// Authorities the verifier accepts as certifying the issuer, when it said.
    public let trustedAuthorities: [TrustedAuthoritiesQuery]?
    /// Whether the presentation must prove possession of the credential's key
    /// (`require_cryptographic_holder_binding`, default `true`).
    public let requiresCryptographicHolderBinding: Bool
    /// The requested claims; `nil` asks for no selectively disclosable claim.
    public let claims: [ClaimsQuery]?
    /// Acceptable combinations of claim ids, most preferred first.
    public let claimSets: [[String]]?

    public init(
        id: String, format: String, allowsMultiple: Bool = false, meta: CredentialQueryMeta,
        trustedAuthorities: [TrustedAuthoritiesQuery]? = nil, requiresCryptographicHolderBinding: Bool = true,
        claims: [ClaimsQuery]? = nil, claimSets: [[String]]? = nil
    ) {
        self.id = id
        self.format = format
        self.allowsMultiple = allowsMultiple
        self.meta = meta
        self.trustedAuthorities = trustedAuthorities
        self.requiresCryptographicHolderBinding = requiresCryptographicHolderBinding
        self.claims = claims
        self.claimSets = claimSets
    }

    init(json: JSONValue, path: String, limits: DCQLLimits) throws(DCQLError) {
        let reader = try QueryReader(json, path: path, limits: limits)
        id = try reader.identifier("id")
        format = try reader.requiredString("format")
        allowsMultiple = try reader.optionalBool("multiple") ?? false
        guard let metaJSON = reader.object["meta"] else { throw reader.invalid("meta", "is required") }
        meta = try CredentialQueryMeta(json: metaJSON, format: format, path: reader.location("meta"), limits: limits)
        if let entries = try reader.optionalArray("trusted_authorities", limit: limits.maximumValues) {
            var authorities: [TrustedAuthoritiesQuery] = []
            for (index, entry) in entries.enumerated() {
                authorities.append(try TrustedAuthoritiesQuery(
                    json: entry, path: "\(reader.location("trusted_authorities"))[\(index)]", limits: limits))
            }
            trustedAuthorities = authorities
        } else {
            trustedAuthorities = nil
        }
        requiresCryptographicHolderBinding = try reader.optionalBool("require_cryptographic_holder_binding") ?? true
        claims = try Self.claims(reader, format: format, limits: limits)
        claimSets = try Self.claimSets(reader, claims: claims, limits: limits)
    }

    private static func claims(_ reader: QueryReader, format: String, limits: DCQLLimits) throws(DCQLError) -> [ClaimsQuery]? {
        guard let entries = try reader.optionalArray("claims", limit: limits.maximumClaimsPerCredential) else { return nil }
        var claims: [ClaimsQuery] = []
        var ids: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let location = "\(reader.location("claims"))[\(index)]"
            let claim = try ClaimsQuery(json: entry, path: location, isMdoc: format == CredentialFormatIdentifier.mdoc, limits: limits)
            if let id = claim.id, !ids.insert(id).inserted {
                throw .invalidQuery(path: "\(location).id", reason: "'\(id)' is used by another claim of this credential query")
            }
            claims.append(claim)
        }
        return claims
    }

    private static func claimSets(_ reader: QueryReader, claims: [ClaimsQuery]?, limits: DCQLLimits) throws(DCQLError) -> [[String]]? {
        guard let entries = try reader.optionalArray("claim_sets", limit: limits.maximumSetEntries) else { return nil }
        guard let claims else { throw reader.invalid("claim_sets", "must not be present without claims") }
        if let position = claims.firstIndex(where: { $0.id == nil }) {
            throw .invalidQuery(path: "\(reader.location("claims"))[\(position)].id", reason: "is required when claim_sets is present")
        }
        let known = Set(claims.compactMap(\.id))
        var sets: [[String]] = []
        for (index, entry) in entries.enumerated() {
            let location = "\(reader.location("claim_sets"))[\(index)]"
            guard let members = entry.arrayValue, !members.isEmpty, members.count <= limits.maximumClaimsPerCredential else {
                throw .invalidQuery(path: location, reason: "must be a non-empty array of claim ids")
            }
            let ids = try reader.strings(members, at: location)
            if let unknown = ids.first(where: { !known.contains($0) }) {
                throw .invalidQuery(path: location, reason: "'\(unknown)' is not the id of a claim of this credential query")
            }
            sets.append(ids)
        }
        return sets
    }
}

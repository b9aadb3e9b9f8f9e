import JSONModel

/// The format-specific constraints of a credential query's `meta` (OpenID4VP 1.0 Appendix B).
public enum CredentialQueryMeta: Sendable, Hashable {
    /// SD-JWT VC: the credential's `vct`, or a type it extends, must be one of these.
    case sdJWTVC(vctValues: [String])
    /// ISO mdoc: the document type must be this one.
    case mdoc(doctypeValue: String)
    /// W3C VCs: the credential's types must include every type of at least one inner list.
    case w3c(typeValues: [[String]])
    /// A format this wallet does not interpret; the members are kept as sent.
    case other(JSONObject)

    init(json: JSONValue, format: String, path: String, limits: DCQLLimits) throws(DCQLError) {
        let reader = try QueryReader(json, path: path, limits: limits)
        switch format {
        case CredentialFormatIdentifier.sdJWTVC, CredentialFormatIdentifier.legacySDJWTVC:
            let values = try reader.requiredArray("vct_values", limit: limits.maximumValues)
            self = .sdJWTVC(vctValues: try reader.strings(values, at: reader.location("vct_values")))
        case CredentialFormatIdentifier.mdoc:
            self = .mdoc(doctypeValue: try reader.requiredString("doctype_value"))
        case CredentialFormatIdentifier.jwtVCJSON, CredentialFormatIdentifier.ldpVC:
            var alternatives: [[String]] = []
            let entries = try reader.requiredArray("type_values", limit: limits.maximumValues)
            for (index, entry) in entries.enumerated() {
                let location = "\(reader.location("type_values"))[\(index)]"
                guard let types = entry.arrayValue, !types.isEmpty, types.count <= limits.maximumValues else {
                    throw .invalidQuery(path: location, reason: "must be a non-empty array of type IRIs")
                }
                alternatives.append(try reader.strings(types, at: location))
            }
            self = .w3c(typeValues: alternatives)
        default:
            self = .other(reader.object)
        }
    }

    /// Whether a credential with these type identifiers (its `vct` and the types it extends,
    /// its doctype, or its expanded W3C types) satisfies the constraint.
    func isSatisfied(byTypes types: [String]) -> Bool {
        switch self {
        case let .sdJWTVC(vctValues): return vctValues.contains { types.contains($0) }
        case let .mdoc(doctypeValue): return types.contains(doctypeValue)
        case let .w3c(typeValues):
            let present = Set(types)
            return typeValues.contains { $0.allSatisfy(present.contains) }
        case .other: return true
        }
    }
}

/// The credential format identifiers of OpenID4VP 1.0 Appendix B.
public enum CredentialFormatIdentifier {
    /// IETF SD-JWT VC.
    public static let sdJWTVC = "dc+sd-jwt"
    /// The pre-1.0 SD-JWT VC identifier, still sent by some verifiers.
    public static let legacySDJWTVC = "vc+sd-jwt"
    /// ISO mdoc.
    public static let mdoc = "mso_mdoc"
    /// W3C VC secured as a JWT.
    public static let jwtVCJSON = "jwt_vc_json"
    /// W3C VC secured with Data Integrity.
    public static let ldpVC = "ldp_vc"
}

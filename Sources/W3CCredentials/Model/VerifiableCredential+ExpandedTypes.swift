import JSONLD
import JSONModel

extension VerifiableCredential {
    /// The credential's types as IRIs, after its `@context` is applied: what OpenID4VP's
    /// DCQL `type_values` name (Appendix B.1.1), e.g.
    /// `https://www.w3.org/2018/credentials#VerifiableCredential`.
    ///
    /// Contexts come from `options`' loader (the bundled set by default), never silently
    /// from the network.
    public func expandedTypes(options: JSONLDOptions = JSONLDOptions()) async throws(JSONLDError) -> [String] {
        let expanded = try await JSONLDAPI.expand(json, options: options)
        let node = expanded.arrayValue?.first ?? expanded
        return node["@type"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

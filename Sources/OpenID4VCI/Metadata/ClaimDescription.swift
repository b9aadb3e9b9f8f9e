import Foundation
import JSONModel

/// A claim a credential configuration contains, as issuer metadata describes it
/// (OpenID4VCI 1.0 §B.2): where it is, whether the issuer always includes it, and how to
/// label it.
///
/// The order of descriptions is the order a wallet shows the claims in.
public struct ClaimDescription: Sendable, Hashable {
    /// `path`: a claims path pointer into the credential (for mdoc: namespace, element).
    public var path: ClaimPath
    /// `mandatory`: the issuer always includes this claim; default `false`.
    public var mandatory: Bool
    /// `display`: labels per language.
    public var display: [ClaimDisplay]

    /// A claim description, for issuers and tests that build metadata in code.
    public init(path: ClaimPath, mandatory: Bool = false, display: [ClaimDisplay] = []) {
        self.path = path
        self.mandatory = mandatory
        self.display = display
    }

    /// The most claim descriptions one configuration may have: a bound for untrusted input.
    public static let maximumCount = 1_024

    init(_ members: JSONMembers) throws(OpenID4VCIError) {
        guard let value = members.object["path"] else { throw members.fail("path", "missing") }
        do {
            path = try ClaimPath(json: value)
        } catch {
            throw members.fail("path", "not a claims path pointer: \(error)")
        }
        mandatory = try members.bool("mandatory") ?? false
        let entries = try members.objects("display", limit: 64) ?? []
        var display = [ClaimDisplay]()
        for entry in entries { display.append(try ClaimDisplay(entry)) }
        try checkUniqueLocales(display.map(\.locale), members: members, name: "display")
        self.display = display
    }

    /// Reads a `claims` array (1.0 final and draft 15 shape), refusing repeated or contradictory
    /// paths as §B.3 requires.
    static func list(_ members: JSONMembers, name: String) throws(OpenID4VCIError) -> [ClaimDescription] {
        guard let entries = try members.objects(name, limit: maximumCount) else { return [] }
        var claims = [ClaimDescription]()
        for entry in entries { claims.append(try ClaimDescription(entry)) }
        try checkConsistency(claims, members: members, name: name)
        return claims
    }

    /// Reads the draft 13 map shape (`{"namespace": {"claim": {"display": [...]}}}` or nested
    /// claim objects) into paths, so older issuers still show labelled claims.
    static func legacyMap(_ members: JSONMembers, name: String) throws(OpenID4VCIError) -> [ClaimDescription] {
        guard let map = try members.object(name) else { return [] }
        var claims = [ClaimDescription]()
        try flatten(map, prefix: [], into: &claims, depth: 0)
        try checkConsistency(claims, members: members, name: name)
        return claims
    }

    private static let leafMembers: Set<String> = ["display", "mandatory", "value_type"]

    private static func flatten(
        _ map: JSONMembers, prefix: [ClaimPath.Component], into claims: inout [ClaimDescription], depth: Int
    ) throws(OpenID4VCIError) {
        guard depth < 8 else { throw map.fail("", "claims nested deeper than 8 levels") }
        for (name, value) in map.object {
            guard case let .object(object) = value else { throw map.fail(name, "not an object") }
            let entry = JSONMembers(object, path: map.memberPath(name), failure: map.failure)
            let components = prefix + [.key(name)]
            let isLeaf = object.isEmpty || object.keys.contains { leafMembers.contains($0) }
            if isLeaf {
                guard claims.count < maximumCount else { throw map.fail(name, "more than \(maximumCount) claims") }
                var display = [ClaimDisplay]()
                for item in try entry.objects("display", limit: 64) ?? [] { display.append(try ClaimDisplay(item)) }
                guard let path = try? ClaimPath(components) else { throw map.fail(name, "not a claim path") }
                claims.append(ClaimDescription(path: path, mandatory: try entry.bool("mandatory") ?? false, display: display))
            } else {
                try flatten(entry, prefix: components, into: &claims, depth: depth + 1)
            }
        }
    }

    /// §B.3: the same claim twice, `null` and an index into the same array, or one claim used
    /// both as an array and as an object, abort processing.
    private static func checkConsistency(
        _ claims: [ClaimDescription], members: JSONMembers, name: String
    ) throws(OpenID4VCIError) {
        var seen = Set<ClaimPath>()
        // For each prefix: whether the next component was a name, an index, or null.
        var usage = [[ClaimPath.Component]: String]()
        for (index, claim) in claims.enumerated() {
            guard seen.insert(claim.path).inserted else {
                throw members.fail("\(name)[\(index)].path", "\(claim.path) is described twice")
            }
            let components = claim.path.components
            for position in components.indices.dropFirst() {
                let prefix = Array(components[..<position])
                let kind: String
                switch components[position] {
                case .key: kind = "object"
                case .index: kind = "index"
                case .allElements: kind = "all"
                }
                if let earlier = usage[prefix], earlier != kind {
                    throw members.fail("\(name)[\(index)].path", "\(claim.path) contradicts an earlier path (\(earlier) vs \(kind))")
                }
                usage[prefix] = kind
            }
        }
    }
}

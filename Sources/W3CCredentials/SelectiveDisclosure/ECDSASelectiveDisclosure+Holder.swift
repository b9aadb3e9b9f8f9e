import JSONModel
import Multiformats

/// What a holder needs around ``ECDSASelectiveDisclosure/derive(_:selectivePointers:toRDF:)``:
/// telling a base proof from a derived one, what every derivation reveals whatever is asked,
/// and the JSON pointers of the claim paths a query names.
extension ECDSASelectiveDisclosure {
    /// Whether `proofValue` is an ecdsa-sd-2023 base proof value (header `0xd9 0x5d 0x00`).
    public static func isBaseProofValue(_ proofValue: String) -> Bool {
        guard proofValue.hasPrefix("u"), let bytes = try? Multibase.decode(proofValue, expecting: .base64url) else {
            return false
        }
        return bytes.starts(with: [0xd9, UInt8(ECDSASDProofValue.baseTag >> 8), UInt8(ECDSASDProofValue.baseTag & 0xff)])
    }

    /// The ecdsa-sd-2023 base proof value of `document`, or `nil` when its proof is not one
    /// (another suite, a derived proof, or none): read, not verified.
    public static func baseProofValue(of document: JSONValue) -> ECDSASDBaseProofValue? {
        guard let proof = document["proof"]?.objectValue, proof["cryptosuite"]?.stringValue == DataIntegrityCryptosuite.ecdsaSD2023.rawValue,
            let value = proof["proofValue"]?.stringValue, isBaseProofValue(value)
        else { return nil }
        return try? ECDSASDBaseProofValue(proofValue: value)
    }

    /// The claims every proof derived from `document`'s base proof reveals, whatever is
    /// selected: the leaves of what its mandatory pointers select (with the `@context`, and the
    /// `id` and `type` of every object on the way), as claim paths — what a consent screen
    /// lists beside the claims asked for.
    public static func alwaysDisclosedPaths(of document: JSONValue) throws(DataIntegrityError) -> [ClaimPath] {
        guard let value = baseProofValue(of: document), var unsecured = document.objectValue else { throw .missingProof }
        unsecured["proof"] = nil
        guard let revealed = try JSONPointerSelection.select(value.mandatoryPointers, from: unsecured) else { return [] }
        return leafPaths(of: revealed)
    }

    /// The JSON pointer (RFC 6901) of a concrete claim path (names and indices only); `nil`
    /// for a path with an "all elements" step, which names no single value.
    public static func pointer(for path: ClaimPath) -> String? {
        var pointer = ""
        for component in path.components {
            switch component {
            case let .key(name): pointer += "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case let .index(index): pointer += "/\(index)"
            case .allElements: return nil
            }
        }
        return pointer
    }

    /// Pointers to every member of `document` but `proof` and `@context` (which every
    /// derivation carries): a derivation from them reveals the whole credential. What a
    /// holder presents where nothing selects claims, so the base proof itself — with its
    /// HMAC key — never leaves the wallet.
    public static func wholeDocumentPointers(of document: JSONValue) -> [String] {
        (document.objectValue?.keys ?? []).filter { $0 != "proof" && $0 != "@context" }.compactMap { name in
            try? pointer(for: ClaimPath([.key(name)]))
        }
    }

    /// The paths of the leaves of `object`: every value that is not an object (an array is a
    /// leaf, as a claim path names it whole), depth first.
    public static func leafPaths(of object: JSONObject) -> [ClaimPath] {
        func walk(_ value: JSONValue, _ path: [ClaimPath.Component], depth: Int) -> [[ClaimPath.Component]] {
            guard case let .object(members) = value, !members.isEmpty, depth < 32 else { return path.isEmpty ? [] : [path] }
            return members.flatMap { walk($0.value, path + [.key($0.name)], depth: depth + 1) }
        }
        return walk(.object(object), [], depth: 0).compactMap { try? ClaimPath($0) }
    }
}

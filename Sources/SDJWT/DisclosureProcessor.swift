import JSONModel

/// A claim a Disclosure revealed, and where it sits in the processed payload.
///
/// The list of these is what a Holder needs to choose Disclosures by claim path, and what
/// SD-JWT VC type metadata needs to tell a selectively disclosed claim (`sd: always`) from a
/// plain one.
public struct DisclosedClaim: Sendable, Hashable {
    /// The concrete path (names and indices only) of the claim in the processed payload.
    public let path: [ClaimPath.Component]
    /// The Disclosure that revealed it.
    public let disclosure: Disclosure
}

/// Rebuilds the processed payload from the Issuer-signed payload and the Disclosures,
/// enforcing every rule of RFC 9901 §7.1 step 3–5.
///
/// One pass over the payload: each `_sd` digest and `{"...": digest}` element is looked up
/// among the Disclosures' digests, the matching value is inserted and processed in turn
/// (recursive Disclosures), and unmatched digests (decoys, withheld claims) are dropped.
/// Plain members keep their order; disclosed members follow them in digest order.
struct DisclosureProcessor {
    let hashAlgorithm: SDHashAlgorithm
    let limits: SDJWTLimits
    private let disclosures: [Disclosure]
    private let digests: [String]
    private var indexByDigest: [String: Int]
    private var used: [Bool]
    private var seenDigests: Set<String> = []
    private(set) var disclosedClaims: [DisclosedClaim] = []

    /// Hashes every Disclosure; a Disclosure sent twice is refused here.
    init(disclosures: [Disclosure], hashAlgorithm: SDHashAlgorithm, limits: SDJWTLimits) throws(SDJWTError) {
        self.hashAlgorithm = hashAlgorithm
        self.limits = limits
        self.disclosures = disclosures
        var digests = [String]()
        digests.reserveCapacity(disclosures.count)
        var index = [String: Int](minimumCapacity: disclosures.count)
        for (position, disclosure) in disclosures.enumerated() {
            let digest = disclosure.digest(using: hashAlgorithm)
            guard index.updateValue(position, forKey: digest) == nil else {
                throw .repeatedDisclosure(digest: digest)
            }
            digests.append(digest)
        }
        self.digests = digests
        self.indexByDigest = index
        self.used = Array(repeating: false, count: disclosures.count)
        self.disclosedClaims.reserveCapacity(disclosures.count)
    }

    /// The processed payload: Disclosures inserted, `_sd`, `_sd_alg` and undisclosed array
    /// elements removed. Throws if any Disclosure was left unreferenced.
    mutating func process(_ payload: JSONObject) throws(SDJWTError) -> JSONObject {
        var payload = payload
        payload["_sd_alg"] = nil
        let processed = try processObject(payload, path: [], depth: 1)
        if let unused = used.firstIndex(of: false) {
            throw .unreferencedDisclosure(digest: digests[unused])
        }
        return processed
    }

    private mutating func processValue(
        _ value: JSONValue, path: [ClaimPath.Component], depth: Int
    ) throws(SDJWTError) -> JSONValue {
        switch value {
        case .object(let object): return .object(try processObject(object, path: path, depth: depth))
        case .array(let array): return .array(try processArray(array, path: path, depth: depth))
        default: return value
        }
    }

    private mutating func processObject(
        _ object: JSONObject, path: [ClaimPath.Component], depth: Int
    ) throws(SDJWTError) -> JSONObject {
        guard depth <= limits.maximumDepth else {
            throw .limitExceeded("the processed payload is nested deeper than \(limits.maximumDepth)")
        }
        var output = JSONObject()
        var embedded: [JSONValue] = []
        for (name, value) in object {
            switch name {
            case "_sd":
                guard case .array(let list) = value else { throw .invalidPayload("_sd is not an array") }
                embedded = list
            case "...":
                throw .invalidPayload("... is used outside an array element digest")
            case "_sd_alg":
                throw .invalidPayload("_sd_alg is below the top level")
            default:
                output[name] = try processValue(value, path: path + [.key(name)], depth: depth + 1)
            }
        }
        for element in embedded {
            guard case .string(let digest) = element else { throw .invalidPayload("_sd holds a non-string") }
            guard let index = try lookUp(digest) else { continue }
            let disclosure = disclosures[index]
            guard let name = disclosure.claimName else { throw .disclosureKindMismatch(digest: digest) }
            guard name != "_sd", name != "..." else { throw .reservedClaimName(name) }
            guard !output.contains(name) else { throw .claimNameCollision(name) }
            let claimPath = path + [.key(name)]
            disclosedClaims.append(DisclosedClaim(path: claimPath, disclosure: disclosure))
            output[name] = try processValue(disclosure.value, path: claimPath, depth: depth + 1)
        }
        return output
    }

    private mutating func processArray(
        _ array: [JSONValue], path: [ClaimPath.Component], depth: Int
    ) throws(SDJWTError) -> [JSONValue] {
        guard depth <= limits.maximumDepth else {
            throw .limitExceeded("the processed payload is nested deeper than \(limits.maximumDepth)")
        }
        var output = [JSONValue]()
        output.reserveCapacity(array.count)
        for element in array {
            if case .object(let object) = element, let reference = object["..."] {
                guard object.count == 1, case .string(let digest) = reference else {
                    throw .invalidPayload("an array element has ... beside other members or a non-string digest")
                }
                guard let index = try lookUp(digest) else { continue }
                let disclosure = disclosures[index]
                guard disclosure.isArrayElement else { throw .disclosureKindMismatch(digest: digest) }
                let elementPath = path + [.index(output.count)]
                disclosedClaims.append(DisclosedClaim(path: elementPath, disclosure: disclosure))
                output.append(try processValue(disclosure.value, path: elementPath, depth: depth + 1))
            } else {
                output.append(try processValue(element, path: path + [.index(output.count)], depth: depth + 1))
            }
        }
        return output
    }

    /// Records a digest met in the payload; returns the Disclosure it references, if any.
    private mutating func lookUp(_ digest: String) throws(SDJWTError) -> Int? {
        guard seenDigests.count < limits.maximumDigests else {
            throw .limitExceeded("more than \(limits.maximumDigests) digests")
        }
        guard seenDigests.insert(digest).inserted else { throw .duplicateDigest(digest) }
        guard let index = indexByDigest[digest] else { return nil }
        used[index] = true
        return index
    }
}

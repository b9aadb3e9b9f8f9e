import JSONModel

/// A claim a Disclosure revealed, and where it sits in the processed payload.
///
/// The list of these is what a Holder needs to choose Disclosures by claim path, and what
/// SD-JWT VC type metadata needs to tell a selectively disclosed claim (`sd: always`) from a
/// plain one.
public struct DisclosedClaim: Sendable, Hashable {
    /// The path's components: a slice of one list that holds every claim's path, so the
    /// claims of a credential share one allocation.
    let components: ArraySlice<ClaimPath.Component>
    /// The Disclosure that revealed it.
    public let disclosure: Disclosure
    /// Where the Disclosure sits in the SD-JWT's list.
    let disclosureIndex: Int

    /// The concrete path (names and indices only) of the claim in the processed payload.
    public var path: [ClaimPath.Component] { Array(components) }
}

/// Rebuilds the processed payload from the Issuer-signed payload and the Disclosures,
/// enforcing every rule of RFC 9901 §7.1 step 3–5.
///
/// One pass over the payload: each `_sd` digest and `{"...": digest}` element is looked up
/// among the Disclosures' digests, the matching value is inserted and processed in turn
/// (recursive Disclosures), and unmatched digests (decoys, withheld claims) are dropped.
/// Plain members keep their order; disclosed members follow them in digest order.
///
/// The pass runs over a parsed payload (``process(_:)``, the reference path) or over the
/// payload's JSON as it is read (``processedPayload(readingJSON:parserLimits:)``); both
/// apply the same rules through the same steps below.
struct DisclosureProcessor {
    let hashAlgorithm: SDHashAlgorithm
    let limits: SDJWTLimits
    private let disclosures: [Disclosure]
    /// The Disclosures' digests.
    private let digests: DisclosureDigestIndex
    private var used: [Bool]
    /// Digests met that name no Disclosure, with when each was met (checked for repeats
    /// once the payload has been walked); those that are not a digest's base64url at all, by
    /// their text; and how many digests were met in all.
    private var unmatchedDigests: [DigestOccurrence] = []
    private var seenUndecodableDigests: Set<String> = []
    private var digestCount = 0
    /// The path of the value being processed: pushed and popped around each member, so
    /// descending into a value allocates nothing unless a Disclosure is found there.
    var path: [ClaimPath.Component] = []
    /// While the payload's JSON is read: the Disclosures the `_sd` digests of each open
    /// object named, waiting for the object's end (one list for all of them).
    var pendingMembers: [Int] = []
    /// The paths of the claims found so far.
    private(set) var revealedClaims = RevealedClaimPaths()

    /// Hashes every Disclosure; a Disclosure sent twice is refused here.
    init(disclosures: [Disclosure], hashAlgorithm: SDHashAlgorithm, limits: SDJWTLimits) throws(SDJWTError) {
        self.hashAlgorithm = hashAlgorithm
        self.limits = limits
        self.disclosures = disclosures
        self.digests = DisclosureDigestIndex(disclosures: disclosures, algorithm: hashAlgorithm)
        // Of the Disclosures sent again, the one whose second copy comes first.
        if let repeated = digests.firstRepeat {
            throw .repeatedDisclosure(digest: disclosures[repeated].digest(using: hashAlgorithm))
        }
        self.used = Array(repeating: false, count: disclosures.count)
        self.revealedClaims.reserveCapacity(disclosures.count)
    }

    /// The processed payload: Disclosures inserted, `_sd`, `_sd_alg` and undisclosed array
    /// elements removed. Throws if any Disclosure was left unreferenced.
    ///
    /// This is the reference path, over a parsed payload; ``processedPayload(readingJSON:parserLimits:)``
    /// reads the payload's JSON instead and must agree with it.
    mutating func process(_ payload: JSONObject) throws(SDJWTError) -> JSONObject {
        path.reserveCapacity(8)
        let processed = try processObject(payload, depth: 1) ?? payload
        try checkEveryDigestAndDisclosure()
        return processed
    }

    /// The checks once the whole payload has been walked: no digest met twice, no
    /// Disclosure left unreferenced.
    mutating func checkEveryDigestAndDisclosure() throws(SDJWTError) {
        unmatchedDigests.sort()
        if let repeated = Self.firstRepeat(in: unmatchedDigests),
            let entry = unmatchedDigests.first(where: { $0.order == repeated })
        {
            throw .duplicateDigest(entry.key.encoded)
        }
        if let unused = used.firstIndex(of: false) {
            throw .unreferencedDisclosure(digest: disclosures[unused].digest(using: hashAlgorithm))
        }
    }

    /// The processed form of a value, or `nil` when processing leaves it as it is (no
    /// digest anywhere inside), so plain subtrees are never copied.
    private mutating func processValue(_ value: JSONValue, depth: Int) throws(SDJWTError) -> JSONValue? {
        switch value {
        case .object(let object): return try processObject(object, depth: depth).map(JSONValue.object)
        case .array(let array): return try processArray(array, depth: depth).map(JSONValue.array)
        default: return nil
        }
    }

    /// ``processValue(_:depth:)`` of the value at `component` below the current path.
    private mutating func processValue(
        _ value: JSONValue, at component: ClaimPath.Component, depth: Int
    ) throws(SDJWTError) -> JSONValue? {
        path.append(component)
        defer { path.removeLast() }
        return try processValue(value, depth: depth)
    }

    /// The value of the Disclosure at `index`, disclosed at `component` below the current
    /// path, recorded and processed.
    mutating func disclosedValue(
        of index: Int, at component: ClaimPath.Component, depth: Int
    ) throws(SDJWTError) -> JSONValue {
        path.append(component)
        defer { path.removeLast() }
        revealedClaims.append(path, disclosureIndex: index)
        let value = disclosures[index].value
        return try processValue(value, depth: depth) ?? value
    }

    private mutating func processObject(_ object: JSONObject, depth: Int) throws(SDJWTError) -> JSONObject? {
        guard depth <= limits.maximumDepth else {
            throw .limitExceeded("the processed payload is nested deeper than \(limits.maximumDepth)")
        }
        // Without _sd the members keep their places; the object is copied only if a member
        // changes. With _sd (or, at the top, _sd_alg) it is rebuilt without it, disclosed
        // members appended.
        let embedded = object["_sd"]
        let dropsHashAlgorithm = depth == 1 && object["_sd_alg"] != nil
        var output: JSONObject?
        if embedded != nil || dropsHashAlgorithm {
            // Room for every member and every digest, so the rebuilt object grows once.
            var rebuilt = JSONObject()
            rebuilt.reserveCapacity(object.count + (embedded?.arrayValue?.count ?? 0))
            output = rebuilt
        }
        for (name, value) in object {
            switch name {
            case "_sd":
                continue
            case "...":
                throw .invalidPayload("... is used outside an array element digest")
            case "_sd_alg":
                guard depth == 1 else { throw .invalidPayload("_sd_alg is below the top level") }
                continue
            default:
                var processed: JSONValue?
                if value.isContainer {
                    processed = try processValue(value, at: .key(name), depth: depth + 1)
                }
                if embedded != nil || dropsHashAlgorithm {
                    // Rebuilding: the names come from `object`, so each is new to `output`.
                    output?.append(distinctName: name, processed ?? value)
                } else if let processed {
                    if output == nil { output = object }
                    output?[name] = processed
                }
            }
        }
        guard let embedded else { return output }
        guard case .array(let list) = embedded else { throw .invalidPayload("_sd is not an array") }
        var result = output ?? JSONObject()
        output = nil  // so `result` is the only reference and grows in place
        for element in list {
            guard case .string(let digest) = element else { throw .invalidPayload("_sd holds a non-string") }
            guard let index = try lookUp(digest) else { continue }
            try insertMember(disclosedBy: index, digest: digest, into: &result, depth: depth)
        }
        return result
    }

    /// Adds the claim the Disclosure at `index` reveals to `object`, which sits at `depth`
    /// and whose `_sd` lists `digest`.
    mutating func insertMember(
        disclosedBy index: Int, digest: @autoclosure () -> String, into object: inout JSONObject, depth: Int
    ) throws(SDJWTError) {
        // The Disclosure's parts are read in place: a copy of it would retain each of them.
        guard let name = disclosures[index].claimName else { throw .disclosureKindMismatch(digest: digest()) }
        guard name != "_sd", name != "..." else { throw .reservedClaimName(name) }
        let value = try disclosedValue(of: index, at: .key(name), depth: depth + 1)
        guard !object.updateValue(value, forName: name) else { throw .claimNameCollision(name) }
    }

    /// Whether the Disclosure at `index` is of an array element, as a `{"...": digest}`
    /// element requires.
    func isArrayElement(_ index: Int) -> Bool { disclosures[index].isArrayElement }

    private mutating func processArray(_ array: [JSONValue], depth: Int) throws(SDJWTError) -> [JSONValue]? {
        guard depth <= limits.maximumDepth else {
            throw .limitExceeded("the processed payload is nested deeper than \(limits.maximumDepth)")
        }
        // The array is rebuilt from the first element that changes (a digest or a container
        // with one inside); before that, nothing is copied.
        var output: [JSONValue]?
        for (position, element) in array.enumerated() {
            let outputIndex = output?.count ?? position
            if case .object(let object) = element, let reference = object["..."] {
                guard object.count == 1, case .string(let digest) = reference else {
                    throw .invalidPayload("an array element has ... beside other members or a non-string digest")
                }
                if output == nil { output = Array(array[..<position]) }
                guard let index = try lookUp(digest) else { continue }
                guard disclosures[index].isArrayElement else { throw .disclosureKindMismatch(digest: digest) }
                output?.append(try disclosedValue(of: index, at: .index(outputIndex), depth: depth + 1))
            } else {
                var processed: JSONValue?
                if element.isContainer {
                    processed = try processValue(element, at: .index(outputIndex), depth: depth + 1)
                }
                if let processed {
                    if output == nil { output = Array(array[..<position]) }
                    output?.append(processed)
                } else {
                    output?.append(element)
                }
            }
        }
        return output
    }

    /// Records a digest met in the payload; returns the Disclosure it references, if any.
    ///
    /// A digest seen twice is refused whether or not it names a Disclosure: a Disclosure's
    /// own flag in `used` tells a repeat, so only the other digests (decoys, withheld
    /// claims) need the set.
    private mutating func lookUp(_ digest: String) throws(SDJWTError) -> Int? {
        try countDigest()
        guard let key = DigestKey(encoded: digest, algorithm: hashAlgorithm) else {
            guard seenUndecodableDigests.insert(digest).inserted else { throw .duplicateDigest(digest) }
            return nil
        }
        return try match(key)
    }

    /// ``lookUp(_:)`` of a digest that decoded to `key`.
    mutating func lookUp(_ key: DigestKey) throws(SDJWTError) -> Int? {
        try countDigest()
        return try match(key)
    }

    private mutating func countDigest() throws(SDJWTError) {
        guard digestCount < limits.maximumDigests else {
            throw .limitExceeded("more than \(limits.maximumDigests) digests")
        }
        digestCount += 1
    }

    private mutating func match(_ key: DigestKey) throws(SDJWTError) -> Int? {
        if let index = digests.position(of: key) {
            guard !used[index] else { throw .duplicateDigest(key.encoded) }
            used[index] = true
            return index
        }
        unmatchedDigests.append(DigestOccurrence(key: key, order: digestCount))
        return nil
    }

    /// In a list sorted by key and then by `order`, the smallest `order` of an entry whose
    /// key an earlier entry has too: the first time a digest is met again.
    private static func firstRepeat(in sorted: [DigestOccurrence]) -> Int? {
        var first: Int?
        var previous: DigestKey?
        for occurrence in sorted {
            if occurrence.key == previous { first = min(first ?? occurrence.order, occurrence.order) }
            previous = occurrence.key
        }
        return first
    }

    /// A digest and when it came: a Disclosure's position, or the count of digests met in
    /// the payload up to it. Sorted by digest, then by `order`, which both lists need.
    private struct DigestOccurrence: Comparable {
        let key: DigestKey
        let order: Int

        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.key < rhs.key || (lhs.key == rhs.key && lhs.order < rhs.order)
        }
    }
}

extension JSONValue {
    /// Whether this is an object or an array (the only values that can hold digests).
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}

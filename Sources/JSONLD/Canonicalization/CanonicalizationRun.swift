import CryptoKeys

/// One canonicalization (RDFC-1.0 §4.4): the dataset with its blank nodes numbered and every
/// fixed term already in N-Quads bytes, the blank node to quads map, the first-degree hashes
/// and the canonical issuer. Hashing works on reused byte buffers, never on `String`s.
struct CanonicalizationRun {
    /// A quad position: fixed N-Quads bytes (an IRI or literal) or a blank node's number.
    enum Slot {
        case fixed([UInt8])
        case blank(Int)
    }

    /// A quad with its terms encoded; the predicate is always fixed.
    struct EncodedQuad {
        var subject: Slot
        var predicate: [UInt8]
        var object: Slot
        var graph: Slot?
    }

    let hashAlgorithm: DigestAlgorithm
    let limits: RDFCanonicalizationLimits
    let source: [RDFQuad]
    let quads: [EncodedQuad]
    /// Each blank node's label, by number (numbers follow first appearance: subject, object,
    /// graph of each quad in order, as the blank node to quads map is filled).
    let labels: [String]
    /// Each blank node's place in the code point order of labels: the permutation search
    /// starts from that order, as the reference implementations do.
    let ranks: [Int]
    /// The blank node to quads map (§4.4.3 step 2), by number.
    let quadsByNode: [[Int]]
    var firstDegreeHashes: [[UInt8]] = []
    var canonicalIssuer: IdentifierIssuer
    var deepIterations = 0
    var permutations = 0
    var depth = 0
    /// A scratch buffer for hash inputs.
    var scratch: [UInt8] = []

    init(dataset: RDFDataset, hashAlgorithm: DigestAlgorithm, limits: RDFCanonicalizationLimits)
        throws(RDFCanonicalizationError)
    {
        self.hashAlgorithm = hashAlgorithm
        self.limits = limits
        source = dataset.quads
        var numbers: [String: Int] = [:]
        var labels: [String] = []
        var quadsByNode: [[Int]] = []
        func encode(_ term: RDFTerm, quad: Int) -> Slot {
            guard case let .blankNode(label) = term else {
                var bytes: [UInt8] = []
                term.appendNQuads(to: &bytes)
                return .fixed(bytes)
            }
            let number: Int
            if let known = numbers[label] {
                number = known
            } else {
                number = labels.count
                numbers[label] = number
                labels.append(label)
                quadsByNode.append([])
            }
            if quadsByNode[number].last != quad { quadsByNode[number].append(quad) }
            return .blank(number)
        }
        var quads: [EncodedQuad] = []
        quads.reserveCapacity(source.count)
        for (index, quad) in source.enumerated() {
            guard !quad.predicate.isBlankNode else { throw .blankNodePredicate }
            let subject = encode(quad.subject, quad: index)
            var predicate: [UInt8] = []
            quad.predicate.appendNQuads(to: &predicate)
            let object = encode(quad.object, quad: index)
            let graph = quad.graph.map { encode($0, quad: index) }
            quads.append(EncodedQuad(subject: subject, predicate: predicate, object: object, graph: graph))
        }
        self.quads = quads
        self.labels = labels
        self.quadsByNode = quadsByNode
        var ranks = [Int](repeating: 0, count: labels.count)
        for (rank, node) in labels.indices.sorted(by: { labels[$0].utf8.lexicographicallyPrecedes(labels[$1].utf8) })
            .enumerated()
        {
            ranks[node] = rank
        }
        self.ranks = ranks
        canonicalIssuer = IdentifierIssuer(prefix: "c14n", nodeCount: labels.count)
    }

    // MARK: §4.4.3 The canonicalization algorithm

    /// Steps 3 to 5: first-degree hashes, the unique ones labelled at once, then each group of
    /// look-alike blank nodes told apart by Hash N-Degree Quads.
    mutating func issueCanonicalIdentifiers() throws(RDFCanonicalizationError) {
        var nodesByHash: [HashKey: [Int]] = [:]
        firstDegreeHashes.reserveCapacity(labels.count)
        for node in labels.indices {
            let hash = hashFirstDegreeQuads(node)
            firstDegreeHashes.append(hash)
            nodesByHash[HashKey(bytes: hash), default: []].append(node)
        }
        let sortedHashes = nodesByHash.keys.sorted { CodePointOrder.precedes($0.bytes, $1.bytes) }
        var shared: [[Int]] = []
        for hash in sortedHashes {
            guard let nodes = nodesByHash[hash] else { continue }
            if nodes.count == 1 {
                canonicalIssuer.issue(nodes[0])
            } else {
                shared.append(nodes)
            }
        }
        for nodes in shared {
            var results: [(hash: [UInt8], issuer: IdentifierIssuer)] = []
            for node in nodes where canonicalIssuer.number(of: node) == nil {
                var temporary = IdentifierIssuer(prefix: "b", nodeCount: labels.count)
                temporary.issue(node)
                results.append(try hashNDegreeQuads(node, issuer: temporary))
            }
            let ordered = results.indices.sorted {
                results[$0].hash == results[$1].hash
                    ? $0 < $1 : CodePointOrder.precedes(results[$0].hash, results[$1].hash)
            }
            for index in ordered {
                for node in results[index].issuer.order { canonicalIssuer.issue(node) }
            }
        }
    }

    /// Step 6: the quads relabelled, their canonical lines sorted, and the issued identifiers.
    func result() -> CanonicalizedDataset {
        func relabel(_ term: RDFTerm, _ slot: Slot) -> RDFTerm {
            guard case let .blank(node) = slot, let number = canonicalIssuer.number(of: node) else { return term }
            return .blankNode(canonicalIssuer.identifier(number))
        }
        var lines: [[UInt8]] = []
        var relabelledQuads: [RDFQuad] = []
        lines.reserveCapacity(source.count)
        relabelledQuads.reserveCapacity(source.count)
        for (quad, encoded) in zip(source, quads) {
            let relabelled = RDFQuad(
                subject: relabel(quad.subject, encoded.subject),
                predicate: quad.predicate,
                object: relabel(quad.object, encoded.object),
                graph: quad.graph.map { relabel($0, encoded.graph ?? .fixed([])) })
            var line: [UInt8] = []
            relabelled.appendNQuads(to: &line)
            lines.append(line)
            relabelledQuads.append(relabelled)
        }
        // Sort positions, not the quads: an RDFQuad is many words wide.
        let order = lines.indices.sorted { CodePointOrder.precedes(lines[$0], lines[$1]) }
        var text: [UInt8] = []
        text.reserveCapacity(lines.reduce(0) { $0 + $1.count })
        for index in order { text.append(contentsOf: lines[index]) }
        var issued: [String: String] = [:]
        for (node, label) in labels.enumerated() {
            if let number = canonicalIssuer.number(of: node) { issued[label] = canonicalIssuer.identifier(number) }
        }
        return CanonicalizedDataset(
            quads: order.map { relabelledQuads[$0] }, nQuads: String(decoding: text, as: UTF8.self),
            issuedIdentifiers: issued)
    }

    // MARK: §4.6 Hash First Degree Quads

    /// The hash of `node`'s quads with `node` written `_:a` and every other blank node `_:z`,
    /// lines sorted.
    mutating func hashFirstDegreeQuads(_ node: Int) -> [UInt8] {
        var lines: [[UInt8]] = []
        lines.reserveCapacity(quadsByNode[node].count)
        for index in quadsByNode[node] {
            let quad = quads[index]
            var line: [UInt8] = []
            Self.append(quad.subject, reference: node, to: &line)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: quad.predicate)
            line.append(UInt8(ascii: " "))
            Self.append(quad.object, reference: node, to: &line)
            if let graph = quad.graph {
                line.append(UInt8(ascii: " "))
                Self.append(graph, reference: node, to: &line)
            }
            line.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "."), 0x0A])
            lines.append(line)
        }
        lines.sort(by: CodePointOrder.precedes)
        scratch.removeAll(keepingCapacity: true)
        for line in lines { scratch.append(contentsOf: line) }
        return hexDigest(of: scratch)
    }

    private static func append(_ slot: Slot, reference: Int, to line: inout [UInt8]) {
        switch slot {
        case let .fixed(bytes): line.append(contentsOf: bytes)
        case let .blank(node):
            line.append(contentsOf: [UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: node == reference ? "a" : "z")])
        }
    }

    // MARK: §4.7 Hash Related Blank Node

    /// The hash of `position` (`s`, `o` or `g`), the quad's predicate unless `position` is `g`,
    /// and `related`'s identifier: canonical if issued, else from `issuer` if issued, else its
    /// first-degree hash.
    mutating func hashRelatedBlankNode(
        _ related: Int, quad: EncodedQuad, issuer: IdentifierIssuer, position: UInt8
    ) -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(position)
        if position != UInt8(ascii: "g") { scratch.append(contentsOf: quad.predicate) }
        if let number = canonicalIssuer.number(of: related) {
            canonicalIssuer.appendIdentifier(number, to: &scratch)
        } else if let number = issuer.number(of: related) {
            issuer.appendIdentifier(number, to: &scratch)
        } else {
            scratch.append(contentsOf: firstDegreeHashes[related])
        }
        return hexDigest(of: scratch)
    }

    // MARK: Hashing

    /// The lowercase hexadecimal digest of `bytes`, as UTF-8, written straight into an array
    /// of the final size.
    func hexDigest(of bytes: [UInt8]) -> [UInt8] {
        let count = hashAlgorithm.byteCount * 2
        return [UInt8](unsafeUninitializedCapacity: count) { hex, initialized in
            bytes.withUnsafeBytes { input in
                hashAlgorithm.withDigest(of: input) { digest in
                    for (index, byte) in digest.enumerated() {
                        hex[2 * index] = Self.lowerHexDigit(byte >> 4)
                        hex[2 * index + 1] = Self.lowerHexDigit(byte & 0x0F)
                    }
                }
            }
            initialized = count
        }
    }

    private static func lowerHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }
}

import CryptoKeys

/// RDF Dataset Canonicalization (RDFC-1.0, W3C Recommendation 2024, formerly URDNA2015):
/// gives a dataset's blank nodes labels that depend only on the dataset's content, so that two
/// isomorphic datasets serialize to the same N-Quads bytes — what a Data Integrity proof over
/// a JSON-LD credential hashes and signs.
///
/// ```swift
/// let canonical = try RDFCanonicalizer().canonicalize(dataset)
/// canonical.nQuads              // the sorted canonical N-Quads
/// canonical.issuedIdentifiers   // ["b0": "c14n0", …]
/// ```
///
/// The hash is SHA-256 unless a suite names another (RDFC-1.0 §4.4 allows SHA-384, which
/// `ecdsa-rdfc-2019` with P-384 uses). The work on look-alike blank nodes is bounded by
/// ``limits``: a poison dataset is a typed error, not a hung verifier.
public struct RDFCanonicalizer: Sendable {
    /// The hash algorithm of every step (first-degree, related, N-degree hashes).
    public var hashAlgorithm: DigestAlgorithm
    /// Bounds on the permutation search.
    public var limits: RDFCanonicalizationLimits

    /// A canonicalizer with `hashAlgorithm` (SHA-256 by default) and `limits`.
    public init(hashAlgorithm: DigestAlgorithm = .sha256, limits: RDFCanonicalizationLimits = .default) {
        self.hashAlgorithm = hashAlgorithm
        self.limits = limits
    }

    /// The canonical form of `dataset`.
    public func canonicalize(_ dataset: RDFDataset) throws(RDFCanonicalizationError) -> CanonicalizedDataset {
        var run = try CanonicalizationRun(dataset: dataset, hashAlgorithm: hashAlgorithm, limits: limits)
        try run.issueCanonicalIdentifiers()
        return run.result()
    }

    /// The canonical N-Quads of `dataset`.
    public func canonicalNQuads(_ dataset: RDFDataset) throws(RDFCanonicalizationError) -> String {
        try canonicalize(dataset).nQuads
    }
}

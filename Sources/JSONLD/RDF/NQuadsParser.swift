/// Reads RDF 1.1 N-Quads (and so N-Triples) into an ``RDFDataset``.
///
/// The input is untrusted (a test suite file, a peer's output, a dataset a caller was sent),
/// so every deviation from the grammar is a typed ``NQuadsError`` with its line and column,
/// and the size and statement count are bounded before any work grows with them.
public struct NQuadsParser: Sendable {
    /// Bounds on untrusted input.
    public struct Limits: Sendable, Hashable {
        /// The most bytes of input accepted; default 16 MiB.
        public var maximumSize: Int
        /// The most statements accepted; default 1 000 000.
        public var maximumQuads: Int

        /// Limits with the defaults above.
        public init(maximumSize: Int = 16 << 20, maximumQuads: Int = 1_000_000) {
            self.maximumSize = maximumSize
            self.maximumQuads = maximumQuads
        }

        /// The default limits.
        public static let `default` = Limits()
    }

    /// The bounds this parser checks.
    public var limits: Limits

    /// A parser with `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// The dataset `text` describes (a statement given twice is kept once).
    public func parse(_ text: String) throws(NQuadsError) -> RDFDataset {
        try parse(utf8: Array(text.utf8))
    }

    /// The dataset the UTF-8 `bytes` describe; bytes that are not UTF-8 are refused.
    public func parse(_ bytes: [UInt8]) throws(NQuadsError) -> RDFDataset {
        guard bytes.count <= limits.maximumSize else {
            throw NQuadsError(.tooLarge(limit: limits.maximumSize), line: 1, column: 1)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw NQuadsError(.invalidUTF8, line: 1, column: 1)
        }
        return try parse(utf8: bytes)
    }

    private func parse(utf8 bytes: [UInt8]) throws(NQuadsError) -> RDFDataset {
        guard bytes.count <= limits.maximumSize else {
            throw NQuadsError(.tooLarge(limit: limits.maximumSize), line: 1, column: 1)
        }
        var reader = NQuadsReader(bytes: bytes)
        var dataset = RDFDataset()
        var statements = 0
        while let quad = try reader.nextStatement() {
            statements += 1
            guard statements <= limits.maximumQuads else {
                throw reader.error(.tooManyQuads(limit: limits.maximumQuads))
            }
            dataset.insert(quad)
        }
        return dataset
    }
}

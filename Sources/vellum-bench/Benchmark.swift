/// One thing to time: our operation, and where one exists, the same operation in a Python
/// reference implementation measured in the same run.
struct Benchmark: Sendable {
    /// A stable name, also the key the peer script knows the operation by.
    var name: String
    /// Prepares the inputs (outside the timed region) and returns the timed operation.
    var prepare: @Sendable () async throws -> Operation
    /// The peer operation's name in `Benchmarks/peer_bench.py`, when the peer has one.
    var peer: String?
    /// Another benchmark of this run (registered earlier) that does the same work with
    /// the bare primitive; the table shows this one's median divided by it.
    var baseline: String? = nil

    /// A prepared operation. The work happens inside `run`; `input` carries whatever the
    /// peer must see to do the same work (a file path, a key), passed to the peer script.
    struct Operation: Sendable {
        var run: @Sendable () async throws -> Void
        var peerInput: [String] = []
    }
}

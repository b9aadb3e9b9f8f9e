/// One thing to time: our operation, and where one exists, the same operation in a Python
/// reference implementation measured in the same run.
struct Benchmark: Sendable {
    /// A stable name, also the key the peer script knows the operation by.
    var name: String
    /// Prepares the inputs (outside the timed region) and returns the timed operation.
    var prepare: @Sendable () async throws -> Operation
    /// The peer operation's name in `Benchmarks/peer_bench.py`, when the peer has one.
    var peer: String?

    /// A prepared operation. The work happens inside `run`; `input` carries whatever the
    /// peer must see to do the same work (a file path, a key), passed to the peer script.
    struct Operation: Sendable {
        var run: @Sendable () async throws -> Void
        var peerInput: [String] = []
    }
}

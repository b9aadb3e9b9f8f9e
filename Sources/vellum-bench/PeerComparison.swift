/// A Python peer's time beside Vellum's, taken in rounds.
///
/// The peer runs in its own process, so its samples cannot alternate with ours batch by
/// batch as a bare baseline's do. Dividing one median by another taken seconds apart lets
/// a machine whose speed drifts (a shared VM) move the ratio by tens of percent. Each
/// round therefore times the peer and then Vellum again, right after, and the reported
/// ratio is the median of the rounds' ratios: drift over a round moves both sides alike.
struct PeerComparison {
    /// Rounds per comparison: an odd number, so the median is one round's ratio.
    static let rounds = 3

    /// The median of the peer's per-round medians.
    let peerMedian: Double
    /// The median of the per-round ratios peer ÷ Vellum (above 1: Vellum is faster).
    let ratio: Double

    /// Compares `operation` with the peer benchmark `peer`, splitting the samples of
    /// `runner` and `peers` over the rounds (at least five per round).
    static func measure(
        _ peer: String, input: [String], operation: Benchmark.Operation, runner: Runner, peers: PeerRunner
    ) async throws -> PeerComparison? {
        var roundRunner = runner
        roundRunner.samples = max(5, runner.samples / rounds)
        var roundPeers = peers
        roundPeers.samples = max(5, peers.samples / rounds)
        var peerMedians: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let theirs = try roundPeers.measure(peer, input: input)
            guard let ours = try await roundRunner.measure(operation), ours.median > 0 else { return nil }
            peerMedians.append(theirs.median)
            ratios.append(theirs.median / ours.median)
        }
        guard let peerMedian = Statistics(perOperationNanoseconds: peerMedians)?.median,
            let ratio = Statistics(perOperationNanoseconds: ratios)?.median
        else { return nil }
        return PeerComparison(peerMedian: peerMedian, ratio: ratio)
    }
}

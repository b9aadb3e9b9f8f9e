import Foundation

/// Times operations the same way the peer script does: a short warm-up, then `samples`
/// batches, each batch sized so it lasts at least `minimumBatch`, reporting per-operation
/// times of the batches.
struct Runner: Sendable {
    var samples = 15
    var minimumBatch: Duration = .milliseconds(20)
    /// Time by the process's CPU clock instead of the wall clock: steadier on a machine
    /// that is busy with other work, and fair for Vellum's single-threaded operations (the
    /// peers are always timed by the wall clock).
    var usesCPUTime = false

    func measure(_ operation: Benchmark.Operation) async throws -> Statistics? {
        let batch = try await batchSize(operation)
        var perOperation: [Double] = []
        for _ in 0..<samples {
            let elapsed = try await time(operation, times: batch)
            perOperation.append(elapsed.nanoseconds / Double(batch))
        }
        return Statistics(perOperationNanoseconds: perOperation)
    }

    /// Times `operation` and `baseline` in alternating batches and returns the operation's
    /// statistics with the median of the per-pair ratios operation ÷ baseline.
    ///
    /// On a shared machine the speed drifts by tens of percent over seconds; timing the two
    /// side by side cancels the drift out of the ratio, where dividing two medians taken
    /// seconds apart does not.
    func measurePaired(
        _ operation: Benchmark.Operation, against baseline: Benchmark.Operation
    ) async throws -> (statistics: Statistics, ratio: Double)? {
        let batch = try await batchSize(operation)
        let baselineBatch = try await batchSize(baseline)
        var perOperation: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<samples {
            let base = try await time(baseline, times: baselineBatch).nanoseconds / Double(baselineBatch)
            let ours = try await time(operation, times: batch).nanoseconds / Double(batch)
            perOperation.append(ours)
            if base > 0 { ratios.append(ours / base) }
        }
        guard let statistics = Statistics(perOperationNanoseconds: perOperation),
              let ratio = Statistics(perOperationNanoseconds: ratios)?.median
        else { return nil }
        return (statistics, ratio)
    }

    /// Warms up and finds a batch size that makes one batch last long enough to time.
    private func batchSize(_ operation: Benchmark.Operation) async throws -> Int {
        var batch = 1
        while true {
            let elapsed = try await time(operation, times: batch)
            if elapsed >= minimumBatch || batch >= 1 << 20 { return batch }
            batch *= 2
        }
    }

    /// Runs `operation` `times` times untimed (for `perf`).
    static func repeatRun(_ operation: Benchmark.Operation, times: Int) async throws {
        for _ in 0..<times { try await operation.run() }
    }

    private func time(_ operation: Benchmark.Operation, times: Int) async throws -> Duration {
        if usesCPUTime {
            let start = Self.processCPUTime()
            for _ in 0..<times { try await operation.run() }
            return Self.processCPUTime() - start
        }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<times { try await operation.run() }
        return clock.now - start
    }

    private static func processCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Per-operation timings of one benchmark, in nanoseconds.
struct Statistics: Sendable {
    var median: Double
    var min: Double
    var max: Double
    var samples: Int

    /// Summarises per-operation sample times; `nil` for an empty list.
    init?(perOperationNanoseconds values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2)
            ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        min = sorted[0]
        max = sorted[sorted.count - 1]
        samples = sorted.count
    }

    init(median: Double, min: Double, max: Double, samples: Int) {
        self.median = median
        self.min = min
        self.max = max
        self.samples = samples
    }
}

extension Double {
    /// A duration in nanoseconds printed with a unit a reader can take in at a glance.
    var formattedDuration: String {
        switch self {
        case ..<1_000: return String(format: "%.0f ns", self)
        case ..<1_000_000: return String(format: "%.2f µs", self / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", self / 1_000_000)
        default: return String(format: "%.2f s", self / 1_000_000_000)
        }
    }
}

import Foundation

/// Every benchmark `vellum-bench` knows, in the order they run.
enum BenchmarkRegistry {
    static let all: [Benchmark] = JOSEBenchmarks.all + CBORBenchmarks.all
}

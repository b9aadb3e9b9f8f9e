/// Every benchmark `vellum-bench` knows, in the order they run.
enum BenchmarkRegistry {
    static let all: [Benchmark] = KeyBenchmarks.all + RecoverableBenchmarks.all + JOSEBenchmarks.all + CBORBenchmarks.all
        + OpenDIDBenchmarks.all + SDJWTBenchmarks.all + MDocBenchmarks.all + OpenID4VPBenchmarks.all + WalletBenchmarks.all
        + JSONLDBenchmarks.all + LinkedDataProofBenchmarks.all + AnonCredsBenchmarks.all
}

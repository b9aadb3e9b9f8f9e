import Foundation

/// `vellum-bench [--filter TEXT | --only NAME] [--samples N] [--no-peers] [--cpu-time]`
/// `vellum-bench --only NAME --repeat N`
///
/// Prints, per benchmark, the median, minimum and maximum time of one operation, and where a
/// Python peer implements the same operation, the peer's median and the ratio
/// peer ÷ Vellum (above 1 means Vellum is faster), taken in rounds that time the peer and
/// then Vellum again (see ``PeerComparison``). Build in release mode:
/// `swift run -c release vellum-bench`. `--only` runs the one benchmark so named, which is
/// what a profiler wants (a `--filter` also matches the bare baselines). A benchmark with a
/// baseline that has run is timed in alternation with it, and its "÷ bare" column is the
/// median of the paired ratios.
///
/// `--repeat N` with `--only` runs that one operation exactly `N` times after preparing it
/// and prints nothing else: for `perf stat`, whose instruction and cycle counts for a fixed
/// amount of work stay steady on a machine whose clock speed does not.
var filter: String?
var only: String?
var samples = 15
var usePeers = true
var usesCPUTime = false
var repetitions: Int?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--filter": filter = arguments.next()
    case "--only": only = arguments.next()
    case "--samples": samples = arguments.next().flatMap(Int.init) ?? samples
    case "--no-peers": usePeers = false
    case "--cpu-time": usesCPUTime = true
    case "--repeat": repetitions = arguments.next().flatMap(Int.init)
    case "-h", "--help":
        print("usage: vellum-bench [--filter TEXT | --only NAME] [--samples N] [--no-peers] [--cpu-time]")
        print("       vellum-bench --only NAME --repeat N")
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

if let repetitions {
    guard let only, let benchmark = BenchmarkRegistry.all.first(where: { $0.name == only }) else {
        FileHandle.standardError.write(Data("--repeat needs --only with a benchmark's name\n".utf8))
        exit(2)
    }
    let operation = try await benchmark.prepare()
    // Top-level code runs on the main actor; the loop runs off it, as the Runner's does,
    // so a profile shows no hop to the main thread and back around every run.
    try await Runner.repeatRun(operation, times: repetitions)
    exit(0)
}

let packageRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let runner = Runner(samples: samples, usesCPUTime: usesCPUTime)
let peers = PeerRunner(packageRoot: packageRoot, samples: samples)
if usePeers, peers.python == nil {
    print("note: Python peers not installed (Scripts/setup-peers.sh); printing Vellum only")
}

#if DEBUG
print("note: this is a debug build; measure with `swift run -c release vellum-bench`")
#endif

let header = ["benchmark", "median", "min", "max", "peer median", "peer ÷ vellum", "÷ bare"]
var rows: [[String]] = []
var medians: [String: Double] = [:]
/// Prepared operations by name, so a benchmark can be timed side by side with its baseline.
var operations: [String: Benchmark.Operation] = [:]
let selected = BenchmarkRegistry.all.filter { benchmark in
    if let only { return benchmark.name == only }
    return filter.map { benchmark.name.contains($0) } ?? true
}
for benchmark in selected {
    do {
        let operation = try await benchmark.prepare()
        operations[benchmark.name] = operation
        var ratio: Double?
        let ours: Statistics
        if let baseline = benchmark.baseline, let bare = operations[baseline] {
            // Side by side with the baseline: the ratio is the median of paired samples.
            guard let paired = try await runner.measurePaired(operation, against: bare) else { continue }
            (ours, ratio) = (paired.statistics, paired.ratio)
        } else {
            guard let measured = try await runner.measure(operation) else { continue }
            ours = measured
        }
        medians[benchmark.name] = ours.median
        var row = [benchmark.name, ours.median.formattedDuration,
                   ours.min.formattedDuration, ours.max.formattedDuration, "-", "-", "-"]
        if let baseline = benchmark.baseline, let ratio {
            row[6] = String(format: "%.2f× %@", ratio, baseline)
        }
        if usePeers, peers.python != nil, let peer = benchmark.peer {
            do {
                if let compared = try await PeerComparison.measure(
                    peer, input: operation.peerInput, operation: operation, runner: runner, peers: peers)
                {
                    row[4] = compared.peerMedian.formattedDuration + " (\(peer.split(separator: ".").first ?? ""))"
                    row[5] = String(format: "%.2f×", compared.ratio)
                }
            } catch {
                row[4] = "error: \(error)"
            }
        }
        rows.append(row)
        print(row.joined(separator: " | "))
    } catch {
        print("\(benchmark.name) | error: \(error)")
    }
}

print("")
print(TablePrinter(header: header, rows: rows).rendered)

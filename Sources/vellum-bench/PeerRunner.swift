import Foundation

/// Runs `Benchmarks/peer_bench.py` in the Python peers' virtualenv to time the same
/// operation in the reference implementation, in the same run and on the same machine.
struct PeerRunner: Sendable {
    var packageRoot: URL
    var samples: Int

    /// The virtualenv's interpreter, when `Scripts/setup-peers.sh` has made it.
    var python: URL? {
        let url = packageRoot.appendingPathComponent(".build/peers-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    enum Failure: Error, CustomStringConvertible {
        case noVirtualenv
        case peerFailed(String)
        var description: String {
            switch self {
            case .noVirtualenv: return "no peers virtualenv (run Scripts/setup-peers.sh)"
            case .peerFailed(let message): return "peer failed: \(message)"
            }
        }
    }

    func measure(_ name: String, input: [String]) throws -> Statistics {
        guard let python else { throw Failure.noVirtualenv }
        let process = Process()
        process.executableURL = python
        process.arguments = [
            packageRoot.appendingPathComponent("Benchmarks/peer_bench.py").path,
            name, String(samples),
        ] + input
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let median = object["median_ns"] as? Double,
              let min = object["min_ns"] as? Double,
              let max = object["max_ns"] as? Double
        else {
            throw Failure.peerFailed(String(decoding: errorData, as: UTF8.self))
        }
        return Statistics(median: median, min: min, max: max, samples: samples)
    }
}

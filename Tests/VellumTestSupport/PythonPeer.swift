import Foundation
import Testing

/// Runs the Python reference implementations (the "peers") for interop tests.
///
/// `Scripts/setup-peers.sh` makes a virtualenv at `.build/peers-venv` with pinned versions of
/// `jwcrypto`, `pycose`, `cbor2`, `sd-jwt`, `pymdoccbor` and the others; `.ci/run` calls it.
/// Peer scripts live in `Tests/Peers/`. Interop tests are gated with
/// `.enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage)`, so a machine without
/// Python says why they did not run instead of failing.
public enum PythonPeer {
    /// The message a test prints when it is skipped for want of the peers.
    public static let skipMessage: Comment =
        "skipped: Python peers not installed (run Scripts/setup-peers.sh)"

    /// The virtualenv's interpreter, or `nil` when the virtualenv has not been made.
    public static let python: URL? = {
        let env = ProcessInfo.processInfo.environment["VELLUM_PEERS_PYTHON"]
        let url = env.map { URL(fileURLWithPath: $0) }
            ?? PackageRoot.url.appendingPathComponent(".build/peers-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    /// Whether the peers can be run.
    public static var isAvailable: Bool { python != nil }

    /// A failed peer run: its exit status and what it wrote to standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var standardError: String
        public var description: String { "peer exited \(status): \(standardError)" }
    }

    /// Runs `Tests/Peers/<script>` with `arguments`, feeding `input` on standard input, and
    /// returns what it wrote to standard output. Throws ``Failure`` on a non-zero exit.
    /// `interpreter` runs it with another Python than the peers virtualenv's (ACA-Py's own
    /// code needs ``ACAPyAgent/python``).
    ///
    /// The child is waited for on a Dispatch thread (see ``offCooperativePool(_:)``): a peer
    /// takes a second or more to start, and blocking the concurrency pool that long starves
    /// the loopback servers other tests run in this process.
    public static func run(
        _ script: String, arguments: [String] = [], input: Data = Data(), interpreter: URL? = nil
    ) async throws -> Data {
        try await offCooperativePool {
            try runBlocking(script, arguments: arguments, input: input, interpreter: interpreter)
        }
    }

    /// ``run(_:arguments:input:)`` on the calling thread, for code already off the pool.
    public static func runBlocking(
        _ script: String, arguments: [String] = [], input: Data = Data(), interpreter: URL? = nil
    ) throws -> Data {
        guard let python = interpreter ?? python else { throw Failure(status: -1, standardError: "no peers virtualenv") }
        let script = PackageRoot.url.appendingPathComponent("Tests/Peers/\(script)").path
        let result = try ChildProcess.run(python, arguments: [script] + arguments, input: input)
        guard result.status == 0 else {
            throw Failure(status: result.status, standardError: result.errorText)
        }
        return result.standardOutput
    }

    /// Runs a peer script and decodes its standard output as a JSON object.
    public static func runJSON(
        _ script: String, arguments: [String] = [], input: Data = Data(), interpreter: URL? = nil
    ) async throws -> [String: Any] {
        let output = try await run(script, arguments: arguments, input: input, interpreter: interpreter)
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(status: 0, standardError: "peer output is not a JSON object")
        }
        return object
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public static func run(
        _ script: String, arguments: [String] = [], input: Data = Data()
    ) throws -> Data {
        guard let python else { throw Failure(status: -1, standardError: "no peers virtualenv") }
        // A peer that exits before reading its input must not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = python
        process.arguments = [PackageRoot.url.appendingPathComponent("Tests/Peers/\(script)").path] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently so a large payload cannot deadlock on full pipes.
        let writer = Thread {
            writeAll(input, to: stdin.fileHandleForWriting.fileDescriptor)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorBox = DataBox()
        let errorReader = Thread { errorBox.value = readAll(stderr.fileHandleForReading.fileDescriptor) }
        errorReader.start()
        let output = readAll(stdout.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        while !errorBox.isSet { Thread.sleep(forTimeInterval: 0.005) }
        guard process.terminationStatus == 0 else {
            throw Failure(
                status: process.terminationStatus,
                standardError: String(decoding: errorBox.value, as: UTF8.self))
        }
        return output
    }

    /// Runs a peer script and decodes its standard output as a JSON object.
    public static func runJSON(
        _ script: String, arguments: [String] = [], input: Data = Data()
    ) throws -> [String: Any] {
        let output = try run(script, arguments: arguments, input: input)
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(status: 0, standardError: "peer output is not a JSON object")
        }
        return object
    }
}

/// Reads a pipe to its end with `read(2)`, retrying on `EINTR`; Foundation's
/// `readDataToEndOfFile()` traps on `EINTR`, which happens when several peers run at once.
private func readAll(_ descriptor: Int32) -> Data {
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            output.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return output
        }
    }
}

/// Writes all of `data` to a pipe with `write(2)`, retrying on `EINTR`; stops if the reader
/// has gone away.
private func writeAll(_ data: Data, to descriptor: Int32) {
    var offset = 0
    let bytes = [UInt8](data)
    while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            offset += count
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var done = false
    var value: Data {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; done = true } }
    }
    var isSet: Bool { lock.withLock { done } }
}

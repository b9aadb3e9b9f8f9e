import Foundation
import JSONModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Python peer that serves HTTP on loopback for the length of a test (the Credible-protocol
/// server on DIDKit, `Tests/Peers/credible_server.py`): started with the peers' interpreter,
/// its first line of standard output a JSON object with its `port` (and whatever else the
/// script announces), stopped with SIGKILL.
public final class PythonServerPeer: @unchecked Sendable {
    private let process: Process
    /// The server's base URL, `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The script's announcement (its first line), with `port`.
    public let announcement: JSONValue

    private init(process: Process, baseURL: URL, announcement: JSONValue) {
        self.process = process
        self.baseURL = baseURL
        self.announcement = announcement
    }

    /// A failure to start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `Tests/Peers/<script>` and waits for its announcement (the script prints it
    /// once it listens, or exits, which ends the wait).
    public static func start(_ script: String) async throws -> PythonServerPeer {
        guard let python = PythonPeer.python else { throw Failure(description: "no peers virtualenv") }
        let process = Process()
        process.executableURL = python
        process.arguments = [PackageRoot.url.appendingPathComponent("Tests/Peers/\(script)").path, "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line: String? = try await offCooperativePool {
            var bytes = Data()
            while let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
                if chunk == Data("\n".utf8) { break }
                bytes.append(chunk)
                if bytes.count > 64 << 10 { break }
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
        guard let line, let announcement = try? JSONValue(parsing: Data(line.utf8)),
              let port = announcement["port"]?.numberValue?.intValue, let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "\(script) did not announce its port: \(line ?? "(nothing)")")
        }
        return PythonServerPeer(process: process, baseURL: url, announcement: announcement)
    }

    /// Stops the server.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `body` with a started server, stopping it afterwards.
    public static func with<T>(_ script: String, _ body: (PythonServerPeer) async throws -> T) async throws -> T {
        let server = try await start(script)
        do {
            let result = try await body(server)
            server.stop()
            return result
        } catch {
            server.stop()
            throw error
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion for a test: feeds its standard input, collects standard
/// output and standard error concurrently (so a chatty child cannot deadlock on a full
/// pipe), and survives `EINTR` and a child that exits before reading its input.
public enum ChildProcess {
    /// What a finished child left behind.
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: Data
        public var standardError: Data

        /// Standard output as UTF-8 text.
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments`, writing `input` to its standard input.
    public static func run(_ executable: URL, arguments: [String], input: Data = Data()) throws -> Result {
        // A child that exits before reading its input must not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
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
        return Result(status: process.terminationStatus, standardOutput: output, standardError: errorBox.value)
    }
}

/// Reads a pipe to its end with `read(2)`, retrying on `EINTR`; Foundation's
/// `readDataToEndOfFile()` traps on `EINTR`, which happens when several children run at once.
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
    func append(_ data: Data) { lock.withLock { stored.append(data) } }
}

extension ChildProcess {
    /// A child started with ``start(_:arguments:environment:)``: its output is collected as
    /// it comes, so a test can wait for a line, signal the child mid-run and then reap it.
    public final class Running: @unchecked Sendable {
        let process: Process
        /// Kept so the pipes' descriptors stay open while the readers use them.
        private let pipes: [Pipe]
        private let output = DataBox()
        private let errors = DataBox()
        private let outputDone = DataBox()
        private let errorsDone = DataBox()

        init(process: Process, stdout: Pipe, stderr: Pipe) {
            self.process = process
            pipes = [stdout, stderr]
            let output = self.output, errors = self.errors, outputDone = self.outputDone, errorsDone = self.errorsDone
            let outputDescriptor = stdout.fileHandleForReading.fileDescriptor
            let errorDescriptor = stderr.fileHandleForReading.fileDescriptor
            Thread {
                readEach(outputDescriptor) { output.append($0) }
                outputDone.value = Data()
            }.start()
            Thread {
                readEach(errorDescriptor) { errors.append($0) }
                errorsDone.value = Data()
            }.start()
        }

        /// The child's process id.
        public var processIdentifier: Int32 { process.processIdentifier }

        /// Standard error so far, as UTF-8 text.
        public var errorText: String { String(decoding: errors.value, as: UTF8.self) }

        /// Standard output so far, as UTF-8 text.
        public var outputText: String { String(decoding: output.value, as: UTF8.self) }

        /// Blocks until standard error contains `text`; false when the child ends first or
        /// `timeout` passes.
        public func waitForError(containing text: String, timeout: TimeInterval) -> Bool {
            wait(for: text, in: errors, closed: errorsDone, timeout: timeout)
        }

        /// Blocks until standard output contains `text`; false when the child ends first or
        /// `timeout` passes.
        public func waitForOutput(containing text: String, timeout: TimeInterval) -> Bool {
            wait(for: text, in: output, closed: outputDone, timeout: timeout)
        }

        private func wait(for text: String, in box: DataBox, closed: DataBox, timeout: TimeInterval) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            func found() -> Bool { String(decoding: box.value, as: UTF8.self).contains(text) }
            while Date() < deadline {
                if found() { return true }
                if closed.isSet { return found() }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }

        /// Sends `signal` to the child.
        public func send(_ signal: Int32) {
            _ = kill(process.processIdentifier, signal)
        }

        /// Blocks until the child has exited and its output is read; the result's `status`
        /// is the exit status, or the signal that ended it when `endedBySignal` is true.
        public func wait() -> (result: Result, endedBySignal: Bool) {
            process.waitUntilExit()
            while !(outputDone.isSet && errorsDone.isSet) { Thread.sleep(forTimeInterval: 0.005) }
            let result = Result(status: process.terminationStatus, standardOutput: output.value, standardError: errors.value)
            return (result, process.terminationReason == .uncaughtSignal)
        }
    }

    /// Starts `executable` with `arguments` (and `environment` added to this process's),
    /// standard input from /dev/null, without waiting for it.
    public static func start(_ executable: URL, arguments: [String], environment: [String: String] = [:]) throws -> Running {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return Running(process: process, stdout: stdout, stderr: stderr)
    }
}

/// Reads a pipe to its end, handing each chunk to `chunk`, retrying on `EINTR`.
private func readEach(_ descriptor: Int32, _ chunk: (Data) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            chunk(Data(buffer[0..<count]))
        } else if count == 0 || errno != EINTR {
            return
        }
    }
}

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
}

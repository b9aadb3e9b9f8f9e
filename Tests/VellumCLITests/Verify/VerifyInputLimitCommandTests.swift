import Foundation
import Testing
import VellumTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vellum verify` reads at most 8 MiB of a file (the hex form of the largest mdoc MDoc
/// accepts; an SD-JWT may be 1 MiB): a larger file is refused before it is read, and a pipe
/// or device is not read at all, so no input keeps `verify` busy or eats memory.
extension VerifySDJWTCommandTests {
    static let inputLimit = 8 << 20
    static let limitMessage = "the 8 MiB (8388608 bytes) vellum verify reads"

    /// A compact SD-JWT VC followed by as many `byte`s as make it `size` bytes long.
    func paddedCredential(to size: Int, with byte: UInt8) async throws -> Data {
        var data = Data(try await credential().serialized.utf8)
        data.append(Data(repeating: byte, count: size - data.count))
        return data
    }

    /// What one `vellum` run cost: its outcome, its wall time, and the CPU time it used.
    struct Measured {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var wall: Duration
        var cpuSeconds: Double
    }

    /// Runs `vellum` under `sh`, whose `times` reports the CPU time of the child alone, and
    /// times that run only. The whole suite starts many processes at once on two cores, so
    /// queueing for a thread and the scheduler's share are kept out of the wall time, and
    /// the CPU time shows the work done whatever the load.
    func measured(_ arguments: [String]) async throws -> Measured {
        let binary = try #require(VellumBinary.url)
        return try await offCooperativePool {
            let started = ContinuousClock.now
            let result = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", #""$0" "$@"; status=$?; times >&2; exit $status"#, binary.path] + arguments)
            let wall = ContinuousClock.now - started
            // The last line of `times`: the children's user and system time, as "0m0.031s".
            let lastLine = result.errorText.split(separator: "\n").last ?? ""
            let cpu = lastLine.split(separator: " ").compactMap { field -> Double? in
                let parts = field.dropLast().split(separator: "m")
                guard field.hasSuffix("s"), parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else {
                    return nil
                }
                return minutes * 60 + seconds
            }
            return Measured(
                status: result.status, standardOutput: result.outputText, standardError: result.errorText, wall: wall,
                cpuSeconds: cpu.count == 2 ? cpu.reduce(0, +) : .infinity)
        }
    }

    /// The issue's case: a 50 MB compact SD-JWT (one huge disclosure) took seconds to read,
    /// copy and scan before the SD-JWT's 1 MiB bound refused it.
    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let path = try write("huge.txt", "")
        try await paddedCredential(to: 50_000_000, with: UInt8(ascii: "A")).write(to: URL(fileURLWithPath: path))
        let keyFile = try issuerKeyFile()
        let result = try await measured(["verify", path, "--issuer-key", keyFile])
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("cannot read \(path): it is 50000000 bytes, over \(Self.limitMessage)"))
        #expect(result.standardOutput.isEmpty)
        #expect(result.cpuSeconds < 1, "used \(result.cpuSeconds) s of CPU")
        #expect(result.wall < .seconds(3), "took \(result.wall)")
    }

    /// The size comes from the file system: a sparse file costs nothing to refuse either.
    @Test func aSparseFileOverTheLimitIsRefusedUnread() async throws {
        let path = try write("sparse.bin", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 60_000_000)
        try handle.close()
        let result = try await measured(["verify", path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("it is 60000000 bytes, over \(Self.limitMessage)"))
        #expect(result.cpuSeconds < 1, "used \(result.cpuSeconds) s of CPU")
        #expect(result.wall < .seconds(3), "took \(result.wall)")
    }

    /// The limit itself is allowed: a credential padded with spaces to exactly 8 MiB is read,
    /// trimmed and verified; one byte more is refused.
    @Test func aFileExactlyAtTheLimitIsRead() async throws {
        let keyFile = try issuerKeyFile()
        var data = try await paddedCredential(to: Self.inputLimit, with: UInt8(ascii: " "))
        let atLimit = try write("at-limit.txt", "")
        try data.write(to: URL(fileURLWithPath: atLimit))
        let read = try await VellumBinary.run(["verify", atLimit, "--issuer-key", keyFile])
        #expect(read.status == 0, "\(read.standardOutput.prefix(2_000))\(read.standardError)")
        #expect(read.standardOutput.hasSuffix("\nVALID\n"))

        data.append(UInt8(ascii: " "))
        let overLimit = try write("over-limit.txt", "")
        try data.write(to: URL(fileURLWithPath: overLimit))
        let refused = try await VellumBinary.run(["verify", overLimit, "--issuer-key", keyFile])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("it is \(Self.inputLimit + 1) bytes, over \(Self.limitMessage)"))
    }

    /// A pipe or device has no size to check before reading and may never end or never
    /// start: it is refused at once. On Linux the child runs under `timeout` (exit 124 when
    /// it fires) and a 2 GiB address-space limit, so a reader that waited on a FIFO or read
    /// `/dev/zero` to its end fails this test instead of hanging it or exhausting the machine.
    @Test func pipesAndDevicesAreRefusedWithoutWaiting() async throws {
        let binary = try #require(VellumBinary.url)
        let fifo = folder.appendingPathComponent("nobody-writes").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, input) in [("/dev/zero", Data()), ("/dev/stdin", Data(repeating: 0x41, count: 50_000_000)), (fifo, Data())] {
            let result = try await offCooperativePool {
                #if os(Linux)
                // AddressSanitizer reserves far more address space than the limit for its shadow
                // memory, so under it only the timeout bounds the child.
                let limit = Sanitizer.active == nil ? "ulimit -v 2097152 && " : ""
                return try ChildProcess.run(
                    URL(fileURLWithPath: "/bin/sh"),
                    arguments: ["-c", limit + #"exec timeout 20 "$0" verify "$1""#, binary.path, path], input: input)
                #else
                return try ChildProcess.run(binary, arguments: ["verify", path], input: input)
                #endif
            }
            #expect(result.status == 2, "\(path): \(result.errorText)")
            #expect(result.errorText.contains("cannot read \(path): not a regular file"), "\(result.errorText)")
        }
        let directory = try await VellumBinary.run(["verify", folder.path])
        #expect(directory.status == 2 && directory.standardError.contains("not a regular file"))
    }
}

import Foundation

/// One fuzzed entry point: the bytes go in, and whatever comes out — a value or a typed error —
/// is fine. A crash, a hang or unbounded memory is the finding.
struct Harness: Sendable {
    let name: String
    let summary: String
    let body: @Sendable (Data) -> Void

    /// The harness the process runs (set once, before any input).
    nonisolated(unsafe) static var selected: Harness?

    static let all: [Harness] = encodings + formats + protocols + differential

    static func named(_ name: String) -> Harness? { all.first { $0.name == name } }

    /// Names the harness for the processes libFuzzer starts itself.
    static let environmentVariable = "VELLUM_FUZZ_HARNESS"

    /// The input as UTF-8 text, or nothing when it is not (the text parsers take strings).
    static func text(_ data: Data) -> String? { String(data: data, encoding: .utf8) }
}

/// Replays files through a harness without libFuzzer: the regression run `.ci/run` does over the
/// committed corpora, and the way to check one finding.
enum Replay {
    static func run(_ harness: Harness, paths: [String]) -> Int32 {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("vellum-fuzz: no such file \(path)\n".utf8))
                return 2
            }
            let url = URL(fileURLWithPath: path)
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        for file in files {
            guard let data = try? Data(contentsOf: file) else { continue }
            harness.body(data)
        }
        print("\(harness.name): \(files.count) inputs, no crash")
        return 0
    }
}

#if VELLUM_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// libFuzzer's driver, given the command line without the harness name.
enum LibFuzzer {
    static func run(removingArgumentAt index: Int?) -> Int32 {
        var arguments = (0..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] }
        if let index { arguments.remove(at: index) }
        var count = CInt(arguments.count)
        return arguments.withUnsafeMutableBufferPointer { buffer in
            var base = buffer.baseAddress!
            return runDriver(&count, &base, fuzzOneInput)
        }
    }
}
#endif

/// libFuzzer's entry point (also linked, unused, into the replay build).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let harness = Harness.selected else { return 0 }
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    harness.body(data)
    return 0
}

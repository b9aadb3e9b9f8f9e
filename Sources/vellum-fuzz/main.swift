import Foundation

// vellum-fuzz: one executable, one harness per parser entry point, chosen by the first argument.
//
//   vellum-fuzz --list
//   vellum-fuzz NAME [FILE | DIRECTORY]…     replay: every input through the harness (CI, regressions)
//
// Built by Scripts/fuzz.sh with `-sanitize=fuzzer,address -DVELLUM_FUZZING`, the same binary is a
// libFuzzer target: `vellum-fuzz NAME [libFuzzer flags] CORPUS…`.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: vellum-fuzz --list | NAME [FILE|DIR]…\n".utf8))
    exit(2)
}
if arguments[1] == "--list" {
    for harness in Harness.all { print("\(harness.name)\t\(harness.summary)") }
    exit(0)
}
// libFuzzer runs itself again for -merge, -minimize_crash and -fork with only its own flags:
// the harness then comes from the environment the first run set.
let inherited = arguments[1].hasPrefix("-") ? ProcessInfo.processInfo.environment[Harness.environmentVariable] : nil
let name = inherited ?? arguments[1]
guard let harness = Harness.named(name) else {
    FileHandle.standardError.write(Data("vellum-fuzz: no harness named \(name); see --list\n".utf8))
    exit(2)
}
Harness.selected = harness

#if VELLUM_FUZZING
setenv(Harness.environmentVariable, harness.name, 1)
exit(LibFuzzer.run(removingArgumentAt: inherited == nil ? 1 : nil))
#else
exit(Replay.run(harness, paths: Array(arguments.dropFirst(2))))
#endif

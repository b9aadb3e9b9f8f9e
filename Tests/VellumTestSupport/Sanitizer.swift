import Foundation

/// The sanitizer the tests run under, as `Scripts/sanitize.sh` says in `VELLUM_SANITIZER`
/// (`address` or `thread`), or `nil` for the plain build: the few tests whose limits mean
/// nothing under instrumentation (an address-space limit, when AddressSanitizer maps terabytes
/// of shadow memory) read it to keep the rest of their checks.
public enum Sanitizer {
    public static var active: String? { ProcessInfo.processInfo.environment["VELLUM_SANITIZER"] }

    /// The sanitizers' own settings as `NAME=value` words, for a child started with an emptied
    /// environment (`env -i`), which must still run as `Scripts/sanitize.sh` set them.
    public static var options: [String] {
        let environment = ProcessInfo.processInfo.environment
        return ["ASAN_OPTIONS", "TSAN_OPTIONS", "VELLUM_SANITIZER"].compactMap { name in environment[name].map { "\(name)=\($0)" } }
    }
}

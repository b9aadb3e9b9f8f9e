import Foundation
import JSONModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the CLI writes for the person or program reading it.
///
/// Whether standard output and standard error are terminals decides colour and symbols (a
/// pipe gets plain text, and `NO_COLOR` — https://no-color.org — turns colour off anywhere);
/// `--json` anywhere on the command line makes every failure a JSON object on standard output
/// as well as the message on standard error, so a script reading standard output always gets
/// JSON, with the same exit code.
enum CommandOutput {
    /// `--json` was given (before any `--`).
    static let wantsJSON: Bool = {
        let arguments = CommandLine.arguments.dropFirst()
        let options = arguments.prefix { $0 != "--" }
        return options.contains("--json")
    }()

    /// Standard error is a terminal and `NO_COLOR` is not set (to anything).
    static let colourOnStandardError: Bool = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    /// Standard output is a terminal and `NO_COLOR` is not set.
    static let colourOnStandardOutput: Bool = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// A style for terminal text.
    enum Style: String {
        case error = "31;1"
        case warning = "33"
        case success = "32"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `style` when colour is on for the stream, else as it is.
    static func styled(_ text: String, _ style: Style, onStandardError: Bool) -> String {
        (onStandardError ? colourOnStandardError : colourOnStandardOutput) ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A verdict mark: ✔/✘ on a terminal, nothing in a pipe (the words say it).
    static func mark(_ good: Bool) -> String {
        guard colourOnStandardOutput else { return "" }
        return good ? styled("✔ ", .success, onStandardError: false) : styled("✘ ", .error, onStandardError: false)
    }

    /// Reports a failure: `vellum: error: message` and `hint: …` on standard error; with
    /// `--json`, also `{"error": {"message", "hint", "exitCode"}}` on standard output.
    static func fail(_ message: String, hint: String? = nil, exitCode: Int32) {
        var text = styled("vellum: error:", .error, onStandardError: true) + " \(message)\n"
        if let hint { text += styled("hint:", .bold, onStandardError: true) + " \(hint)\n" }
        FileHandle.standardError.write(Data(text.utf8))
        guard wantsJSON else { return }
        var error: JSONObject = ["message": .string(message), "exitCode": .number(JSONNumber(Int(exitCode)))]
        if let hint { error["hint"] = .string(hint) }
        print(JSONValue.object(["error": .object(error)]).serializedString())
        fflush(nil)
    }
}

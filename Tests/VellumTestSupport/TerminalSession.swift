import Foundation

/// A program run on a pseudo-terminal with a script of keystrokes, through
/// `Tests/Peers/pty_session.py`: for what only happens on a terminal (a passphrase prompt
/// without echo, Ctrl-C turned into SIGINT by the line discipline, colour).
public enum TerminalSession {
    /// How the program ended and everything the terminal showed.
    public struct Result: Decodable, Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public let status: Int
        /// The terminal's output (standard output and error, as a person sees them).
        public let output: String
        /// The step that did not happen (an `expect` that timed out), if one did not.
        public let failure: String?
    }

    /// Runs `argv` with `environment` added (and `unset` removed) and plays `steps`: each
    /// `["expect": text]` waits for text, each `["send": keys]` types them (after `delay`
    /// seconds, default 0.2).
    public static func run(
        _ argv: [String], environment: [String: String] = [:], unset: [String] = [], steps: [[String: String]], timeout: Int = 60
    ) async throws -> Result {
        let request: [String: Any] = ["argv": argv, "env": environment, "unset": unset, "steps": steps, "timeout": timeout]
        let output = try await PythonPeer.run("pty_session.py", input: try JSONSerialization.data(withJSONObject: request))
        return try JSONDecoder().decode(Result.self, from: output)
    }
}

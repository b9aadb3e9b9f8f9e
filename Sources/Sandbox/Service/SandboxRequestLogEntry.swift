import Foundation

/// One request the sandbox answered, as `vellum sandbox` logs it on its terminal: what a
/// person watching a wallet talk to the sandbox needs, and nothing secret (no query string,
/// header or body: they carry codes, tokens and proofs).
public struct SandboxRequestLogEntry: Sendable, Hashable, CustomStringConvertible {
    /// When the request arrived.
    public let date: Date
    /// The method (`GET`, `POST`).
    public let method: String
    /// The path, without the query.
    public let path: String
    /// The status answered.
    public let status: Int
    /// How long the answer took.
    public let duration: Duration

    /// `HH:MM:SS METHOD /path STATUS N ms`.
    public var description: String {
        let milliseconds = Int(duration.components.seconds * 1000) + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        let time = date.formatted(.iso8601.time(includingFractionalSeconds: false))
        return "\(time) \(method) \(path) \(status) \(milliseconds) ms"
    }
}

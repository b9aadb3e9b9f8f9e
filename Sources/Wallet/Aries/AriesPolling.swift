/// How the wallet pulls messages from an agent that cannot reach it (RFC 0092 return route):
/// trust pings from the connection's key, each answered with one queued message or with 202
/// when nothing is queued.
///
/// A pull ends at the first empty answer once a message came, or after ``maximumEmptyPolls``
/// empty answers ``interval`` apart when none came yet (the agent may still be preparing what
/// follows a connection); at most ``maximumMessages`` are taken in one pull, so a peer that
/// never stops sending cannot keep the wallet busy.
public struct AriesPolling: Sendable, Hashable {
    /// Empty answers waited through before the first message.
    public var maximumEmptyPolls: Int
    /// The pause between two empty answers.
    public var interval: Duration
    /// The most messages taken in one pull.
    public var maximumMessages: Int

    /// A polling setting.
    public init(maximumEmptyPolls: Int = 20, interval: Duration = .milliseconds(250), maximumMessages: Int = 32) {
        self.maximumEmptyPolls = maximumEmptyPolls
        self.interval = interval
        self.maximumMessages = maximumMessages
    }

    /// 20 empty polls 250 ms apart (five seconds), 32 messages.
    public static let standard = AriesPolling()
}

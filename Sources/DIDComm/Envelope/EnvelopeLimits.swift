/// Bounds on an envelope from a peer, checked before any cryptography runs.
///
/// An envelope costs a box opening per recipient tried and memory in proportion to its size,
/// so both are capped. The defaults are twice ACA-Py's default inbound limit (2 MiB) and far
/// more recipients than any agent's set of keys.
public struct EnvelopeLimits: Sendable, Hashable {
    /// The most bytes of envelope JSON read; default 4 MiB.
    public var maximumEnvelopeSize: Int
    /// The most recipients an envelope may name; default 64.
    public var maximumRecipients: Int

    /// Limits with the defaults above.
    public init(maximumEnvelopeSize: Int = 4 << 20, maximumRecipients: Int = 64) {
        self.maximumEnvelopeSize = maximumEnvelopeSize
        self.maximumRecipients = maximumRecipients
    }

    /// The default limits.
    public static let `default` = EnvelopeLimits()
}

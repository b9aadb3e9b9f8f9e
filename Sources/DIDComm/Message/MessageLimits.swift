import JSONModel

/// Bounds on a plaintext DIDComm message from a peer.
public struct MessageLimits: Sendable, Hashable {
    /// The most bytes of message JSON read; default 2 MiB (ACA-Py's default inbound limit).
    public var maximumSize: Int
    /// The deepest nesting accepted; default 64.
    public var maximumDepth: Int
    /// The most attachments (over every `~attach` member) accepted; default 32.
    public var maximumAttachments: Int

    /// Limits with the defaults above.
    public init(maximumSize: Int = 2 << 20, maximumDepth: Int = 64, maximumAttachments: Int = 32) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
        self.maximumAttachments = maximumAttachments
    }

    /// The default limits.
    public static let `default` = MessageLimits()

    /// The JSON parser limits these imply.
    var parser: JSONParser { JSONParser(limits: .init(maximumSize: maximumSize, maximumDepth: maximumDepth)) }
}

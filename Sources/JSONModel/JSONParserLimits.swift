extension JSONParser {
    /// Bounds on untrusted input, checked while parsing so that oversized or hostile
    /// documents fail early with a typed error instead of exhausting memory.
    ///
    /// The defaults suit credentials and protocol messages (a few kilobytes to a few
    /// megabytes) with a wide margin.
    public struct Limits: Sendable, Hashable {
        /// The most bytes of input accepted; default 16 MiB.
        public var maximumSize: Int
        /// The deepest nesting of arrays and objects accepted; default 256, and never more
        /// than ``depthCeiling`` whatever is set. The parser keeps its own stack, but
        /// serializing, comparing and releasing a value recurse, so depth stays bounded.
        public var maximumDepth: Int
        /// The longest string (or member name) accepted, in UTF-8 bytes after unescaping;
        /// default 4 MiB.
        public var maximumStringLength: Int
        /// The most members in one object or elements in one array; default 65 536.
        public var maximumMembers: Int

        /// Limits with the defaults above; lower them for input from an untrusted peer that is
        /// known to be small (a request object, a JWK).
        public init(
            maximumSize: Int = 16 << 20, maximumDepth: Int = 256,
            maximumStringLength: Int = 4 << 20, maximumMembers: Int = 65_536
        ) {
            self.maximumSize = maximumSize
            self.maximumDepth = maximumDepth
            self.maximumStringLength = maximumStringLength
            self.maximumMembers = maximumMembers
        }

        /// The hard ceiling on ``maximumDepth`` (1 000): deep enough for any real document,
        /// shallow enough that recursion over the parsed value fits a 512 KiB thread stack.
        public static let depthCeiling = 1_000

        /// The default limits.
        public static let `default` = Limits()
    }

    /// What to do when an object names the same member twice.
    ///
    /// RFC 8259 §4 leaves the outcome open, and parsers disagree (first wins, last wins,
    /// error); a signed document whose readers disagree is an attack vector, so the
    /// default is to refuse.
    public enum DuplicateMemberPolicy: Sendable, Hashable {
        /// Throw ``JSONError/duplicateMember(_:offset:)``.
        case reject
        /// Keep the last value (at the first member's position), as JavaScript's `JSON.parse`.
        case lastWins
    }
}

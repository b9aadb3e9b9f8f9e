/// Limits and checks applied while decoding CBOR from an untrusted source.
///
/// The defaults are safe for credentials received over a network: a forged length can never
/// make the decoder allocate more than the input could hold, nesting is bounded so recursion
/// cannot exhaust the stack, and the total amount of work is bounded by ``maxItems``.
public struct CBORDecodingOptions: Sendable, Hashable {
    /// What to do when a map holds two equal keys.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Throw ``CBORError/duplicateMapKey(offset:)`` (the default: duplicates are a classic
        /// way to make two parsers see different claims).
        case reject
        /// Keep every entry in order (for diagnostic tools only).
        case keepAll
    }

    /// The deepest nesting of arrays, maps and tags accepted. Capped at ``depthCeiling``.
    public var maxDepth: Int
    /// The most data items (including string chunks) in one input.
    public var maxItems: Int
    /// The longest byte or text string, in bytes, and the most elements of one container.
    public var maxLength: Int
    /// The largest input accepted, in bytes.
    public var maxInputSize: Int
    /// Duplicate map key handling.
    public var duplicateKeys: DuplicateKeyPolicy
    /// Check that tags 0, 1, 2, 3, 24, 32 and 1004 have content of the right type.
    public var validateTagContent: Bool
    /// Reject anything that is not in core deterministic encoding (RFC 8949 §4.2.1): non-shortest
    /// arguments, indefinite lengths, unsorted or duplicate map keys, non-preferred floats.
    public var requireDeterministic: Bool

    /// The hard ceiling for ``maxDepth``: recursion deeper than this is refused whatever the options say.
    public static let depthCeiling = 512

    /// Options with the default limits: depth 128, 1 048 576 items, 64 MiB input.
    public init(
        maxDepth: Int = 128,
        maxItems: Int = 1 << 20,
        maxLength: Int = 64 << 20,
        maxInputSize: Int = 64 << 20,
        duplicateKeys: DuplicateKeyPolicy = .reject,
        validateTagContent: Bool = true,
        requireDeterministic: Bool = false
    ) {
        self.maxDepth = maxDepth
        self.maxItems = maxItems
        self.maxLength = maxLength
        self.maxInputSize = maxInputSize
        self.duplicateKeys = duplicateKeys
        self.validateTagContent = validateTagContent
        self.requireDeterministic = requireDeterministic
    }

    /// Default limits plus core deterministic validation.
    public static var deterministic: CBORDecodingOptions { CBORDecodingOptions(requireDeterministic: true) }
}

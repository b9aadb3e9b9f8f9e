/// Bounds on the untrusted inputs a status check reads: the token, the compressed list and,
/// above all, what the list inflates to.
///
/// DEFLATE can expand about a thousandfold, so a few kilobytes of list can claim gigabytes;
/// ``maximumDecompressedSize`` is enforced while inflating, chunk by chunk, so such a
/// "zip bomb" stops at the bound instead of exhausting memory.
public struct StatusListLimits: Sendable, Hashable {
    /// The largest status list token (JWT text or CWT bytes) accepted; default 4 MiB.
    public var maximumTokenSize: Int
    /// The largest compressed list (decoded `lst` / `encodedList` bytes); default 4 MiB.
    public var maximumCompressedSize: Int
    /// The largest inflated list; default 16 MiB, which is 134 million 1-bit entries.
    public var maximumDecompressedSize: Int

    /// Limits with the given bounds.
    public init(
        maximumTokenSize: Int = 4 << 20,
        maximumCompressedSize: Int = 4 << 20,
        maximumDecompressedSize: Int = 16 << 20
    ) {
        self.maximumTokenSize = maximumTokenSize
        self.maximumCompressedSize = maximumCompressedSize
        self.maximumDecompressedSize = maximumDecompressedSize
    }

    /// The default bounds.
    public static let `default` = StatusListLimits()
}

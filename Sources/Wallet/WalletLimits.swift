/// Upper bounds on what the wallet accepts, so a hostile issuer or a damaged file cannot
/// make it allocate without bound.
///
/// The numbers are generous for real credentials (an mDL with portrait is well under 1 MiB)
/// and small enough that a batch of them fits in memory on a phone.
public struct WalletLimits: Sendable, Hashable {
    /// The largest credential payload (the issuer-signed bytes), in bytes.
    public var maximumPayloadBytes: Int
    /// The largest encoded metadata (display, issuer information), in bytes.
    public var maximumMetadataBytes: Int
    /// The largest encoded activity entry, in bytes.
    public var maximumActivityBytes: Int
    /// The most credentials one batch write accepts.
    public var maximumBatchCount: Int
    /// The longest record id a caller may choose, in UTF-8 bytes.
    public var maximumIDBytes: Int
    /// The longest passphrase, in UTF-8 bytes.
    public var maximumPassphraseBytes: Int

    /// The defaults: 4 MiB payloads, 256 KiB metadata, 64 KiB activity entries, 100 per
    /// batch, 128-byte ids, 1 KiB passphrases.
    public static let `default` = WalletLimits(
        maximumPayloadBytes: 4 * 1024 * 1024,
        maximumMetadataBytes: 256 * 1024,
        maximumActivityBytes: 64 * 1024,
        maximumBatchCount: 100,
        maximumIDBytes: 128,
        maximumPassphraseBytes: 1024
    )

    /// Makes a set of limits; use ``default`` unless a deployment needs other numbers.
    public init(
        maximumPayloadBytes: Int, maximumMetadataBytes: Int, maximumActivityBytes: Int,
        maximumBatchCount: Int, maximumIDBytes: Int, maximumPassphraseBytes: Int
    ) {
        self.maximumPayloadBytes = maximumPayloadBytes
        self.maximumMetadataBytes = maximumMetadataBytes
        self.maximumActivityBytes = maximumActivityBytes
        self.maximumBatchCount = maximumBatchCount
        self.maximumIDBytes = maximumIDBytes
        self.maximumPassphraseBytes = maximumPassphraseBytes
    }
}

import Foundation

/// Base58 with the Bitcoin alphabet, multibase `z`: the encoding of `did:key` identifiers
/// and of most Data Integrity `proofValue`s.
///
/// Each leading zero byte becomes one leading `1`, so the length of a key survives the trip.
/// The alphabet leaves out `0`, `O`, `I` and `l`; any of them (or any other character) is an
/// error rather than being skipped.
public enum Base58BTC {
    static let codec = RadixCodec(
        name: "base58btc", alphabet: "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")

    /// The longest text ``decode(_:)`` accepts; base58 costs quadratic time.
    public static var maximumLength: Int { RadixCodec.maximumLength }

    /// Encodes bytes as base58btc (no multibase prefix).
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        codec.encode(bytes)
    }

    /// Decodes base58btc (no multibase prefix); rejects characters outside the alphabet and
    /// texts longer than ``maximumLength``.
    public static func decode(_ text: String) throws(MultiformatsError) -> Data {
        try codec.decode(Substring(text))
    }
}

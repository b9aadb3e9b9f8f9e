/// The unsigned varint of the multiformats specs (unsigned LEB128): seven bits per byte,
/// least significant group first, high bit set on every byte but the last.
///
/// Multiformats caps a varint at nine bytes (63 bits) and requires the shortest form, so
/// that one number has exactly one encoding; prefixes compared byte-wise (multicodec keys
/// in `did:key`) depend on that.
public enum Varint {
    /// The largest value a multiformats varint can hold, 2^63 − 1.
    public static let maximumValue: UInt64 = (1 << 63) - 1
    /// The most bytes a multiformats varint may take.
    public static let maximumLength = 9

    /// Encodes `value` in its shortest form; throws ``MultiformatsError/invalidVarint`` for
    /// values above ``maximumValue``, which would need ten bytes.
    public static func encode(_ value: UInt64) throws(MultiformatsError) -> [UInt8] {
        guard value <= maximumValue else { throw .invalidVarint }
        return encodeUnchecked(value)
    }

    static func encodeUnchecked(_ value: UInt64) -> [UInt8] {
        var remaining = value
        var output = [UInt8]()
        repeat {
            var byte = UInt8(remaining & 0x7f)
            remaining >>= 7
            if remaining != 0 { byte |= 0x80 }
            output.append(byte)
        } while remaining != 0
        return output
    }

    /// Decodes the varint at the start of `bytes`.
    ///
    /// - Returns: the value and how many bytes it took, so the caller can slice off the rest.
    /// - Throws: ``MultiformatsError/invalidVarint`` if the input ends mid-varint, the varint
    ///   runs past nine bytes, or it has a redundant trailing zero group (not minimal).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) throws(MultiformatsError) -> (value: UInt64, bytesRead: Int)
    where Bytes.Element == UInt8 {
        var value: UInt64 = 0
        var count = 0
        for byte in bytes {
            guard count < maximumLength else { throw .invalidVarint }
            value |= UInt64(byte & 0x7f) << UInt64(7 * count)
            count += 1
            if byte & 0x80 == 0 {
                // A final zero group after other groups adds nothing: not the shortest form.
                guard byte != 0 || count == 1 else { throw .invalidVarint }
                return (value, count)
            }
        }
        throw .invalidVarint
    }
}

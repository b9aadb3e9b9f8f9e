/// Exact conversions between IEEE 754 binary16/32/64, used for preferred serialization.
///
/// `Float16` is unavailable on Intel macOS, so half precision is handled as raw bits. Each
/// "narrowing" function returns `nil` unless the narrower format represents the value (NaN
/// payload included) exactly — that is the test RFC 8949 §4.1 sets for preferred floats.
enum FloatWidths {
    /// The value of a binary16 bit pattern.
    static func float(fromHalf bits: UInt16) -> Float {
        let sign = UInt32(bits >> 15) << 31
        let exponent = Int((bits >> 10) & 0x1f)
        let mantissa = UInt32(bits & 0x3ff)
        if exponent == 0x1f {
            return Float(bitPattern: sign | 0x7f80_0000 | (mantissa << 13))
        }
        if exponent == 0 {
            // Zero or subnormal: mantissa × 2^-24.
            let magnitude = Float(mantissa) * 0x1p-24
            return sign == 0 ? magnitude : -magnitude
        }
        return Float(bitPattern: sign | (UInt32(exponent - 15 + 127) << 23) | (mantissa << 13))
    }

    /// The binary16 bits holding `value` exactly, or `nil`.
    static func exactHalf(_ value: Float) -> UInt16? {
        let bits = value.bitPattern
        let sign = UInt16((bits >> 31) << 15)
        let exponent = Int((bits >> 23) & 0xff)
        let mantissa = bits & 0x7f_ffff
        if exponent == 0xff {
            guard mantissa & 0x1fff == 0 else { return nil }
            return sign | 0x7c00 | UInt16(mantissa >> 13)
        }
        if exponent == 0 {
            return mantissa == 0 ? sign : nil
        }
        let unbiased = exponent - 127
        if (-14...15).contains(unbiased) {
            guard mantissa & 0x1fff == 0 else { return nil }
            return sign | UInt16(unbiased + 15) << 10 | UInt16(mantissa >> 13)
        }
        if (-24 ..< -14).contains(unbiased) {
            let shift = UInt32(-1 - unbiased)
            let full = 0x80_0000 | mantissa
            guard full & ((1 << shift) - 1) == 0 else { return nil }
            return sign | UInt16(full >> shift)
        }
        return nil
    }

    /// The `Float` holding `value` exactly (NaN payload included), or `nil`.
    static func exactFloat(_ value: Double) -> Float? {
        if value.isNaN {
            let bits = value.bitPattern
            guard bits & 0x1fff_ffff == 0 else { return nil }
            let sign = UInt32(bits >> 63) << 31
            let mantissa = UInt32((bits >> 29) & 0x7f_ffff)
            return Float(bitPattern: sign | 0x7f80_0000 | mantissa)
        }
        let narrowed = Float(value)
        return Double(narrowed).bitPattern == value.bitPattern ? narrowed : nil
    }

    /// The `Double` holding a `Float` (NaN payload included).
    static func double(fromFloat value: Float) -> Double {
        guard value.isNaN else { return Double(value) }
        let bits = value.bitPattern
        let sign = UInt64(bits >> 31) << 63
        let mantissa = UInt64(bits & 0x7f_ffff) << 29
        return Double(bitPattern: sign | 0x7ff0_0000_0000_0000 | mantissa)
    }
}

/// Writes a `Double` the way ECMAScript's `Number.prototype.toString` does (ECMA-262
/// §6.1.6.1.20), which RFC 8785 §3.2.2.3 makes the JCS number form.
///
/// The shortest digit string that round-trips comes from Swift's own `description` (which
/// is shortest-round-trip); only the layout (plain, fraction or exponent) follows ECMAScript.
enum ECMAScriptNumber {
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        let (digits, pointPosition) = shortestDigits(abs(value))
        let sign = value < 0 ? "-" : ""
        let count = digits.count
        let exponent = pointPosition  // value = 0.digits × 10^exponent
        var output = sign
        if count <= exponent && exponent <= 21 {
            output += digits + String(repeating: "0", count: exponent - count)
        } else if 0 < exponent && exponent <= 21 {
            output += digits.prefix(exponent) + "." + digits.dropFirst(exponent)
        } else if -6 < exponent && exponent <= 0 {
            output += "0." + String(repeating: "0", count: -exponent) + digits
        } else {
            let written = exponent - 1
            let mantissa = count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
            output += mantissa + "e" + (written < 0 ? "-" : "+") + String(abs(written))
        }
        return output
    }

    /// The significant digits (no leading or trailing zeros) of a finite positive double,
    /// and `n` such that the value is `0.d₁d₂… × 10ⁿ`.
    static func shortestDigits(_ value: Double) -> (digits: String, pointPosition: Int) {
        let text = value.description  // e.g. "123.45", "1e-07", "1.2345e+20", "5e-324"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var integerPart = mantissa
        var fractionPart: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        }
        var digits = String(integerPart) + String(fractionPart)
        var position = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            position -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits, position)
    }
}

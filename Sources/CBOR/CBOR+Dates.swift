import Foundation

/// Date tags: 0 (RFC 3339 text, "tdate"), 1 (seconds since the epoch) and 1004 (RFC 8943
/// full-date). mdoc uses tag 0 for validity and tag 1004 for birth and expiry dates.
extension CBOR {
    /// `0("YYYY-MM-DDTHH:MM:SSZ")` in UTC; fractional seconds are written only when present.
    public static func dateTime(_ date: Date) -> CBOR {
        .tagged(0, .textString(RFC3339.format(date)))
    }

    /// `1(seconds)`: an integer when the date is a whole second, a double otherwise.
    public static func epochDate(_ date: Date) -> CBOR {
        let seconds = date.timeIntervalSince1970
        if seconds.rounded() == seconds, let whole = Int64(exactly: seconds) {
            return .tagged(1, CBOR(whole))
        }
        return .tagged(1, .double(seconds))
    }

    /// `1004("YYYY-MM-DD")`.
    public static func fullDate(_ date: FullDate) -> CBOR {
        .tagged(1004, .textString(date.description))
    }

    /// The date of a tag 0 (RFC 3339 text) or tag 1 (epoch seconds) item; `nil` otherwise or
    /// when the text is not a valid RFC 3339 date-time.
    public var dateValue: Date? {
        switch self {
        case .tagged(0, .textString(let text)): return RFC3339.parse(text)
        case .tagged(1, let seconds):
            guard let value = seconds.doubleValue, value.isFinite else { return nil }
            return Date(timeIntervalSince1970: value)
        default: return nil
        }
    }

    /// The day of a tag 1004 item; `nil` otherwise or when malformed.
    public var fullDateValue: FullDate? {
        guard case .tagged(1004, .textString(let text)) = self else { return nil }
        return FullDate(text)
    }
}

/// RFC 3339 `date-time` parsing and UTC formatting, without a `DateFormatter`.
enum RFC3339 {
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let wholeSeconds = interval.rounded(.down)
        let days = Int((wholeSeconds / 86_400).rounded(.down))
        let civil = FullDate.civil(fromDays: days)
        let secondsOfDay = Int(wholeSeconds - Double(days) * 86_400)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(civil.year, 4))-\(pad(civil.month))-\(pad(civil.day))T"
            + "\(pad(secondsOfDay / 3600)):\(pad(secondsOfDay / 60 % 60)):\(pad(secondsOfDay % 60))"
        let micros = Int(((interval - wholeSeconds) * 1_000_000).rounded())
        if micros > 0 && micros < 1_000_000 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; `T`/`Z` may be lower case (RFC 3339 §5.6).
    static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let day = FullDate(String(decoding: b[0..<10], as: UTF8.self)),
              let hour = FullDate.digits(b[11..<13]), let minute = FullDate.digits(b[14..<16]),
              let second = FullDate.digits(b[17..<19]),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, b[index] >= 0x30 && b[index] <= 0x39 {
                fraction += Double(b[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < b.count else { return nil }
        var offsetSeconds = 0
        switch b[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == b.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == b.count, b[index + 3] == UInt8(ascii: ":"),
                  let hours = FullDate.digits(b[(index + 1)..<(index + 3)]),
                  let minutes = FullDate.digits(b[(index + 4)..<(index + 6)]),
                  hours < 24, minutes < 60 else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let days = FullDate.days(year: day.year, month: day.month, day: day.day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

import Foundation

/// A date-time member (`created`, `updated`, `validFrom`, `validUntil`).
///
/// Open DID writes `yyyy-MM-dd'T'HH:mm:ss'Z'`, and that is what ``string(from:)`` and
/// ``init(date:)`` produce for every date Vellum makes. Reading also accepts 1–9
/// fractional-second digits and a numeric offset (`+09:00`, `-0500`), because Open DID's
/// Java servers sign profiles whose `created` carries microseconds
/// (`2024-08-29T10:36:10.879887Z`). A received text is kept exactly as it was: the
/// signature covers those bytes, so rewriting them would break every such proof. Anything
/// that is not a date-time is ``OpenDIDError/invalidDatetime(_:path:)``, when decoding and
/// when encoding.
@propertyWrapper
public struct UTCDatetime: Codable, Sendable, Hashable {
    /// The date-time text, as received or as made by ``string(from:)``.
    public var wrappedValue: String

    /// Wraps `wrappedValue`; a text that is not a date-time is refused when encoded.
    public init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps an instant, written as `yyyy-MM-dd'T'HH:mm:ss'Z'`.
    public init(date: Date) {
        self.wrappedValue = UTCDatetime.string(from: date)
    }

    /// The instant, or `nil` if the text is not an accepted date-time.
    public var projectedValue: Date? { UTCDatetime.date(from: wrappedValue) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard DatetimeParser.epochSeconds(text) != nil else {
            throw OpenDIDError.invalidDatetime(text, path: OpenDIDError.path(decoder.codingPath))
        }
        wrappedValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        guard DatetimeParser.epochSeconds(wrappedValue) != nil else {
            throw OpenDIDError.invalidDatetime(wrappedValue, path: OpenDIDError.path(encoder.codingPath))
        }
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension UTCDatetime {
    /// Formats an instant as `yyyy-MM-dd'T'HH:mm:ss'Z'` (sub-second part dropped).
    public static func string(from date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.fromDays(days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// The instant a date-time text denotes, in any accepted form.
    public static func date(from text: String) -> Date? {
        guard let seconds = DatetimeParser.epochSeconds(text) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The seed's form of an accepted date-time text (UTC, whole seconds), or `nil`.
    public static func normalized(_ text: String) -> String? {
        guard let seconds = DatetimeParser.epochSeconds(text) else { return nil }
        return string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// Proleptic Gregorian day arithmetic (days since 1970-01-01), so dates need no
/// `Calendar` or locale.
enum CivilDate {
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func fromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±HH:MM|±HHMM)` strictly, byte by byte.
enum DatetimeParser {
    static func epochSeconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        var position = 0
        func number(_ width: Int) -> Int64? {
            guard position + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<position + width] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            position += width
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard position < bytes.count, let ascii = character.asciiValue, bytes[position] == ascii else {
                return false
            }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }
        if expect(".") {
            let start = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            guard (1...9).contains(position - start) else { return nil }
        }
        var offset: Int64 = 0
        if expect("Z") {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[position] == UInt8(ascii: "+") ? 1 : -1
            position += 1
            guard let offsetHours = number(2), offsetHours <= 23 else { return nil }
            _ = expect(":")
            guard let offsetMinutes = number(2), offsetMinutes <= 59 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}

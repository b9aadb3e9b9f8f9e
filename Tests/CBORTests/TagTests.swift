import Foundation
import Testing
@testable import CBOR

/// Tags 24 (embedded CBOR), 0 and 1 (date-time), 1004 (full-date).
@Suite("Tags")
struct TagTests {
    @Test func embeddedItemsWrapTheirEncoding() throws {
        let inner: CBOR = ["digestID": 0, "elementValue": "Doe"]
        let wrapped = CBOR.embedded(inner)
        #expect(wrapped.taggedValue?.tag == 24)
        #expect(wrapped.embeddedBytes == inner.encoded())
        #expect(try wrapped.decodeEmbedded() == inner)
        let decoded = try CBOR.decode(wrapped.encoded())
        #expect(try decoded.decodeEmbedded() == inner)
        #expect(throws: CBORError.invalidTagContent(tag: 24, offset: 0)) { try CBOR.textString("x").decodeEmbedded() }
    }

    @Test func embeddedBytesAreKeptExactlyEvenWhenNotPreferred() throws {
        // An issuer encoded 1 as 0x1801 inside the bstr: the bytes survive decode and re-encode.
        let nonPreferred = try Data(hex: "a1616118" + "01")
        let wrapped = CBOR.embedded(encoded: nonPreferred)
        let again = try CBOR.decode(wrapped.encoded())
        #expect(again.embeddedBytes == nonPreferred)
        #expect(try again.decodeEmbedded() == ["a": 1])
        #expect(throws: CBORError.self) { try again.decodeEmbedded(options: .deterministic) }
    }

    @Test func fullDateParsesOnlyRealDays() {
        #expect(FullDate("2024-02-29")?.day == 29)
        #expect(FullDate("2023-02-29") == nil)
        #expect(FullDate("1900-02-29") == nil)
        #expect(FullDate("2000-02-29") != nil)
        for bad in ["2024-2-29", "2024-13-01", "2024-00-10", "2024-01-32", "20240101", "2024-01-01T00", "２０２４-01-01", ""] {
            #expect(FullDate(bad) == nil, "\(bad)")
        }
        #expect(FullDate(year: 7, month: 3, day: 9)?.description == "0007-03-09")
    }

    @Test func fullDateTagAndDateConversion() throws {
        let day = try #require(FullDate("1985-04-12"))
        let item = CBOR.fullDate(day)
        #expect(item.encoded().hex == "d903ec6a313938352d30342d3132")
        #expect(try CBOR.decode(item.encoded()).fullDateValue == day)
        #expect(day.date == Date(timeIntervalSince1970: 482_112_000))
        #expect(FullDate(Date(timeIntervalSince1970: 482_112_000 + 86_399)) == day)
        #expect(FullDate(Date(timeIntervalSince1970: -1)) == FullDate("1969-12-31"))
        #expect(try #require(FullDate("2020-01-01")) > day)
    }

    @Test func dateTimeTagZero() throws {
        let date = Date(timeIntervalSince1970: 1_363_896_240)
        #expect(CBOR.dateTime(date).encoded().hex == "c074323031332d30332d32315432303a30343a30305a")
        #expect(CBOR.dateTime(date).dateValue == date)
        #expect(CBOR.dateTime(Date(timeIntervalSince1970: 1_363_896_240.5)).taggedValue?.content == "2013-03-21T20:04:00.5Z")
        let offsets: [(String, Double)] = [
            ("2013-03-21T20:04:00Z", 1_363_896_240), ("2013-03-21t20:04:00z", 1_363_896_240),
            ("2013-03-21T22:04:00+02:00", 1_363_896_240), ("2013-03-21T19:04:00.25-01:00", 1_363_896_240.25),
        ]
        for (text, seconds) in offsets {
            #expect(CBOR.tagged(0, .textString(text)).dateValue == Date(timeIntervalSince1970: seconds), "\(text)")
        }
        for bad in ["2013-03-21", "2013-03-21T20:04:00", "2013-03-21T25:04:00Z", "2013-03-21T20:04:00.Z", "2013-02-30T20:04:00Z"] {
            #expect(CBOR.tagged(0, .textString(bad)).dateValue == nil, "\(bad)")
        }
    }

    @Test func epochTagOne() throws {
        #expect(CBOR.epochDate(Date(timeIntervalSince1970: 1_363_896_240)).encoded().hex == "c11a514b67b0")
        #expect(CBOR.epochDate(Date(timeIntervalSince1970: 1_363_896_240.5)).encoded().hex == "c1fb41d452d9ec200000")
        #expect(try CBOR.decode(Data(hex: "c11a514b67b0")).dateValue == Date(timeIntervalSince1970: 1_363_896_240))
        #expect(CBOR.tagged(1, .double(.infinity)).dateValue == nil)
    }
}

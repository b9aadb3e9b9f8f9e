import CBOR
import Foundation

/// When the issuer signed the MSO and the period it vouches for (18013-5 §9.1.2.4).
///
/// All times are `tdate` (tag 0, RFC 3339, UTC). A reader checks them against its own clock,
/// which is injected so an old document can be checked "as of" a date.
public struct ValidityInfo: Sendable, Hashable {
    /// When the MSO was signed.
    public var signed: Date
    /// The start of validity.
    public var validFrom: Date
    /// The end of validity.
    public var validUntil: Date
    /// When the issuer expects to re-sign, if it said.
    public var expectedUpdate: Date?

    /// Validity with the given times.
    public init(signed: Date, validFrom: Date, validUntil: Date, expectedUpdate: Date? = nil) {
        self.signed = signed
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.expectedUpdate = expectedUpdate
    }

    /// Reads a `ValidityInfo` map; every time must be a tag 0 `tdate`.
    public init(cbor: CBOR) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "validityInfo")
        signed = try fields.date("signed")
        validFrom = try fields.date("validFrom")
        validUntil = try fields.date("validUntil")
        expectedUpdate = fields.optional("expectedUpdate") == nil ? nil : try fields.date("expectedUpdate")
    }

    /// The map, times as `tdate` without fractional seconds.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [
            ("signed", Self.tdate(signed)), ("validFrom", Self.tdate(validFrom)), ("validUntil", Self.tdate(validUntil)),
        ]
        if let expectedUpdate { entries.append(("expectedUpdate", Self.tdate(expectedUpdate))) }
        return .map(entries)
    }

    /// 18013-5 writes `tdate` to the second: fractions are dropped.
    static func tdate(_ date: Date) -> CBOR {
        .dateTime(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

}

extension ValidityInfo: CBORValueCodable {
    public init(cborValue: CBOR) throws { try self.init(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

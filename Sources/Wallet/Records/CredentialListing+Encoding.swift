import Foundation

/// The stored form of a ``CredentialListing``: a few length-prefixed fields in a fixed
/// order, what the `listing` column seals.
///
/// Binary rather than JSON because a list of a hundred thousand credentials decodes one per
/// credential, and with the field order fixed there are no names to read or compare. The
/// record is authenticated (sealed under the row's binding) and written only by this code,
/// so the reader needs no recovery: anything that does not read back exactly, to the last
/// byte, is `nil`, and the row is then read from its metadata as before.
///
/// Layout (version 1): the version byte; `credentialType`, `issuer`, `issuerDisplayName`,
/// `issuerCommonName` as strings; `issuedAt`, `validFrom`, `validUntil`, `expectedUpdate`
/// as dates; `lastStatus` as a string, `lastVerified` as a flag, `lastCheckedAt` as a date;
/// the number of display names, then each one's `locale` and `name` as strings. A string is
/// a LEB128 length + 1 (0 for none) and its UTF-8 bytes; a date a presence byte and the
/// little-endian bits of its seconds since 2001 (a `Date`'s own value, exact); a flag one
/// byte (0 none, 1 false, 2 true).
extension CredentialListing {
    static let storedVersion: UInt8 = 1

    /// The stored form.
    var stored: Data {
        var out: [UInt8] = [Self.storedVersion]
        out.reserveCapacity(128)
        Self.append(credentialType, to: &out)
        Self.append(issuer, to: &out)
        Self.append(issuerDisplayName, to: &out)
        Self.append(issuerCommonName, to: &out)
        Self.append(validity.issuedAt, to: &out)
        Self.append(validity.validFrom, to: &out)
        Self.append(validity.validUntil, to: &out)
        Self.append(validity.expectedUpdate, to: &out)
        Self.append(lastStatus, to: &out)
        out.append(lastVerified.map { $0 ? 2 : 1 } ?? 0)
        Self.append(lastCheckedAt, to: &out)
        Self.appendLength(displayNames.count, to: &out)
        for entry in displayNames {
            Self.append(entry.locale, to: &out)
            Self.append(entry.name, to: &out)
        }
        return Data(out)
    }

    /// Reads the stored form; `nil` for bytes that are not exactly one.
    init?(stored bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == Self.storedVersion,
              let credentialType = reader.string(), let issuer = reader.string(),
              let issuerDisplayName = reader.string(), let issuerCommonName = reader.string(),
              let issuedAt = reader.date(), let validFrom = reader.date(), let validUntil = reader.date(),
              let expectedUpdate = reader.date(), let lastStatus = reader.string(),
              let verifiedByte = reader.byte(), verifiedByte <= 2, let lastCheckedAt = reader.date(),
              let count = reader.length(), count <= reader.remaining / 2
        else { return nil }
        var displayNames: [DisplayName] = []
        displayNames.reserveCapacity(count)
        for _ in 0..<count {
            guard let locale = reader.string(), let name = reader.string() else { return nil }
            displayNames.append(DisplayName(locale: locale, name: name))
        }
        guard reader.remaining == 0 else { return nil }
        self.init(
            credentialType: credentialType, issuer: issuer, issuerDisplayName: issuerDisplayName,
            issuerCommonName: issuerCommonName, displayNames: displayNames,
            validity: CredentialValidity(
                issuedAt: issuedAt, validFrom: validFrom, validUntil: validUntil, expectedUpdate: expectedUpdate),
            lastStatus: lastStatus, lastVerified: verifiedByte == 0 ? nil : verifiedByte == 2,
            lastCheckedAt: lastCheckedAt)
    }

    /// Reads the stored form from `data`.
    init?(stored data: Data) {
        guard let listing = data.withUnsafeBytes({ CredentialListing(stored: $0) }) else { return nil }
        self = listing
    }

    private static func appendLength(_ value: Int, to out: inout [UInt8]) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }

    private static func append(_ text: String?, to out: inout [UInt8]) {
        guard var utf8 = text else { return out.append(0) }
        utf8.withUTF8 { bytes in
            appendLength(bytes.count + 1, to: &out)
            out.append(contentsOf: bytes)
        }
    }

    private static func append(_ date: Date?, to out: inout [UInt8]) {
        guard let date else { return out.append(0) }
        out.append(1)
        let bits = date.timeIntervalSinceReferenceDate.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    /// Steps through the stored form; every read is `nil` past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var remaining: Int { bytes.count - index }

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        /// A LEB128 number of at most four bytes (lengths within any record's size).
        mutating func length() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 28, by: 7) {
                guard let byte = byte() else { return nil }
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }

        /// `.some(nil)` for an absent string; `nil` past the end.
        mutating func string() -> String?? {
            guard let length = length() else { return nil }
            guard length > 0 else { return .some(nil) }
            guard length - 1 <= remaining else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<index + length - 1]), as: UTF8.self)
            index += length - 1
            return .some(text)
        }

        mutating func date() -> Date?? {
            guard let present = byte() else { return nil }
            guard present == 1 else { return present == 0 ? .some(nil) : nil }
            guard remaining >= 8 else { return nil }
            var bits: UInt64 = 0
            for offset in 0..<8 { bits |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
            index += 8
            return .some(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
        }
    }
}

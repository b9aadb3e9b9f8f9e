import Foundation
import JSONModel

/// A W3C `BitstringStatusListCredential` (§2.2): the verifiable credential that publishes a
/// bitstring status list.
///
/// **Its proof is not verified here.** Securing W3C credentials (Data Integrity, VC-JWT)
/// belongs to a credential layer Vellum does not have yet, so this type decodes an already
/// verified (or, in tests, trusted) credential and runs the recommendation's validate
/// algorithm (§4.2) on it: purpose, validity period, minimum length, index range.
public struct BitstringStatusListCredential: Sendable, Hashable {
    /// The credential `type` value that marks a status list credential.
    public static let type = "BitstringStatusListCredential"

    /// `id`: the URL entries name in `statusListCredential`, when present.
    public var id: String?
    /// `issuer` (its `id` when written as an object).
    public var issuer: String?
    /// `validFrom`.
    public var validFrom: Date?
    /// `validUntil`.
    public var validUntil: Date?
    /// `credentialSubject.statusPurpose`: one or more purposes this list serves.
    public var statusPurposes: [BitstringStatusPurpose]
    /// `credentialSubject.encodedList`: multibase base64url of the GZIP bitstring.
    public var encodedList: String
    /// `credentialSubject.ttl`, converted from milliseconds to seconds.
    public var timeToLive: TimeInterval?

    /// Reads a credential from JSON text within the JSON parser's default limits (strict:
    /// duplicate members refused).
    public init(jsonData: Data, limits: StatusListLimits = .default) throws(StatusListError) {
        guard jsonData.count <= limits.maximumTokenSize else {
            throw .limitExceeded("credential of \(jsonData.count) bytes exceeds \(limits.maximumTokenSize)")
        }
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONValue(parsing: jsonData, limits: JSONParser.Limits(maximumSize: limits.maximumTokenSize, maximumDepth: 64))
        } catch {
            throw .invalidCredential("not JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// Reads a credential: `type` includes `BitstringStatusListCredential`; one
    /// `credentialSubject` of type `BitstringStatusList` with `statusPurpose` (a string or
    /// array of strings) and `encodedList` (a string); `validFrom`, `validUntil` are date-time
    /// strings with a time zone; `ttl` a non-negative number of milliseconds.
    public init(json: JSONValue) throws(StatusListError) {
        guard let object = json.objectValue else { throw .invalidCredential("not a JSON object") }
        guard object["type"]?.namesType(Self.type) == true else {
            throw .invalidCredential("type does not include \(Self.type)")
        }
        var subjectValue = object["credentialSubject"]
        if let subjects = subjectValue?.arrayValue {
            guard subjects.count == 1 else { throw .invalidCredential("credentialSubject must be one subject") }
            subjectValue = subjects[0]
        }
        guard let subject = subjectValue?.objectValue else { throw .invalidCredential("credentialSubject is not an object") }
        guard subject["type"]?.namesType("BitstringStatusList") == true else {
            throw .invalidCredential("credentialSubject.type is not BitstringStatusList")
        }
        switch subject["statusPurpose"] {
        case .string(let purpose)? where !purpose.isEmpty:
            statusPurposes = [BitstringStatusPurpose(rawValue: purpose)]
        case .array(let items)? where !items.isEmpty && items.allSatisfy({ $0.stringValue?.isEmpty == false }):
            statusPurposes = items.compactMap(\.stringValue).map(BitstringStatusPurpose.init(rawValue:))
        default:
            throw .invalidCredential("credentialSubject.statusPurpose is not a string or array of strings")
        }
        guard let encodedList = subject["encodedList"]?.stringValue else {
            throw .invalidCredential("credentialSubject.encodedList is missing or not a string")
        }
        self.encodedList = encodedList
        if let value = subject["ttl"] {
            guard let milliseconds = value.doubleValue, milliseconds.isFinite, milliseconds >= 0 else {
                throw .invalidCredential("credentialSubject.ttl is not a non-negative number")
            }
            timeToLive = milliseconds / 1000
        }
        if let value = object["id"] {
            guard let text = value.stringValue else { throw .invalidCredential("id is not a string") }
            id = text
        }
        switch object["issuer"] {
        case nil: issuer = nil
        case .string(let text)?: issuer = text
        case .object(let issuerObject)?: issuer = issuerObject["id"]?.stringValue
        default: throw .invalidCredential("issuer is neither a string nor an object")
        }
        validFrom = try Self.date(object["validFrom"], name: "validFrom")
        validUntil = try Self.date(object["validUntil"], name: "validUntil")
    }

    /// Decodes the bitstring under `limits`.
    public func statusList(limits: StatusListLimits = .default) throws(StatusListError) -> BitstringStatusList {
        try BitstringStatusList(encodedList: encodedList, limits: limits)
    }

    /// Runs the validate algorithm (§4.2) for `entry` at time `now`.
    ///
    /// Throws when the credential is not the one the entry names (its `id`, when present, must
    /// equal `statusListCredential`), is outside its validity period, does not serve the
    /// entry's purpose, holds fewer than `minimumEntries` entries of the entry's size, or does
    /// not cover the index.
    public func status(
        for entry: BitstringStatusListEntry, at now: Date, minimumEntries: Int = BitstringStatusList.minimumEntries,
        limits: StatusListLimits = .default
    ) throws(StatusListError) -> BitstringStatus {
        if let id, id != entry.statusListCredential {
            throw .invalidCredential("credential \(id) is not the entry's \(entry.statusListCredential)")
        }
        if let validUntil, now >= validUntil { throw .expired(expiresAt: validUntil, now: now) }
        if let validFrom, now < validFrom { throw .notYetValid("validFrom \(validFrom) is after \(now)") }
        guard statusPurposes.contains(entry.statusPurpose) else {
            throw .purposeMismatch(expected: entry.statusPurpose.rawValue, available: statusPurposes.map(\.rawValue))
        }
        let list = try statusList(limits: limits)
        let entries = list.entryCount(statusSize: entry.statusSize)
        guard entries >= minimumEntries else { throw .listTooShort(entries: entries, minimum: minimumEntries) }
        let value = try list.value(at: entry.statusListIndex, statusSize: entry.statusSize)
        return BitstringStatus(purpose: entry.statusPurpose, value: value, message: entry.message(for: value))
    }

    /// Reads an XML Schema `dateTimeStamp` (RFC 3339 with a time zone, optional fractions).
    private static func date(_ value: JSONValue?, name: String) throws(StatusListError) -> Date? {
        guard let value else { return nil }
        guard let text = value.stringValue else { throw .invalidCredential("\(name) is not a string") }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        throw .invalidCredential("\(name) \(text) is not a date-time with a time zone")
    }
}

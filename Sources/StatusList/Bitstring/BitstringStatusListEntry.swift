import Foundation
import JSONModel

/// A W3C `credentialStatus` entry of type `BitstringStatusListEntry` (§2.1): which bit of
/// which status list credential carries this credential's status, for what purpose.
public struct BitstringStatusListEntry: Sendable, Hashable {
    /// One `statusMessage` element: the message for one status value.
    public struct StatusMessage: Sendable, Hashable {
        /// The value (written `"0x…"` in JSON).
        public let status: UInt8
        /// The message, for developers rather than end users.
        public let message: String

        /// A message for `status`.
        public init(status: UInt8, message: String) {
            self.status = status
            self.message = message
        }
    }

    /// `id`, when present (never the status list's URL).
    public var id: String?
    /// `statusPurpose`.
    public var statusPurpose: BitstringStatusPurpose
    /// `statusListIndex`, parsed from its base-10 string.
    public var statusListIndex: Int
    /// `statusSize` in bits; 1 when absent.
    public var statusSize: Int
    /// `statusListCredential`: the URL of the ``BitstringStatusListCredential``.
    public var statusListCredential: String
    /// `statusMessage`, when present.
    public var statusMessages: [StatusMessage]?

    /// An entry with the given members.
    public init(
        id: String? = nil, statusPurpose: BitstringStatusPurpose, statusListIndex: Int, statusSize: Int = 1,
        statusListCredential: String, statusMessages: [StatusMessage]? = nil
    ) {
        self.id = id
        self.statusPurpose = statusPurpose
        self.statusListIndex = statusListIndex
        self.statusSize = statusSize
        self.statusListCredential = statusListCredential
        self.statusMessages = statusMessages
    }

    /// Reads one entry object, checking the MUSTs of §2.1: `type` is
    /// `BitstringStatusListEntry`; `statusPurpose` a string; `statusListIndex` a base-10
    /// string of a non-negative integer (no sign, no leading zeros); `statusSize`, if present,
    /// a positive integer; `statusMessage` present when `statusSize` > 1, with one element per
    /// possible value; `statusListCredential` an absolute URL.
    public init(json: JSONValue) throws(StatusListError) {
        guard let object = json.objectValue else { throw .invalidReference("credentialStatus entry is not an object") }
        guard object["type"]?.namesType(Self.type) == true else {
            throw .invalidReference("type is not \(Self.type)")
        }
        guard let purpose = object["statusPurpose"]?.stringValue, !purpose.isEmpty else {
            throw .invalidReference("statusPurpose is missing or not a string")
        }
        guard let indexText = object["statusListIndex"]?.stringValue else {
            throw .invalidReference("statusListIndex is missing or not a string")
        }
        let index = try Self.parseIndex(indexText)
        var statusSize = 1
        if let value = object["statusSize"] {
            guard let number = value.numberValue, let size = Int(number.text), size > 0 else {
                throw .invalidReference("statusSize is not a positive integer")
            }
            statusSize = size
        }
        try BitstringStatusList.checkStatusSize(statusSize)
        guard let credential = object["statusListCredential"]?.stringValue,
            StatusListReference.isAbsoluteURI(credential)
        else {
            throw .invalidReference("statusListCredential is missing or not a URL")
        }
        var messages: [StatusMessage]?
        if let value = object["statusMessage"] {
            messages = try Self.parseMessages(value, statusSize: statusSize)
        } else if statusSize > 1 {
            throw .invalidReference("statusMessage is required when statusSize is greater than 1")
        }
        var id: String?
        if let value = object["id"] {
            guard let text = value.stringValue else { throw .invalidReference("id is not a string") }
            id = text
        }
        self.init(
            id: id, statusPurpose: BitstringStatusPurpose(rawValue: purpose), statusListIndex: index,
            statusSize: statusSize, statusListCredential: credential, statusMessages: messages)
    }

    /// The `BitstringStatusListEntry` entries of a credential's `credentialStatus` (an object
    /// or an array); entries of other types are skipped, a malformed one of this type throws.
    public static func entries(inCredentialStatus value: JSONValue) throws(StatusListError) -> [BitstringStatusListEntry] {
        let candidates = value.arrayValue ?? [value]
        var entries = [BitstringStatusListEntry]()
        for candidate in candidates where candidate["type"]?.namesType(type) == true {
            entries.append(try BitstringStatusListEntry(json: candidate))
        }
        return entries
    }

    /// The `type` value of an entry.
    public static let type = "BitstringStatusListEntry"

    /// The message for `value`, when the entry lists one.
    public func message(for value: UInt8) -> String? {
        statusMessages?.first { $0.status == value }?.message
    }

    private static func parseIndex(_ text: String) throws(StatusListError) -> Int {
        let digits = text.utf8
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .invalidReference("statusListIndex \(text) is not a base-10 integer")
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw .invalidReference("statusListIndex \(text) has a leading zero")
        }
        guard let index = Int(text) else { throw .invalidReference("statusListIndex \(text) is too large") }
        return index
    }

    private static func parseMessages(_ value: JSONValue, statusSize: Int) throws(StatusListError) -> [StatusMessage] {
        guard let list = value.arrayValue else { throw .invalidReference("statusMessage is not an array") }
        guard list.count == 1 << statusSize else {
            throw .invalidReference("statusMessage has \(list.count) elements, \(1 << statusSize) expected")
        }
        var messages = [StatusMessage]()
        for element in list {
            guard let status = element["status"]?.stringValue, status.hasPrefix("0x"), status.count > 2,
                status.dropFirst(2).allSatisfy(\.isHexDigit), let number = UInt8(status.dropFirst(2), radix: 16)
            else {
                throw .invalidReference("a statusMessage status is not a hexadecimal 0x… string")
            }
            guard let message = element["message"]?.stringValue else {
                throw .invalidReference("a statusMessage message is not a string")
            }
            messages.append(StatusMessage(status: number, message: message))
        }
        return messages
    }
}

extension JSONValue {
    /// Whether a JSON-LD `type` (a string or an array of strings) includes `name`.
    func namesType(_ name: String) -> Bool {
        switch self {
        case .string(let text): return text == name
        case .array(let items): return items.contains { $0.stringValue == name }
        default: return false
        }
    }
}

import Foundation
import JSONModel

/// The `tx_code` of a pre-authorized code grant: the issuer will ask for a second factor
/// (sent out of band, e.g. by e-mail) with the token request, and says how to prompt for it.
public struct TransactionCode: Sendable, Hashable {
    /// What the user types: digits only, or any characters.
    public enum InputMode: String, Sendable, Hashable {
        case numeric
        case text
    }

    /// `input_mode`, `numeric` when absent.
    public var inputMode: InputMode
    /// `length`: how many characters the code has, when the issuer says.
    public var length: Int?
    /// `description`: guidance for the user, at most 300 characters.
    public var description: String?

    public init(inputMode: InputMode = .numeric, length: Int? = nil, description: String? = nil) {
        self.inputMode = inputMode
        self.length = length
        self.description = description
    }

    /// The longest `description` the specification allows.
    public static let maximumDescriptionLength = 300

    init(json: JSONValue, path: String) throws(OpenID4VCIError) {
        guard case let .object(object) = json else { throw .invalidOffer(path: path, reason: "not an object") }
        switch object["input_mode"] {
        case nil: inputMode = .numeric
        case let .string(text)?:
            guard let mode = InputMode(rawValue: text) else {
                throw .invalidOffer(path: "\(path).input_mode", reason: "must be numeric or text, is \(text)")
            }
            inputMode = mode
        default: throw .invalidOffer(path: "\(path).input_mode", reason: "not a string")
        }
        if let value = object["length"] {
            guard let number = value.numberValue?.intValue, number > 0, number <= 64 else {
                throw .invalidOffer(path: "\(path).length", reason: "must be an integer from 1 to 64")
            }
            length = number
        }
        if let value = object["description"] {
            guard let text = value.stringValue else { throw .invalidOffer(path: "\(path).description", reason: "not a string") }
            guard text.count <= Self.maximumDescriptionLength else {
                throw .invalidOffer(path: "\(path).description", reason: "longer than \(Self.maximumDescriptionLength) characters")
            }
            description = text
        }
    }

    /// Whether `code` fits what the issuer announced (numeric mode and length), so a wallet
    /// can refuse a typo before spending a token request on it.
    public func accepts(_ code: String) -> Bool {
        guard !code.isEmpty else { return false }
        if let length, code.count != length { return false }
        if inputMode == .numeric { return code.allSatisfy { ("0"..."9").contains($0) } }
        return true
    }
}

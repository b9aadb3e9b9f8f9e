import DIDComm
import JSONModel

/// `credential_preview` of a credential offer (RFC 0036, RFC 0453): the attributes the issuer
/// means to sign, shown to the holder before it accepts.
public struct CredentialPreview: Sendable, Hashable {
    /// One attribute.
    public struct Attribute: Sendable, Hashable {
        /// `name`.
        public var name: String
        /// `value` (base64 when ``mimeType`` is given).
        public var value: String
        /// `mime-type`.
        public var mimeType: String?

        /// An attribute from its parts.
        public init(name: String, value: String, mimeType: String? = nil) {
            self.name = name
            self.value = value
            self.mimeType = mimeType
        }
    }

    /// The attributes, in the issuer's order.
    public var attributes: [Attribute]

    /// At most this many attributes are read.
    public static let maximumAttributes = 256

    /// A preview of `attributes`.
    public init(attributes: [Attribute]) { self.attributes = attributes }

    /// The attributes as `name: value`.
    public var values: [String: String] {
        Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    init(_ value: JSONValue) throws(AriesError) {
        guard let array = value["attributes"]?.arrayValue else {
            throw .malformedMessage(reason: "credential_preview has no attributes array")
        }
        guard array.count <= Self.maximumAttributes else {
            throw .malformedMessage(reason: "credential_preview has more than \(Self.maximumAttributes) attributes")
        }
        var names = Set<String>()
        attributes = try array.map { entry throws(AriesError) in
            guard let name = entry["name"]?.stringValue, !name.isEmpty, let text = entry["value"]?.stringValue else {
                throw .malformedMessage(reason: "a credential_preview attribute lacks a name or a string value")
            }
            guard names.insert(name).inserted else { throw .malformedMessage(reason: "credential_preview names \(name) twice") }
            let mimeType = entry["mime-type"]
            guard mimeType == nil || mimeType?.stringValue != nil || mimeType == .null else {
                throw .malformedMessage(reason: "credential_preview: mime-type of \(name) is not a string")
            }
            return Attribute(name: name, value: text, mimeType: mimeType?.stringValue)
        }
    }

    /// The preview as JSON, typed for `version`.
    func json(_ version: AriesProtocolVersion) -> JSONValue {
        [
            "@type": .string(version.issueCredential.messageType("credential-preview").uri),
            "attributes": .array(attributes.map { attribute in
                var object: JSONObject = ["name": .string(attribute.name), "value": .string(attribute.value)]
                if let mimeType = attribute.mimeType { object.updateValue(.string(mimeType), forName: "mime-type") }
                return .object(object)
            }),
        ]
    }
}

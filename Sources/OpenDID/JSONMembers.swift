import JSONModel

/// An Open DID model that writes its own JSON.
///
/// Signing a credential, and checking one, starts by turning the model into JSON. Through
/// `Encodable` that costs a container box, a metadata lookup and a node per member — more
/// than a tenth of an issuer's signing time — so the credential's types write their
/// members directly. Their `encode(to:)` goes through this too, so there is one mapping to
/// keep true to the seed, not two.
protocol JSONMembersWritable: Encodable {
    /// The model's JSON. The only failure is an invalid date-time, reported with its path
    /// relative to this model.
    func jsonValue() throws(OpenDIDError) -> JSONValue
}

extension JSONMembersWritable {
    /// `Encodable` by way of ``jsonValue()``, with the error path made absolute.
    func encodeMembers(to encoder: any Encoder) throws {
        let value: JSONValue
        do {
            value = try jsonValue()
        } catch {
            throw error.nested(under: OpenDIDError.path(encoder.codingPath))
        }
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// The members of one JSON object, in the order a model writes them: `nil` optionals are
/// left out, as the synthesized `encodeIfPresent` does.
struct JSONMembers {
    private var names: [String] = []
    private var values: [JSONValue] = []

    init(capacity: Int) {
        names.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var object: JSONValue { .object(JSONObject(names: names, values: values)) }

    mutating func add(_ name: String, _ value: JSONValue) {
        names.append(name)
        values.append(value)
    }

    mutating func add(_ name: String, _ value: String) { add(name, .string(value)) }

    mutating func add(_ name: String, _ value: String?) {
        if let value { add(name, .string(value)) }
    }

    mutating func add(_ name: String, _ value: Bool?) {
        if let value { add(name, .bool(value)) }
    }

    mutating func add<Value: RawRepresentable>(_ name: String, _ value: Value) where Value.RawValue == String {
        add(name, .string(value.rawValue))
    }

    mutating func add<Value: RawRepresentable>(_ name: String, _ value: Value?) where Value.RawValue == String {
        if let value { add(name, .string(value.rawValue)) }
    }

    mutating func add(_ name: String, _ value: [String]?) {
        if let value { add(name, .array(value.map(JSONValue.string))) }
    }

    mutating func add(_ name: String, _ value: [String: String]?) {
        guard let value else { return }
        add(name, .object(JSONObject(names: Array(value.keys), values: value.values.map(JSONValue.string))))
    }

    /// A `@UTCDatetime` member, refused (as its `encode(to:)` refuses it) unless it is an
    /// accepted date-time.
    mutating func add(_ name: String, datetime: String) throws(OpenDIDError) {
        guard DatetimeParser.epochSeconds(datetime) != nil else { throw .invalidDatetime(datetime, path: name) }
        add(name, .string(datetime))
    }

    mutating func add(_ name: String, _ value: some JSONMembersWritable) throws(OpenDIDError) {
        do {
            add(name, try value.jsonValue())
        } catch {
            throw error.nested(under: name)
        }
    }

    mutating func add(_ name: String, _ value: [some JSONMembersWritable]) throws(OpenDIDError) {
        var elements: [JSONValue] = []
        elements.reserveCapacity(value.count)
        for (index, element) in value.enumerated() {
            do {
                elements.append(try element.jsonValue())
            } catch {
                throw error.nested(under: "\(name)[\(index)]")
            }
        }
        add(name, .array(elements))
    }

    mutating func add(_ name: String, _ value: [String: some JSONMembersWritable]?) throws(OpenDIDError) {
        guard let value else { return }
        var keys: [String] = []
        var elements: [JSONValue] = []
        keys.reserveCapacity(value.count)
        elements.reserveCapacity(value.count)
        for (key, element) in value {
            do {
                elements.append(try element.jsonValue())
            } catch {
                throw error.nested(under: "\(name).\(key)")
            }
            keys.append(key)
        }
        add(name, .object(JSONObject(names: keys, values: elements)))
    }
}

extension OpenDIDError {
    /// This error with its member path placed under `parent` (a path such as `proof` or
    /// `verifiableCredential[0]`; `(root)` or empty leaves it as is).
    func nested(under parent: String) -> OpenDIDError {
        guard case let .invalidDatetime(value, path) = self, !parent.isEmpty, parent != "(root)" else { return self }
        return .invalidDatetime(value, path: path.hasPrefix("[") ? parent + path : parent + "." + path)
    }
}

/// A claims path pointer (OpenID4VP 1.0 §7): a path into a JSON credential that selects one
/// or more claims, as DCQL queries and SD-JWT VC type metadata use it.
///
/// Each component is a member name, an array index, or "all elements" (`null` in JSON).
/// ``select(in:)`` applies the processing rules of §7.1.1 and returns every selected value
/// with the concrete path (names and indices only) that reached it, so a wallet can tell
/// which disclosures to release.
public struct ClaimPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a claims path pointer.
    public enum Component: Sendable, Hashable {
        /// Select the member with this name in each selected object.
        case key(String)
        /// Select the element at this index (0-based, non-negative) in each selected array.
        case index(Int)
        /// Select every element of each selected array (`null` in JSON).
        case allElements
    }

    /// One selected value and the concrete path to it.
    public struct Match: Sendable, Hashable {
        /// The path to ``value`` using only ``Component/key(_:)`` and ``Component/index(_:)``.
        public let path: [Component]
        /// The selected JSON value.
        public let value: JSONValue
    }

    /// The components, never empty.
    public let components: [Component]

    /// A path from components.
    ///
    /// - Throws: ``ClaimPathError/empty`` for no components,
    ///   ``ClaimPathError/invalidComponent(position:)`` for a negative index.
    public init(_ components: [Component]) throws(ClaimPathError) {
        guard !components.isEmpty else { throw .empty }
        for (position, component) in components.enumerated() {
            if case let .index(index) = component, index < 0 { throw .invalidComponent(position: position) }
        }
        self.components = components
    }

    /// A path from its JSON form: a non-empty array of strings, `null`s and non-negative
    /// integers. Integers must be written as integers (`1`, not `1.0` or `1e0`).
    public init(json: JSONValue) throws(ClaimPathError) {
        guard let array = json.arrayValue else { throw .notAnArray }
        var components: [Component] = []
        for (position, element) in array.enumerated() {
            switch element {
            case let .string(name): components.append(.key(name))
            case .null: components.append(.allElements)
            case let .number(number):
                guard let index = number.intValue, index >= 0 else { throw .invalidComponent(position: position) }
                components.append(.index(index))
            default: throw .invalidComponent(position: position)
            }
        }
        try self.init(components)
    }

    /// The JSON form of this path.
    public var json: JSONValue {
        .array(components.map { component in
            switch component {
            case let .key(name): return .string(name)
            case let .index(index): return .number(JSONNumber(index))
            case .allElements: return .null
            }
        })
    }

    /// The path as its JSON array text, e.g. `["address","street"]`, as DCQL writes it.
    public var description: String { json.serializedString() }

    /// Applies the path to `root` (OpenID4VP 1.0 §7.1.1).
    ///
    /// - Returns: the selected values in document order, each with its concrete path.
    /// - Throws: ``ClaimPathError/typeMismatch(position:expected:)`` when a name meets a
    ///   non-object or an index/`null` meets a non-array, ``ClaimPathError/noMatch`` when the
    ///   selection ends up empty.
    public func select(in root: JSONValue) throws(ClaimPathError) -> [Match] {
        if let value = try selectOne(in: root) { return [Match(path: components, value: value)] }
        return try selectEvery(in: root)
    }

    /// The general walk of ``select(in:)``, one list of matches per step, for a path with `null`.
    private func selectEvery(in root: JSONValue) throws(ClaimPathError) -> [Match] {
        var selection = [Match(path: [], value: root)]
        for (position, component) in components.enumerated() {
            var next: [Match] = []
            for match in selection {
                switch component {
                case let .key(name):
                    guard let object = match.value.objectValue else {
                        throw .typeMismatch(position: position, expected: .object)
                    }
                    if let value = object[name] { next.append(Match(path: match.path + [.key(name)], value: value)) }
                case let .index(index):
                    guard let array = match.value.arrayValue else {
                        throw .typeMismatch(position: position, expected: .array)
                    }
                    if array.indices.contains(index) {
                        next.append(Match(path: match.path + [.index(index)], value: array[index]))
                    }
                case .allElements:
                    guard let array = match.value.arrayValue else {
                        throw .typeMismatch(position: position, expected: .array)
                    }
                    for (index, element) in array.enumerated() {
                        next.append(Match(path: match.path + [.index(index)], value: element))
                    }
                }
            }
            selection = next
        }
        guard !selection.isEmpty else { throw .noMatch }
        return selection
    }

    /// Appends the concrete path of every claim ``select(in:)`` selects to `paths`, throwing
    /// as it does: for a caller that needs only where the claims are (which Disclosures to
    /// present), without a list of matches per path.
    package func appendSelectedPaths(in root: JSONValue, to paths: inout [[Component]]) throws(ClaimPathError) {
        if try selectOne(in: root) != nil {
            paths.append(components)
        } else {
            for match in try selectEvery(in: root) { paths.append(match.path) }
        }
    }

    /// The one value a path without `null` selects (its concrete path is the path itself),
    /// found without the per-step lists; `nil` for a path with `null`, which ``select(in:)``
    /// walks in general. Throws as ``select(in:)`` does.
    private func selectOne(in root: JSONValue) throws(ClaimPathError) -> JSONValue? {
        var value = root
        for (position, component) in components.enumerated() {
            switch (component, value) {
            case (.allElements, _):
                return nil
            case let (.key(name), .object(object)):
                guard let member = object[name] else { throw .noMatch }
                value = member
            case let (.index(index), .array(array)):
                guard array.indices.contains(index) else { throw .noMatch }
                value = array[index]
            case (.key, _):
                throw .typeMismatch(position: position, expected: .object)
            case (.index, _):
                throw .typeMismatch(position: position, expected: .array)
            }
        }
        return value
    }

    /// The selected values only (see ``select(in:)``).
    public func values(in root: JSONValue) throws(ClaimPathError) -> [JSONValue] {
        try select(in: root).map(\.value)
    }
}

extension ClaimPath: Codable {
    /// Reads the JSON array form, checking every element as ``init(json:)`` does.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Writes the JSON array form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// Why a claims path pointer is malformed or selects nothing.
public enum ClaimPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a component needed to find.
    public enum ExpectedType: String, Sendable {
        case object, array
    }

    /// The JSON form is not an array.
    case notAnArray
    /// The path has no components (OpenID4VP requires a non-empty array).
    case empty
    /// The component at `position` is not a string, `null` or non-negative integer.
    case invalidComponent(position: Int)
    /// Processing met a value of the wrong type at component `position`; per §7.1.1 the
    /// whole selection fails.
    case typeMismatch(position: Int, expected: ExpectedType)
    /// Processing ended with nothing selected.
    case noMatch

    /// A message for a person reading a log, naming the component at fault.
    public var description: String {
        switch self {
        case .notAnArray: return "claims path: not a JSON array"
        case .empty: return "claims path: empty"
        case let .invalidComponent(position): return "claims path: invalid component at \(position)"
        case let .typeMismatch(position, expected):
            return "claims path: component \(position) needs an \(expected.rawValue)"
        case .noMatch: return "claims path: no claim selected"
        }
    }
}

/// The parser's engine: a cursor over the input bytes and an explicit stack of open
/// containers (no recursion, so depth costs heap, never the call stack).
///
/// The members of every open container wait in two shared lists, `values` and `names`;
/// each open container only remembers where its own members begin. When it closes, its
/// members are moved out once into one array of exactly their count (for an object, of
/// name–value pairs). Growing one array per container element by element cost a
/// reallocation at every power of two, which was a quarter of all the allocations an
/// SD-JWT verification made.
///
/// A caller in the package may also walk a document itself, token by token (see
/// `JSONReader+Stepwise.swift`), and hand values it has no use for to ``readValue()``.
package struct JSONReader {
    /// The input, borrowed for the length of one parse (see ``JSONParser``).
    let bytes: UnsafeBufferPointer<UInt8>
    package let limits: JSONParser.Limits
    let duplicateMembers: JSONParser.DuplicateMemberPolicy
    /// The offset of the next byte to read.
    package internal(set) var index = 0
    /// Levels of nesting already open around the value being read, counted against the
    /// depth limit (an array whose elements are read one at a time is one).
    var depthUsed = 0

    /// An open array or object.
    private struct Frame {
        /// Where this container's values begin in `values`.
        let valueStart: Int
        /// For an object: where its names begin in `names`, the name waiting for its value
        /// and that name's offset (for a duplicate-member error). `nil` for an array.
        let nameStart: Int?
        var pendingName = ""
        var pendingNameOffset = 0
        /// Positions by name, built once an object has more members than a linear scan
        /// handles well.
        var positions: [ScalarKey: Int]?

        var isObject: Bool { nameStart != nil }
    }

    /// The number of members above which an object's duplicate check uses a hash index
    /// (the same threshold ``JSONObject`` uses for its own lookups).
    private static let indexThreshold = JSONObject.indexThreshold

    private var frames: [Frame] = []
    private var values: [JSONValue] = []
    private var names: [String] = []

    /// A reader at the start of `bytes`, which must outlive it; the depth limit is capped
    /// at ``JSONParser/Limits/depthCeiling``.
    package init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, duplicateMembers: JSONParser.DuplicateMemberPolicy) {
        self.bytes = bytes
        var limits = limits
        limits.maximumDepth = min(limits.maximumDepth, JSONParser.Limits.depthCeiling)
        self.limits = limits
        self.duplicateMembers = duplicateMembers
    }

    mutating func readDocument() throws(JSONError) -> JSONValue {
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw .trailingContent(offset: index) }
        return value
    }

    /// Reads one complete value at the cursor (after any whitespace).
    package mutating func readValue() throws(JSONError) -> JSONValue {
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
            let valueStart = index
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["):
                guard frames.count + depthUsed < limits.maximumDepth else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    openContainer(Frame(valueStart: values.count, nameStart: nil))
                    continue
                }
            case UInt8(ascii: "{"):
                guard frames.count + depthUsed < limits.maximumDepth else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    let (name, offset) = try readMemberName()
                    openContainer(Frame(
                        valueStart: values.count, nameStart: names.count, pendingName: name, pendingNameOffset: offset))
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try readString())
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try readNumber())
            case let byte:
                throw .unexpectedByte(byte, offset: index)
            }

            // Attach the finished value to the innermost open container, closing as many
            // containers as end here.
            while !frames.isEmpty {
                if frames[frames.count - 1].isObject {
                    try addMember(value)
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        let (next, offset) = try readMemberName()
                        frames[frames.count - 1].pendingName = next
                        frames[frames.count - 1].pendingNameOffset = offset
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(closeObject())
                        continue
                    case let byte?: throw .unexpectedByte(byte, offset: index)
                    case nil: throw .unexpectedEnd(offset: index)
                    }
                } else {
                    guard values.count - frames[frames.count - 1].valueStart < limits.maximumMembers else {
                        throw .tooManyMembers(offset: valueStart, limit: limits.maximumMembers)
                    }
                    values.append(value)
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(closeArray())
                        continue
                    case let byte?: throw .unexpectedByte(byte, offset: index)
                    case nil: throw .unexpectedEnd(offset: index)
                    }
                }
                break
            }
            if frames.isEmpty { return value }
        }
    }

    private mutating func openContainer(_ frame: Frame) {
        if frames.isEmpty {
            // One reservation per parse spares the first few doublings of each list; a short
            // text (a JOSE header of a few dozen bytes) holds a few values and gets short ones.
            let room = min(32, max(4, bytes.count / 8))
            frames.reserveCapacity(min(8, room))
            values.reserveCapacity(room)
            if frame.isObject { names.reserveCapacity(room) }
        }
        frames.append(frame)
    }

    /// Adds the innermost object's pending member; a repeated name is refused or keeps
    /// its first position and takes the new value, as the policy says.
    private mutating func addMember(_ value: JSONValue) throws(JSONError) {
        let top = frames.count - 1
        guard let nameStart = frames[top].nameStart else { return }
        let name = frames[top].pendingName
        let count = names.count - nameStart
        var existing: Int?
        if let positions = frames[top].positions {
            existing = positions[ScalarKey(name)]
        } else {
            for position in nameStart..<names.count where ScalarKey.sameScalars(names[position], name) {
                existing = position - nameStart
                break
            }
        }
        if let existing {
            guard duplicateMembers == .lastWins else {
                throw .duplicateMember(name, offset: frames[top].pendingNameOffset)
            }
            values[frames[top].valueStart + existing] = value
            return
        }
        guard count < limits.maximumMembers else {
            throw .tooManyMembers(offset: frames[top].pendingNameOffset, limit: limits.maximumMembers)
        }
        names.append(name)
        values.append(value)
        if frames[top].positions != nil {
            frames[top].positions?[ScalarKey(name)] = count
        } else if count + 1 > Self.indexThreshold {
            var positions = [ScalarKey: Int](minimumCapacity: (count + 1) * 2)
            for position in nameStart..<names.count { positions[ScalarKey(names[position])] = position - nameStart }
            frames[top].positions = positions
        }
    }

    /// Closes the innermost array: its elements, moved out in one allocation.
    private mutating func closeArray() -> [JSONValue] {
        let frame = frames.removeLast()
        return Self.take(from: &values, from: frame.valueStart, leaving: .null)
    }

    /// Closes the innermost object: its members, whose names are already known distinct.
    private mutating func closeObject() -> JSONObject {
        let frame = frames.removeLast()
        let nameStart = frame.nameStart ?? names.count
        // Names and values move out of the shared lists into one list of members.
        var entries = [JSONObject.Entry]()
        entries.reserveCapacity(names.count - nameStart)
        names.withUnsafeMutableBufferPointer { nameList in
            values.withUnsafeMutableBufferPointer { valueList in
                guard let nameBase = nameList.baseAddress, let valueBase = valueList.baseAddress else { return }
                for offset in 0..<(nameList.count - nameStart) {
                    let name = (nameBase + nameStart + offset).move()
                    (nameBase + nameStart + offset).initialize(to: "")
                    let value = (valueBase + frame.valueStart + offset).move()
                    (valueBase + frame.valueStart + offset).initialize(to: .null)
                    entries.append(JSONObject.Entry(name: name, value: value))
                }
            }
        }
        while names.count > nameStart { names.removeLast() }
        while values.count > frame.valueStart { values.removeLast() }
        return JSONObject(distinctEntries: entries)
    }

    /// The elements of `list` from `start` on, moved into a new array of exactly their count,
    /// and `list` cut back to `start`.
    ///
    /// Moving rather than copying spares a retain and a release per element; the emptied
    /// slots get `filler`, which costs nothing to drop. (`Array(list[start...])` would also
    /// share the list's buffer when the slice is all of it, and `removeLast(_:)` looks up
    /// type metadata on every call.)
    private static func take<Element>(from list: inout [Element], from start: Int, leaving filler: Element) -> [Element] {
        // `reserveCapacity` then `append`, not `init(unsafeUninitializedCapacity:)`: that
        // one reaches an unspecialised buffer initializer that looks the storage class's
        // metadata up at run time, which cost a tenth of a parse.
        var taken = [Element]()
        taken.reserveCapacity(list.count - start)
        list.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for position in start..<source.count {
                taken.append((base + position).move())
                (base + position).initialize(to: filler)
            }
        }
        while list.count > start { list.removeLast() }
        return taken
    }

    /// The byte at the cursor, `nil` at the end.
    package func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves the cursor past spaces, tabs and line breaks.
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0a, 0x0d: index += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONError) {
        for expected in literal.utf8 {
            guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
            guard bytes[index] == expected else { throw .unexpectedByte(bytes[index], offset: index) }
            index += 1
        }
    }

    /// Reads `"name"` then whitespace and `:`; returns the name and where it began.
    package mutating func readMemberName() throws(JSONError) -> (String, Int) {
        let offset = index
        guard let byte = peek() else { throw .unexpectedEnd(offset: index) }
        guard byte == UInt8(ascii: "\"") else { throw .unexpectedByte(byte, offset: index) }
        let name = try readString()
        skipWhitespace()
        guard let colon = peek() else { throw .unexpectedEnd(offset: index) }
        guard colon == UInt8(ascii: ":") else { throw .unexpectedByte(colon, offset: index) }
        index += 1
        return (name, offset)
    }

    private mutating func readNumber() throws(JSONError) -> JSONNumber {
        let start = index
        guard let length = JSONNumber.scanLength(bytes, from: start) else { throw .invalidNumber(offset: start) }
        index += length
        // A number must not run straight into more number-like bytes ("01", "1.e", "2.").
        if let next = peek(), Self.continuesNumber(next) { throw .invalidNumber(offset: start) }
        return JSONNumber(validatedText: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }
}

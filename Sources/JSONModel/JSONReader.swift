/// The parser's engine: a cursor over the input bytes and an explicit stack of open
/// containers (no recursion, so depth costs heap, never the call stack).
struct JSONReader {
    /// The input, borrowed for the length of one parse (see ``JSONParser``).
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    let duplicateMembers: JSONParser.DuplicateMemberPolicy
    var index = 0

    private enum Container {
        case array([JSONValue])
        case object(JSONObject, pendingName: String, nameOffset: Int)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, duplicateMembers: JSONParser.DuplicateMemberPolicy) {
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

    private mutating func readValue() throws(JSONError) -> JSONValue {
        var stack: [Container] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
            let valueStart = index
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["):
                guard stack.count < limits.maximumDepth else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(.array([]))
                    continue
                }
            case UInt8(ascii: "{"):
                guard stack.count < limits.maximumDepth else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    let (name, offset) = try readMemberName()
                    stack.append(.object(JSONObject(), pendingName: name, nameOffset: offset))
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

            // Attach the finished value to the open containers, closing as many as end here.
            while let container = stack.popLast() {
                switch container {
                case var .array(elements):
                    guard elements.count < limits.maximumMembers else {
                        throw .tooManyMembers(offset: valueStart, limit: limits.maximumMembers)
                    }
                    elements.append(value)
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        stack.append(.array(elements))
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(elements)
                        continue
                    case let byte?: throw .unexpectedByte(byte, offset: index)
                    case nil: throw .unexpectedEnd(offset: index)
                    }
                case .object(var object, let name, let nameOffset):
                    if object.updateValue(value, forName: name) {
                        guard duplicateMembers == .lastWins else { throw .duplicateMember(name, offset: nameOffset) }
                    } else {
                        guard object.count <= limits.maximumMembers else {
                            throw .tooManyMembers(offset: nameOffset, limit: limits.maximumMembers)
                        }
                    }
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        let (next, offset) = try readMemberName()
                        stack.append(.object(object, pendingName: next, nameOffset: offset))
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(object)
                        continue
                    case let byte?: throw .unexpectedByte(byte, offset: index)
                    case nil: throw .unexpectedEnd(offset: index)
                    }
                }
                break
            }
            if stack.isEmpty { return value }
        }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
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

    /// Reads `"name"` then whitespace and `:`.
    private mutating func readMemberName() throws(JSONError) -> (String, Int) {
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

import JSONModel

/// Converts the JSONPath expressions Presentation Exchange `fields` use into claims path
/// pointers.
///
/// Only the definite subset is accepted: `$`, then member names (`.name`, `['name']`,
/// `["name"]`), array indices (`[0]`) and every array element (`[*]`). Recursive descent
/// (`..`), filters, slices and wildcards over objects select claims a wallet cannot predict,
/// so they are refused rather than approximated.
enum JSONPathPointer {
    static func claimPath(_ expression: String, at location: String) throws(DCQLError) -> ClaimPath {
        func failure(_ reason: String) -> DCQLError { .invalidQuery(path: location, reason: "JSONPath '\(expression)': \(reason)") }
        let characters = Array(expression)
        guard characters.first == "$" else { throw failure("must start with $") }
        var components: [ClaimPath.Component] = []
        var index = 1
        while index < characters.count {
            switch characters[index] {
            case ".":
                index += 1
                guard index < characters.count, characters[index] != ".", characters[index] != "*" else {
                    throw failure("recursive descent and wildcards are not supported")
                }
                var name = ""
                while index < characters.count, characters[index] != ".", characters[index] != "[" {
                    name.append(characters[index])
                    index += 1
                }
                guard !name.isEmpty else { throw failure("empty member name") }
                components.append(.key(name))
            case "[":
                index += 1
                guard index < characters.count else { throw failure("unterminated [") }
                let quote = characters[index]
                if quote == "'" || quote == "\"" {
                    index += 1
                    var name = ""
                    while index < characters.count, characters[index] != quote {
                        if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                        name.append(characters[index])
                        index += 1
                    }
                    guard index + 1 < characters.count, characters[index + 1] == "]" else { throw failure("unterminated ['…']") }
                    index += 2
                    components.append(.key(name))
                } else {
                    var text = ""
                    while index < characters.count, characters[index] != "]" {
                        text.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count else { throw failure("unterminated [") }
                    index += 1
                    if text == "*" {
                        components.append(.allElements)
                    } else if let position = Int(text), position >= 0, text.allSatisfy(\.isASCII) {
                        components.append(.index(position))
                    } else {
                        throw failure("'[\(text)]' is not an index, * or a quoted name")
                    }
                }
            default:
                throw failure("unexpected '\(characters[index])'")
            }
        }
        do {
            return try ClaimPath(components)
        } catch {
            throw failure("selects the whole credential, not a claim")
        }
    }
}

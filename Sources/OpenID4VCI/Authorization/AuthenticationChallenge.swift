/// One challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1): an auth scheme and its
/// parameters.
///
/// A server may send several challenges in one field, or in several fields that the HTTP
/// stack joins with commas (`Bearer realm="x", DPoP error="use_dpop_nonce"`), so a
/// challenge cannot be found by looking at the start of the field.
struct AuthenticationChallenge: Equatable {
    /// The auth scheme, lower-cased (schemes are case-insensitive).
    let scheme: String
    /// The parameters, names lower-cased, values unquoted; a token68 is not kept.
    let parameters: [String: String]

    /// The challenges in `fields`, in order; what does not parse is skipped.
    static func parse(_ fields: [String]) -> [AuthenticationChallenge] {
        var challenges: [AuthenticationChallenge] = []
        for element in fields.flatMap(elements) {
            let trimmed = element.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else { continue }
            // `name=value` continues the current challenge; `scheme` or `scheme param=value`
            // starts a new one.
            let head = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
            let afterHead = trimmed.dropFirst(head.count)
            if afterHead.first == "=" {
                guard let last = challenges.popLast() else { continue }
                var parameters = last.parameters
                if let (name, value) = parameter(trimmed) { parameters[name] = value }
                challenges.append(AuthenticationChallenge(scheme: last.scheme, parameters: parameters))
            } else {
                var parameters: [String: String] = [:]
                if let (name, value) = parameter(afterHead.drop { $0 == " " || $0 == "\t" }) { parameters[name] = value }
                challenges.append(AuthenticationChallenge(scheme: head.lowercased(), parameters: parameters))
            }
        }
        return challenges
    }

    /// `name=value` or `name="quoted value"`.
    private static func parameter(_ text: Substring) -> (String, String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = text[..<equals].trimmingSpaces().lowercased()
        var value = text[text.index(after: equals)...].trimmingSpaces()
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
        }
        guard !name.isEmpty else { return nil }
        return (name, value)
    }

    /// The comma-separated elements of one field, commas inside quoted strings kept.
    private static func elements(_ field: String) -> [Substring] {
        var result: [Substring] = []
        var start = field.startIndex
        var quoted = false
        var escaped = false
        for index in field.indices {
            let character = field[index]
            if escaped { escaped = false; continue }
            if quoted, character == "\\" { escaped = true; continue }
            if character == "\"" { quoted.toggle(); continue }
            if character == ",", !quoted {
                result.append(field[start..<index])
                start = field.index(after: index)
            }
        }
        result.append(field[start...])
        return result
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

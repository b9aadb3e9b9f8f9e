/// IRI references as JSON-LD uses them: the scheme test that tells an absolute IRI from a
/// relative one, and resolution against a base (RFC 3986 §5.2, which the JSON-LD 1.1 API
/// names as the only resolution to apply).
///
/// Foundation's `URL(string:relativeTo:)` is not used: it percent-encodes, refuses IRIs with
/// non-ASCII characters and resolves some edge cases differently from RFC 3986's examples,
/// which the W3C tests exercise.
enum IRIReference {
    /// Whether `value` starts with a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`).
    static func isAbsolute(_ value: String) -> Bool {
        var sawFirst = false
        for scalar in value.unicodeScalars {
            if scalar == ":" { return sawFirst }
            let isAlpha = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            if !sawFirst {
                guard isAlpha else { return false }
                sawFirst = true
            } else if !(isAlpha || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == ".") {
                return false
            }
        }
        return false
    }

    /// Whether `value` is an absolute IRI with no character RDF forbids in one (space, `<`,
    /// `>`, `"`, `{`, `}`, `|`, `\`, `^`, a backquote, controls, a second `#`): toRdf drops
    /// what fails this.
    static func isWellFormed(_ value: String) -> Bool {
        guard isAbsolute(value) else { return false }
        var fragments = 0
        for scalar in value.unicodeScalars {
            switch scalar {
            case "#":
                fragments += 1
                if fragments > 1 { return false }
            case " ", "<", ">", "\"", "{", "}", "|", "\\", "^", "`": return false
            default: if scalar.value <= 0x20 { return false }
            }
        }
        return true
    }

    /// The five components of a reference (RFC 3986 Appendix B).
    struct Components {
        var scheme: Substring?
        var authority: Substring?
        var path: Substring
        var query: Substring?
        var fragment: Substring?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = rest[rest.index(after: hash)...]
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: question)...]
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: ":"), IRIReference.isAbsolute(String(rest[...colon])) {
                scheme = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
                authority = rest[afterSlashes..<end]
                rest = rest[end...]
            }
            path = rest
        }

        var recomposed: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2, strict). Without a base the
    /// reference is returned as it is.
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base else { return reference }
        let ref = Components(reference)
        if ref.scheme != nil {
            var target = ref
            target.path = Substring(removeDotSegments(String(ref.path)))
            return target.recomposed
        }
        let baseParts = Components(base)
        var target = Components("")
        target.scheme = baseParts.scheme
        target.fragment = ref.fragment
        if ref.authority != nil {
            target.authority = ref.authority
            target.path = Substring(removeDotSegments(String(ref.path)))
            target.query = ref.query
        } else {
            target.authority = baseParts.authority
            if ref.path.isEmpty {
                target.path = baseParts.path
                target.query = ref.query ?? baseParts.query
            } else {
                if ref.path.hasPrefix("/") {
                    target.path = Substring(removeDotSegments(String(ref.path)))
                } else {
                    target.path = Substring(removeDotSegments(merge(base: baseParts, path: ref.path)))
                }
                target.query = ref.query
            }
        }
        return target.recomposed
    }

    private static func merge(base: Components, path: Substring) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return String(path) }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}

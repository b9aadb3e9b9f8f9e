/// How ``JSONValue/serialized(_:)`` lays out JSON text.
///
/// Every format writes strings with minimal escaping (only `"`, `\` and control
/// characters; `/` and non-ASCII stay raw) and numbers exactly as ``JSONNumber/text``.
/// For RFC 8785 canonical JSON use ``JSONValue/canonicalized()`` instead, which also
/// rewrites numbers.
public enum JSONFormat: Sendable, Hashable {
    /// No whitespace, members in their stored order: the faithful re-serialization of a
    /// parsed document.
    case compact
    /// Members in stored order, one per line, indented by `indent` spaces, `": "` after names.
    case pretty(indent: Int)
    /// No whitespace, member names sorted by Unicode code point at every level.
    ///
    /// This is the form Open DID signs (the Java `TreeMap` / Swift `JSONEncoder`
    /// `.sortedKeys` + `.withoutEscapingSlashes` behaviour of the OmniOne reference code).
    /// It differs from JCS only in the sort order for names outside the Basic Multilingual
    /// Plane and in keeping numbers as written.
    case sortedKeys
    /// Pretty printing with member names sorted as in ``sortedKeys``: what Open DID writes
    /// when asked for readable output (`toJson(isPretty: true)`).
    case prettySortedKeys(indent: Int)

    /// Pretty printing with two-space indentation.
    public static let pretty = JSONFormat.pretty(indent: 2)
}

/// Why N-Quads text could not be read: what was wrong, and the line (1-based) and byte column
/// (1-based) where it was seen, so a caller can report it without echoing untrusted content.
public struct NQuadsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// The input is larger than ``NQuadsParser/Limits/maximumSize`` bytes.
        case tooLarge(limit: Int)
        /// The input holds more than ``NQuadsParser/Limits/maximumQuads`` statements.
        case tooManyQuads(limit: Int)
        /// The input is not well-formed UTF-8.
        case invalidUTF8
        /// The statement ended, or a byte appeared, where the grammar wants `expected`.
        case expected(String)
        /// An IRI holds a character N-Quads forbids in `<…>` (spaces, `<>"{}|^\``, controls).
        case invalidIRICharacter
        /// An IRI without a scheme: N-Quads has no base to resolve a relative one against.
        case relativeIRI
        /// A blank node label that does not follow `BLANK_NODE_LABEL`.
        case invalidBlankNodeLabel
        /// A language tag that does not follow `LANGTAG`.
        case invalidLanguageTag
        /// A backslash escape N-Quads does not define, or a `\u`/`\U` escape that is not a
        /// Unicode scalar value.
        case invalidEscape
        /// A string literal with a raw line break, or not closed before the end of input.
        case unterminatedLiteral
    }

    /// What was wrong.
    public var reason: Reason
    /// The line, from 1.
    public var line: Int
    /// The byte within the line, from 1.
    public var column: Int

    /// An error at a position.
    public init(_ reason: Reason, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// A message for a log.
    public var description: String {
        let what: String
        switch reason {
        case let .tooLarge(limit): what = "input larger than \(limit) bytes"
        case let .tooManyQuads(limit): what = "more than \(limit) statements"
        case .invalidUTF8: what = "invalid UTF-8"
        case let .expected(thing): what = "expected \(thing)"
        case .invalidIRICharacter: what = "character not allowed in an IRI"
        case .relativeIRI: what = "relative IRI"
        case .invalidBlankNodeLabel: what = "invalid blank node label"
        case .invalidLanguageTag: what = "invalid language tag"
        case .invalidEscape: what = "invalid escape"
        case .unterminatedLiteral: what = "unterminated string literal"
        }
        return "N-Quads: \(what) at line \(line), column \(column)"
    }
}

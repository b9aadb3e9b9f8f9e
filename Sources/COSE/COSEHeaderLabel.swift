import CBOR

/// The key of a COSE header parameter: an integer or a text string (RFC 9052 §3).
///
/// Registered parameters use small integers; private or experimental ones often use text.
/// Both forms are kept apart (the integer `1` and the text `"1"` are different labels),
/// exactly as CBOR map keys are.
public enum COSEHeaderLabel: Hashable, Sendable, CustomStringConvertible {
    /// An integer label (registered parameters are integers).
    case int(Int64)
    /// A text label.
    case text(String)

    /// `alg` (1): the algorithm that protects the content.
    public static let algorithm = COSEHeaderLabel.int(1)
    /// `crit` (2): labels the recipient must understand to process the message.
    public static let critical = COSEHeaderLabel.int(2)
    /// `content type` (3): the media type of the payload.
    public static let contentType = COSEHeaderLabel.int(3)
    /// `kid` (4): an identifier of the key, for finding it; never proof of anything.
    public static let keyID = COSEHeaderLabel.int(4)
    /// `IV` (5): the full initialization vector.
    public static let iv = COSEHeaderLabel.int(5)
    /// `Partial IV` (6): the varying part of an initialization vector.
    public static let partialIV = COSEHeaderLabel.int(6)
    /// `counter signature` (7, RFC 8152): carried through but not processed.
    public static let counterSignature = COSEHeaderLabel.int(7)
    /// `x5bag` (32, RFC 9360): an unordered bag of certificates.
    public static let x5bag = COSEHeaderLabel.int(32)
    /// `x5chain` (33, RFC 9360): the certificate chain, end-entity first. ISO 18013-5 puts
    /// the document signer certificate here.
    public static let x5chain = COSEHeaderLabel.int(33)
    /// `x5t` (34, RFC 9360): a hash of the end-entity certificate.
    public static let x5t = COSEHeaderLabel.int(34)
    /// `x5u` (35, RFC 9360): a URI of the certificate chain.
    public static let x5u = COSEHeaderLabel.int(35)

    /// The labels this library interprets itself, and therefore accepts in `crit`.
    public static let understood: Set<COSEHeaderLabel> = [
        .algorithm, .critical, .contentType, .keyID, .iv, .partialIV, .x5chain,
    ]

    /// Reads a label from a CBOR map key; `nil` for any other type or an integer outside `Int64`.
    public init?(_ cbor: CBOR) {
        switch cbor {
        case .unsigned, .negative:
            guard let value = cbor.int64Value else { return nil }
            self = .int(value)
        case .textString(let text):
            self = .text(text)
        default:
            return nil
        }
    }

    /// The label as a CBOR map key.
    public var cbor: CBOR {
        switch self {
        case .int(let value): return CBOR(value)
        case .text(let text): return .textString(text)
        }
    }

    /// The label as written in diagnostic notation: a number, or quoted text.
    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .text(let text): return "\"\(text)\""
        }
    }
}

extension COSEHeaderLabel: ExpressibleByIntegerLiteral {
    /// An integer label written as a literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension COSEHeaderLabel: ExpressibleByStringLiteral {
    /// A text label written as a literal.
    public init(stringLiteral value: String) { self = .text(value) }
}

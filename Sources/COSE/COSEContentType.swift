import CBOR

/// The `content type` header parameter (label 3): what the payload is.
///
/// RFC 9052 §3.1 allows either a CoAP Content-Format number or a media-type string; both
/// forms are kept as written so a caller compares like with like.
public enum COSEContentType: Hashable, Sendable {
    /// A CoAP Content-Format identifier (an unsigned integer, at most 65535).
    case coapContentFormat(UInt16)
    /// A media type string, such as `application/cwt`.
    case mediaType(String)

    /// Reads the header value; `nil` when it is neither a small unsigned integer nor text.
    init?(_ cbor: CBOR) {
        switch cbor {
        case .unsigned(let value):
            guard let format = UInt16(exactly: value) else { return nil }
            self = .coapContentFormat(format)
        case .textString(let text):
            self = .mediaType(text)
        default:
            return nil
        }
    }

    /// The header value.
    var cbor: CBOR {
        switch self {
        case .coapContentFormat(let format): return .unsigned(UInt64(format))
        case .mediaType(let text): return .textString(text)
        }
    }
}

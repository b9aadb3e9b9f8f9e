import Foundation

/// Tag 24, "encoded CBOR data item" (RFC 8949 §3.4.5.1): mdoc wraps each IssuerSignedItem,
/// the MSO and the DeviceAuthentication structure this way so their bytes are fixed once and
/// can be hashed or signed without re-encoding.
extension CBOR {
    /// The tag number of an embedded CBOR data item.
    public static let embeddedTag: UInt64 = 24

    /// `#6.24(bstr .cbor item)`: `item` encoded (preferred serialization unless `options` say
    /// otherwise) and wrapped in a tagged byte string.
    public static func embedded(_ item: CBOR, options: CBOREncodingOptions = CBOREncodingOptions()) -> CBOR {
        .tagged(embeddedTag, .byteString(item.encoded(options: options)))
    }

    /// `#6.24(bstr)` around bytes that are already encoded CBOR (kept exactly).
    public static func embedded(encoded bytes: some DataProtocol) -> CBOR {
        .tagged(embeddedTag, .byteString(Data(bytes)))
    }

    /// The byte string inside `#6.24(bstr)`, exactly as it was; `nil` for anything else.
    public var embeddedBytes: Data? {
        guard case .tagged(CBOR.embeddedTag, .byteString(let bytes)) = self else { return nil }
        return bytes
    }

    /// Decodes the item inside `#6.24(bstr)`.
    ///
    /// - Throws: ``CBORError/invalidTagContent(tag:offset:)`` when this is not a tag 24 byte
    ///   string, or any decoding error of the embedded bytes.
    public func decodeEmbedded(options: CBORDecodingOptions = CBORDecodingOptions()) throws(CBORError) -> CBOR {
        guard let bytes = embeddedBytes else { throw .invalidTagContent(tag: CBOR.embeddedTag, offset: 0) }
        return try CBOR.decode(bytes, options: options)
    }
}

import CBOR
import Foundation

/// The protected header bucket: the parameters together with the exact bytes that carry them.
///
/// Signatures and MACs cover the serialized bucket, not the parameters, so a verifier must
/// use the bytes as received — re-encoding a map may change key order or integer widths and
/// break a valid signature. ``serialized`` is therefore kept byte for byte from the wire, and
/// only a bucket built locally is encoded (deterministically, RFC 8949 §4.2.1).
public struct COSEProtectedHeaders: Sendable, Equatable {
    /// The parameters.
    public let headers: COSEHeaders
    /// The content of the protected byte string: empty for an empty bucket, otherwise an
    /// encoded CBOR map.
    public let serialized: Data

    /// Serializes locally built parameters; an empty bucket becomes the zero-length string
    /// RFC 9052 §3 asks for.
    public init(_ headers: COSEHeaders = COSEHeaders()) {
        self.headers = headers
        serialized = headers.isEmpty ? Data() : headers.cbor.encoded(options: .deterministic)
    }

    /// Reads a protected bucket from the bytes of its byte string.
    ///
    /// A zero-length string is an empty bucket. Anything else must be exactly one CBOR map;
    /// the encoded empty map `A0` is accepted too (RFC 9052 says senders should not write it).
    public init(serialized: Data, options: CBORDecodingOptions = CBORDecodingOptions()) throws(COSEError) {
        self.serialized = serialized
        if serialized.isEmpty {
            headers = COSEHeaders()
            return
        }
        let decoded: CBOR
        do throws(CBORError) {
            decoded = try CBOR.decode(serialized, options: options)
        } catch {
            throw .malformedCBOR(error)
        }
        headers = try COSEHeaders(cbor: decoded)
    }

    /// Whether the bucket holds no parameter.
    public var isEmpty: Bool { headers.isEmpty }

    /// The bytes the `Sig_structure` / `MAC_structure` covers: ``serialized``, except that a
    /// bucket with no parameters is always the zero-length string (RFC 9052 §4.4 and §6.3),
    /// even when the sender wrote the empty map `A0` (the cose-wg "Redo protected" cases).
    var authenticatedBytes: Data { headers.isEmpty ? Data() : serialized }
}

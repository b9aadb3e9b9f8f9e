import CBOR
import CryptoKeys
import Foundation

/// A COSE_Sign1 message (RFC 9052 §4.2): content signed by a single signer.
///
/// This is the signature ISO 18013-5 uses for the issuer's MSO (`IssuerAuth`) and the
/// holder's `DeviceSignature`, and CWTs use when signed. A value holds the protected bucket
/// as received (so its signature can be checked), the unprotected bucket, the payload (or
/// `nil` when it is detached) and the signature.
///
/// Read one with ``init(decoding:tagPolicy:options:)`` or ``init(cbor:tagPolicy:options:)``,
/// check it with ``verify(with:externalAAD:detachedPayload:understoodCriticalLabels:)``;
/// make one with ``sign(payload:protected:unprotected:externalAAD:detached:signer:)``.
public struct COSESign1: Sendable, Equatable {
    /// The CBOR tag of a tagged COSE_Sign1.
    public static let tag: UInt64 = 18

    var fields: COSEMessageFields

    /// The protected bucket, with its exact serialized bytes.
    public var protected: COSEProtectedHeaders { fields.protected }
    /// The unprotected bucket: not covered by the signature.
    public var unprotected: COSEHeaders { fields.unprotected }
    /// The payload, or `nil` when it is detached and travels separately.
    public var payload: Data? { fields.payload }
    /// The signature: raw `r || s` for ECDSA (RFC 9053 §2.1, not DER), 64 bytes for Ed25519.
    public var signature: Data { fields.authenticator }

    /// Assembles a message from its parts, checking the header rules of RFC 9052 §3.
    public init(
        protected: COSEProtectedHeaders, unprotected: COSEHeaders, payload: Data?, signature: Data
    ) throws(COSEError) {
        fields = try COSEMessageFields(
            protected: protected, unprotected: unprotected, payload: payload, authenticator: signature)
    }

    /// Reads an encoded COSE_Sign1. The input is untrusted: `options` bounds its size and depth.
    public init(
        decoding data: Data, tagPolicy: COSETagPolicy = .optional,
        options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(COSEError) {
        fields = try COSEMessageFields(decoding: data, tag: Self.tag, tagPolicy: tagPolicy, options: options)
    }

    /// Reads a COSE_Sign1 already decoded as part of a larger structure (an mdoc `IssuerAuth`).
    /// `options` applies to the protected bucket, which is still to be decoded.
    public init(
        cbor: CBOR, tagPolicy: COSETagPolicy = .optional,
        options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(COSEError) {
        fields = try COSEMessageFields(cbor: cbor, tag: Self.tag, tagPolicy: tagPolicy, options: options)
    }

    /// The message as CBOR, tagged 18 unless `tagged` is `false`.
    public func cbor(tagged: Bool = true) -> CBOR { fields.cbor(tag: tagged ? Self.tag : nil) }

    /// The encoded message, tagged 18 unless `tagged` is `false`.
    public func encoded(tagged: Bool = true) -> Data { cbor(tagged: tagged).encoded() }

    /// The algorithm named in the headers.
    ///
    /// Throws ``COSEError/missingAlgorithm`` when there is none and
    /// ``COSEError/unsupportedAlgorithm(_:)`` when it is written as text.
    public func algorithm() throws(COSEError) -> COSEAlgorithm { try fields.algorithm() }

    /// The bytes that are signed: the `Sig_structure` `["Signature1", protected, external_aad,
    /// payload]` (RFC 9052 §4.4).
    public func toBeSigned(externalAAD: Data = Data(), detachedPayload: Data? = nil) throws(COSEError) -> Data {
        COSEMessageFields.structure(
            context: "Signature1", protected: protected.authenticatedBytes, externalAAD: externalAAD,
            payload: try fields.effectivePayload(detached: detachedPayload))
    }
}

import CBOR
import CryptoKeys
import Foundation

/// A COSE_Mac0 message (RFC 9052 §6.2): content authenticated with a shared key, no recipients.
///
/// ISO 18013-5 uses it for `DeviceMac`, with HMAC 256/256 and a key both sides derive by
/// ECDH and HKDF; the recipient knows the key from context, so there is no recipient
/// structure. The fields mirror ``COSESign1``; the last one is the MAC tag.
public struct COSEMac0: Sendable, Equatable {
    /// The CBOR tag of a tagged COSE_Mac0.
    public static let tag: UInt64 = 17

    var fields: COSEMessageFields

    /// The protected bucket, with its exact serialized bytes.
    public var protected: COSEProtectedHeaders { fields.protected }
    /// The unprotected bucket: not covered by the MAC.
    public var unprotected: COSEHeaders { fields.unprotected }
    /// The payload, or `nil` when it is detached and travels separately.
    public var payload: Data? { fields.payload }
    /// The MAC tag (truncated for HMAC 256/64).
    public var authenticationTag: Data { fields.authenticator }

    /// Assembles a message from its parts, checking the header rules of RFC 9052 §3.
    public init(
        protected: COSEProtectedHeaders, unprotected: COSEHeaders, payload: Data?, authenticationTag: Data
    ) throws(COSEError) {
        fields = try COSEMessageFields(
            protected: protected, unprotected: unprotected, payload: payload, authenticator: authenticationTag)
    }

    /// Reads an encoded COSE_Mac0. The input is untrusted: `options` bounds its size and depth.
    public init(
        decoding data: Data, tagPolicy: COSETagPolicy = .optional,
        options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(COSEError) {
        fields = try COSEMessageFields(decoding: data, tag: Self.tag, tagPolicy: tagPolicy, options: options)
    }

    /// Reads a COSE_Mac0 already decoded as part of a larger structure (an mdoc `DeviceMac`).
    public init(
        cbor: CBOR, tagPolicy: COSETagPolicy = .optional,
        options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(COSEError) {
        fields = try COSEMessageFields(cbor: cbor, tag: Self.tag, tagPolicy: tagPolicy, options: options)
    }

    /// The message as CBOR, tagged 17 unless `tagged` is `false`.
    public func cbor(tagged: Bool = true) -> CBOR { fields.cbor(tag: tagged ? Self.tag : nil) }

    /// The encoded message, tagged 17 unless `tagged` is `false`.
    public func encoded(tagged: Bool = true) -> Data { cbor(tagged: tagged).encoded() }

    /// The algorithm named in the headers.
    public func algorithm() throws(COSEError) -> COSEAlgorithm { try fields.algorithm() }

    /// The bytes that are MACed: the `MAC_structure` `["MAC0", protected, external_aad,
    /// payload]` (RFC 9052 §6.3).
    public func toBeMACed(externalAAD: Data = Data(), detachedPayload: Data? = nil) throws(COSEError) -> Data {
        COSEMessageFields.structure(
            context: "MAC0", protected: protected.authenticatedBytes, externalAAD: externalAAD,
            payload: try fields.effectivePayload(detached: detachedPayload))
    }

    /// MACs `payload` with `key` under `algorithm` (HMAC 256/256 unless told otherwise).
    ///
    /// `alg` goes into the protected bucket unless the caller put it there already (a
    /// different value there is an error). With `detached`, the message carries `nil`.
    public static func authenticate(
        payload: Data,
        key: Data,
        algorithm: COSEAlgorithm = .hmac256,
        protected: COSEHeaders = COSEHeaders(),
        unprotected: COSEHeaders = COSEHeaders(),
        externalAAD: Data = Data(),
        detached: Bool = false
    ) throws(COSEError) -> COSEMac0 {
        guard let parameters = algorithm.hmacParameters else {
            throw .unsupportedAlgorithm(algorithm.description)
        }
        guard !key.isEmpty else { throw .invalidKey("the MAC key is empty") }
        var protectedHeaders = protected
        if let raw = protectedHeaders.rawAlgorithm ?? unprotected.rawAlgorithm {
            guard raw.int64Value == algorithm.rawValue else {
                throw .algorithmMismatch(algorithm: "\(raw)", key: "MAC requested with \(algorithm)")
            }
        } else {
            protectedHeaders.algorithm = algorithm
        }
        let unsigned = try COSEMac0(
            protected: COSEProtectedHeaders(protectedHeaders), unprotected: unprotected,
            payload: detached ? nil : payload, authenticationTag: Data())
        let message = try unsigned.toBeMACed(externalAAD: externalAAD, detachedPayload: detached ? payload : nil)
        let tag = parameters.digest.authenticationCode(for: message, key: key).prefix(parameters.tagLength)
        return try COSEMac0(
            protected: unsigned.protected, unprotected: unprotected, payload: unsigned.payload,
            authenticationTag: Data(tag))
    }

    /// Checks the MAC with `key`, throwing why it does not hold.
    ///
    /// `crit` must be understood, `alg` must be one of the HMAC algorithms, the tag must
    /// have exactly that algorithm's length, and it is compared in constant time.
    public func verify(
        key: Data,
        externalAAD: Data = Data(),
        detachedPayload: Data? = nil,
        understoodCriticalLabels: Set<COSEHeaderLabel> = []
    ) throws(COSEError) {
        try fields.checkCritical(understood: understoodCriticalLabels)
        let algorithm = try algorithm()
        guard let parameters = algorithm.hmacParameters else {
            throw .unsupportedAlgorithm(algorithm.description)
        }
        guard !key.isEmpty else { throw .invalidKey("the MAC key is empty") }
        let message = try toBeMACed(externalAAD: externalAAD, detachedPayload: detachedPayload)
        guard parameters.digest.isValidAuthenticationCode(
            authenticationTag, for: message, key: key, truncatedTo: parameters.tagLength)
        else { throw .invalidMAC }
    }

    /// Checks the MAC with a symmetric COSE_Key; when the key names an algorithm, the message
    /// must use that one.
    public func verify(
        with key: COSEKey,
        externalAAD: Data = Data(),
        detachedPayload: Data? = nil,
        understoodCriticalLabels: Set<COSEHeaderLabel> = []
    ) throws(COSEError) {
        try fields.checkAlgorithm(allowedBy: key)
        guard let secret = key.k else { throw .invalidKey("not a symmetric key") }
        try verify(
            key: secret, externalAAD: externalAAD, detachedPayload: detachedPayload,
            understoodCriticalLabels: understoodCriticalLabels)
    }
}

import CBOR
import Foundation

/// The four fields COSE_Sign1 and COSE_Mac0 share: `[protected, unprotected, payload, tag]`,
/// where the last is the signature or the MAC.
///
/// Both message types are read the same way, so the structural checks (array of four, byte
/// strings where byte strings belong, the tag, the header rules of RFC 9052 §3) live here once.
struct COSEMessageFields: Sendable, Equatable {
    var protected: COSEProtectedHeaders
    var unprotected: COSEHeaders
    var payload: Data?
    var authenticator: Data

    /// Decodes bytes under `options`, then reads the fields.
    init(
        decoding data: Data, tag: UInt64, tagPolicy: COSETagPolicy, options: CBORDecodingOptions
    ) throws(COSEError) {
        let item: CBOR
        do throws(CBORError) {
            item = try CBOR.decode(data, options: options)
        } catch {
            throw .malformedCBOR(error)
        }
        try self.init(cbor: item, tag: tag, tagPolicy: tagPolicy, options: options)
    }

    /// Reads the fields from a decoded item, checking the tag against `tagPolicy`.
    init(cbor: CBOR, tag: UInt64, tagPolicy: COSETagPolicy, options: CBORDecodingOptions) throws(COSEError) {
        let body: CBOR
        switch cbor {
        case .tagged(let found, let content):
            guard found == tag else { throw .unexpectedTag(found: found, expected: tag) }
            guard tagPolicy != .forbidden else {
                throw .tagPolicyViolated("tag \(tag) present where the untagged form is required")
            }
            body = content
        default:
            guard tagPolicy != .required else {
                throw .tagPolicyViolated("tag \(tag) required but the message is untagged")
            }
            body = cbor
        }
        guard case .array(let elements) = body else {
            throw .invalidStructure("message is a \(body.typeName), not an array")
        }
        guard elements.count == 4 else {
            throw .invalidStructure("message has \(elements.count) elements, not 4")
        }
        guard case .byteString(let protectedBytes) = elements[0] else {
            throw .invalidStructure("protected header is a \(elements[0].typeName), not a byte string")
        }
        protected = try COSEProtectedHeaders(serialized: protectedBytes, options: options)
        unprotected = try COSEHeaders(cbor: elements[1])
        switch elements[2] {
        case .byteString(let bytes): payload = bytes
        case .null: payload = nil
        default: throw .invalidStructure("payload is a \(elements[2].typeName), not a byte string or null")
        }
        guard case .byteString(let last) = elements[3] else {
            throw .invalidStructure("signature or tag is a \(elements[3].typeName), not a byte string")
        }
        authenticator = last
        try Self.checkBuckets(protected: protected.headers, unprotected: unprotected)
    }

    /// Fields built locally; the buckets are checked as a received message's would be.
    init(protected: COSEProtectedHeaders, unprotected: COSEHeaders, payload: Data?, authenticator: Data) throws(COSEError) {
        try protected.headers.validate()
        try unprotected.validate()
        try Self.checkBuckets(protected: protected.headers, unprotected: unprotected)
        self.protected = protected
        self.unprotected = unprotected
        self.payload = payload
        self.authenticator = authenticator
    }

    /// RFC 9052 §3: a label must not appear in both buckets, and `crit` must be protected.
    static func checkBuckets(protected: COSEHeaders, unprotected: COSEHeaders) throws(COSEError) {
        let protectedLabels = Set(protected.labels)
        for label in unprotected.labels where protectedLabels.contains(label) {
            throw .duplicateHeaderLabel(label)
        }
        if unprotected[.critical] != nil {
            throw .invalidHeader(label: .critical, reason: "must be in the protected bucket")
        }
    }

    /// The message as a CBOR array, tagged with `tag` when given.
    func cbor(tag: UInt64?) -> CBOR {
        let array = CBOR.array([
            .byteString(protected.serialized),
            unprotected.cbor,
            payload.map(CBOR.byteString) ?? .null,
            .byteString(authenticator),
        ])
        return tag.map { .tagged($0, array) } ?? array
    }

    /// The algorithm, from whichever bucket holds it (never both: see ``checkBuckets``).
    func algorithm() throws(COSEError) -> COSEAlgorithm {
        guard let raw = protected.headers.rawAlgorithm ?? unprotected.rawAlgorithm else {
            throw .missingAlgorithm
        }
        guard let value = raw.int64Value else {
            throw .unsupportedAlgorithm(raw.stringValue.map { "\"\($0)\"" } ?? raw.typeName)
        }
        return COSEAlgorithm(rawValue: value)
    }

    /// Fails when `key` names an algorithm (`alg`) other than the message's: a COSE_Key so
    /// restricted may be used with that algorithm only (RFC 9052 §7.1).
    func checkAlgorithm(allowedBy key: COSEKey) throws(COSEError) {
        guard let restricted = key.algorithm else { return }
        let used = try algorithm()
        guard restricted == used else {
            throw .algorithmMismatch(algorithm: used.description, key: "COSE_Key restricted to \(restricted)")
        }
    }

    /// Fails when `crit` lists a label that neither this library nor the caller understands.
    func checkCritical(understood extra: Set<COSEHeaderLabel>) throws(COSEError) {
        for label in protected.headers.critical ?? [] {
            guard COSEHeaderLabel.understood.contains(label) || extra.contains(label) else {
                throw .unknownCriticalHeader(label)
            }
        }
    }

    /// The payload that is authenticated: the attached one, or the detached one supplied.
    func effectivePayload(detached: Data?) throws(COSEError) -> Data {
        switch (payload, detached) {
        case let (attached?, nil): return attached
        case let (nil, supplied?): return supplied
        case (nil, nil): throw .payloadMismatch("the payload is detached and none was supplied")
        case (.some, .some): throw .payloadMismatch("the message carries a payload; a detached one was also supplied")
        }
    }

    /// `Sig_structure` / `MAC_structure` for the single-signer forms (RFC 9052 §4.4, §6.3):
    /// `[context, body_protected, external_aad, payload]`.
    static func structure(context: String, protected: Data, externalAAD: Data, payload: Data) -> Data {
        // Written straight into one buffer: the same bytes as encoding the CBOR array, without
        // copying the payload into a `CBOR` value and the encoder's buffer first.
        var structure = Data()
        structure.reserveCapacity(32 + context.utf8.count + protected.count + externalAAD.count + payload.count)
        structure.appendCBORHead(major: 4, argument: 4)
        structure.appendCBORTextString(context)
        structure.appendCBORByteString(protected)
        structure.appendCBORByteString(externalAAD)
        structure.appendCBORByteString(payload)
        return structure
    }
}

import CBOR
import Foundation

/// One presented mdoc in a ``DeviceResponse`` (18013-5 §8.3.2.1.2.2): the issuer-signed part,
/// the device-signed part and any per-element errors.
public struct Document: Sendable, Equatable {
    /// The document type the holder claims, such as `org.iso.18013.5.1.mDL`.
    public var docType: String
    /// The disclosed issuer-signed items and the issuer's signature.
    public var issuerSigned: IssuerSigned
    /// The device's own elements and authentication. 18013-5 requires it; OpenID4VCI
    /// issuance responses carry an ``IssuerSigned`` only, so a `Document` parsed from a
    /// stored credential may lack it.
    public var deviceSigned: DeviceSigned?
    /// Elements the holder did not return, with an error code, by name space.
    public var errors: [String: [String: Int64]]?

    /// A document with the given parts.
    public init(
        docType: String, issuerSigned: IssuerSigned, deviceSigned: DeviceSigned?, errors: [String: [String: Int64]]? = nil
    ) {
        self.docType = docType
        self.issuerSigned = issuerSigned
        self.deviceSigned = deviceSigned
        self.errors = errors
    }

    /// Reads a `Document` already decoded; item wrappers are re-encoded in preferred form.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let raw = try limits.raw(decoding: cbor.encoded())
        try self.init(raw: raw, path: "Document", limits: limits)
    }

    init(raw: CBOR.Raw, path: String, limits: MDocLimits) throws(MDocError) {
        let fields = try MDocFieldReader(raw.value, path: path)
        docType = try fields.text("docType")
        guard let issuerSignedRaw = raw["issuerSigned"] else {
            throw .invalidStructure(path: path, reason: "issuerSigned is missing")
        }
        issuerSigned = try IssuerSigned(raw: issuerSignedRaw, path: "\(path).issuerSigned", limits: limits)
        deviceSigned = try fields.optional("deviceSigned").map { (value) throws(MDocError) in
            try DeviceSigned(cbor: value, limits: limits)
        }
        errors = try fields.optional("errors").map { (value) throws(MDocError) in
            try Self.errorCodes(value, path: "\(path).errors")
        }
    }

    static func errorCodes(_ value: CBOR, path: String) throws(MDocError) -> [String: [String: Int64]] {
        guard let entries = value.mapValue else { throw .invalidStructure(path: path, reason: "expected a map") }
        var result: [String: [String: Int64]] = [:]
        for (nameSpace, items) in try CBOR.textKeyed(entries, path: path) {
            guard let itemEntries = items.mapValue else { throw .invalidStructure(path: path, reason: "expected a map") }
            var codes: [String: Int64] = [:]
            for (identifier, code) in try CBOR.textKeyed(itemEntries, path: "\(path).\(nameSpace)") {
                guard let number = code.int64Value else { throw .invalidStructure(path: path, reason: "error code is not an integer") }
                codes[identifier] = number
            }
            result[nameSpace] = codes
        }
        return result
    }

    /// The map.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [("docType", .textString(docType)), ("issuerSigned", issuerSigned.cbor)]
        if let deviceSigned { entries.append(("deviceSigned", deviceSigned.cbor)) }
        if let errors {
            entries.append(("errors", .map(errors.sorted { $0.key < $1.key }.map { nameSpace in
                (key: CBOR.textString(nameSpace.key), value: CBOR.map(nameSpace.value.sorted { $0.key < $1.key }.map {
                    (key: CBOR.textString($0.key), value: CBOR($0.value))
                }))
            })))
        }
        return .map(entries)
    }
}

import CBOR
import COSE
import CryptoKeys
import Foundation
import StatusList

/// The Mobile Security Object (18013-5 §9.1.2.4): what the issuer signs in `issuerAuth`.
///
/// It does not carry the data elements themselves, only a salted digest of each, so the
/// holder can disclose any subset and the reader can still check every disclosed element
/// against the issuer's signature. It also binds the device key and the validity period.
public struct MobileSecurityObject: Sendable, Equatable {
    /// `version`, "1.0".
    public var version: String
    /// `digestAlgorithm` as written ("SHA-256", "SHA-384" or "SHA-512" are defined).
    public var digestAlgorithmName: String
    /// The digests by name space, then by digest ID.
    public var valueDigests: [String: [UInt64: Data]]
    /// The bound device key and its authorisations.
    public var deviceKeyInfo: DeviceKeyInfo
    /// The document type, such as `org.iso.18013.5.1.mDL`.
    public var docType: String
    /// The signing time and validity period.
    public var validityInfo: ValidityInfo
    /// The `status` map (18013-5 second edition / IETF Token Status List), if any.
    public var status: CBOR?

    /// An MSO with the given fields.
    public init(
        version: String = "1.0", digestAlgorithm: DigestAlgorithm = .sha256, valueDigests: [String: [UInt64: Data]],
        deviceKeyInfo: DeviceKeyInfo, docType: String, validityInfo: ValidityInfo, status: CBOR? = nil
    ) {
        self.version = version
        self.digestAlgorithmName = digestAlgorithm.rawValue
        self.valueDigests = valueDigests
        self.deviceKeyInfo = deviceKeyInfo
        self.docType = docType
        self.validityInfo = validityInfo
        self.status = status
    }

    /// The digest algorithm, or `nil` when ``digestAlgorithmName`` is not one 18013-5 defines.
    public var digestAlgorithm: DigestAlgorithm? { DigestAlgorithm(rawValue: digestAlgorithmName) }

    /// The status list reference in ``status``, `nil` when there is none; throws when the
    /// `status` map is malformed.
    public func statusListReference() throws(StatusListError) -> StatusListReference? {
        guard let status, status["status_list"] != nil else { return nil }
        return try StatusListReference(statusClaim: status)
    }

    /// Reads an MSO map.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "MobileSecurityObject")
        version = try fields.text("version")
        digestAlgorithmName = try fields.text("digestAlgorithm")
        docType = try fields.text("docType")
        deviceKeyInfo = try DeviceKeyInfo(cbor: try fields.required("deviceKeyInfo"))
        validityInfo = try ValidityInfo(cbor: try fields.required("validityInfo"))
        status = fields.optional("status")
        let nameSpaces = try CBOR.textKeyed(try fields.map("valueDigests"), path: "valueDigests")
        try limits.check(nameSpaces.count, max: limits.maxNameSpaces, "name spaces in valueDigests")
        var digests: [String: [UInt64: Data]] = [:]
        for (nameSpace, value) in nameSpaces {
            guard let entries = value.mapValue else { throw fields.mismatch("valueDigests.\(nameSpace)", "a map", value) }
            try limits.check(entries.count, max: limits.maxElementsPerNameSpace, "digests in \(nameSpace)")
            var byID: [UInt64: Data] = [:]
            byID.reserveCapacity(entries.count)  // one table, not a rehash per doubling
            for entry in entries {
                guard let id = entry.key.uint64Value, let digest = entry.value.bytesValue else {
                    throw .invalidStructure(
                        path: "valueDigests.\(nameSpace)", reason: "entries must be unsigned digest ID → byte string")
                }
                byID[id] = digest
            }
            digests[nameSpace] = byID
        }
        valueDigests = digests
    }

    /// The MSO map in 18013-5 field order; name spaces and digest IDs sorted.
    public var cbor: CBOR {
        let digests = CBOR.map(valueDigests.sorted { $0.key < $1.key }.map { nameSpace in
            (key: CBOR.textString(nameSpace.key), value: CBOR.map(nameSpace.value.sorted { $0.key < $1.key }.map {
                (key: CBOR.unsigned($0.key), value: CBOR.byteString($0.value))
            }))
        })
        var entries: [(key: CBOR, value: CBOR)] = [
            ("version", .textString(version)), ("digestAlgorithm", .textString(digestAlgorithmName)),
            ("valueDigests", digests), ("deviceKeyInfo", deviceKeyInfo.cbor), ("docType", .textString(docType)),
            ("validityInfo", validityInfo.cbor),
        ]
        if let status { entries.append(("status", status)) }
        return .map(entries)
    }

    /// `MobileSecurityObjectBytes`: `#6.24(bstr .cbor MobileSecurityObject)`, the issuerAuth payload.
    public var taggedBytes: Data { CBOR.embedded(cbor).encoded() }
}

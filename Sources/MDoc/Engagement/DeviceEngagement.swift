import CBOR
import COSE
import Foundation

/// The holder's opening message of a proximity flow (18013-5 §8.2.1.1), reduced to what the
/// session needs: the version, the cipher suite and the ephemeral device key. Everything else
/// (retrieval methods, server retrieval, origin infos) is kept as CBOR.
public struct DeviceEngagement: Sendable, Equatable {
    /// The encoded `DeviceEngagement`, exactly as received: `DeviceEngagementBytes` wraps it.
    public let encoded: Data
    /// `version` (key 0).
    public let version: String
    /// The cipher suite identifier (1 in 18013-5).
    public let cipherSuite: Int64
    /// `EDeviceKeyBytes`: the encoded ephemeral device key inside `#6.24(bstr)`.
    public let encodedEDeviceKey: Data
    /// The ephemeral device key.
    public let eDeviceKey: COSEKey
    /// The whole map, for the fields not modelled here.
    public let value: CBOR

    /// Reads an encoded `DeviceEngagement` (or `DeviceEngagementBytes`).
    public init(decoding data: some DataProtocol, limits: MDocLimits = .default) throws(MDocError) {
        var item = try CBOR.decodeMDoc(data, limits: limits)
        var bytes = Data(data)
        if let inner = item.embeddedBytes {
            bytes = inner
            item = try CBOR.decodeMDoc(inner, limits: limits)
        }
        guard case .map = item else {
            throw .invalidStructure(path: "DeviceEngagement", reason: "expected a map, found \(item.typeName)")
        }
        guard let version = item[CBOR.unsigned(0)]?.stringValue else {
            throw .invalidStructure(path: "DeviceEngagement", reason: "version (0) is missing or not text")
        }
        guard let security = item[CBOR.unsigned(1)]?.arrayValue, security.count >= 2, let suite = security[0].int64Value,
              let keyBytes = security[1].embeddedBytes
        else {
            throw .invalidStructure(path: "DeviceEngagement", reason: "security (1) must be [cipher suite, #6.24(bstr)]")
        }
        do throws(COSEError) {
            eDeviceKey = try COSEKey(decoding: keyBytes, options: limits.decodingOptions)
        } catch {
            throw .cose(error)
        }
        self.encoded = bytes
        self.version = version
        self.cipherSuite = suite
        self.encodedEDeviceKey = keyBytes
        self.value = item
    }

    /// `DeviceEngagementBytes`, the first element of a proximity ``SessionTranscript``.
    public var taggedBytes: CBOR { CBOR.embedded(encoded: encoded) }
}

import CBOR
import Foundation

// The mdoc structures are Codable through ``CBORValueCodable``: each reads and writes itself
// as a ``CBOR`` value, so they nest in other Codable types and go through
// CBOREncoder/CBORDecoder unchanged, with the same checks and default ``MDocLimits`` as their
// `init(cbor:)`/`init(decoding:)` readers.

extension MobileSecurityObject: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension DeviceKeyInfo: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension KeyAuthorizations: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension IssuerAuth: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension Document: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension DeviceSigned: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension DeviceAuth: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension ItemsRequest: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension DocRequest: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

extension DeviceRequest: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(decoding: cborValue.encoded()) }
    public var cborValue: CBOR { cbor }
}

extension SessionTranscript: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(decoding: cborValue.encoded()) }
    public var cborValue: CBOR { value }
}

extension DeviceEngagement: CBORValueCodable {
    public init(cborValue: CBOR) throws { self = try Self(decoding: cborValue.encoded()) }
    public var cborValue: CBOR { value }
}

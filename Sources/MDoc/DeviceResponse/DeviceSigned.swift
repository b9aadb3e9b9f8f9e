import CBOR
import COSE
import Foundation

/// What the holder's device signs itself at presentation time (18013-5 §8.3.2.1.2.2): its own
/// data elements (often none) and the device authentication that proves possession of the
/// device key bound in the MSO.
public struct DeviceSigned: Sendable, Equatable {
    /// `DeviceNameSpacesBytes`: the encoded `DeviceNameSpaces` inside `#6.24(bstr)`, exactly as
    /// received, because `DeviceAuthentication` covers them.
    public let encodedNameSpaces: Data
    /// The device-signed elements by name space, then element identifier.
    public let nameSpaces: [String: [String: CBOR]]
    /// The signature or MAC.
    public let deviceAuth: DeviceAuth

    /// Device-signed data with the given elements (encoded here) and authentication.
    public init(nameSpaces: [String: [String: CBOR]] = [:], deviceAuth: DeviceAuth) {
        self.nameSpaces = nameSpaces
        self.encodedNameSpaces = Self.encode(nameSpaces)
        self.deviceAuth = deviceAuth
    }

    /// Device-signed data around name-space bytes already encoded.
    init(encodedNameSpaces: Data, nameSpaces: [String: [String: CBOR]], deviceAuth: DeviceAuth) {
        self.encodedNameSpaces = encodedNameSpaces
        self.nameSpaces = nameSpaces
        self.deviceAuth = deviceAuth
    }

    /// Reads a `DeviceSigned` map.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "deviceSigned")
        encodedNameSpaces = try fields.embeddedBytes("nameSpaces")
        nameSpaces = try Self.decode(encodedNameSpaces, limits: limits)
        deviceAuth = try DeviceAuth(cbor: try fields.required("deviceAuth"), limits: limits)
    }

    /// `DeviceNameSpacesBytes` as a data item: `#6.24(bstr)` around the kept bytes.
    public var nameSpacesBytes: CBOR { CBOR.embedded(encoded: encodedNameSpaces) }

    /// The map.
    public var cbor: CBOR { ["nameSpaces": nameSpacesBytes, "deviceAuth": deviceAuth.cbor] }

    static func encode(_ nameSpaces: [String: [String: CBOR]]) -> Data {
        CBOR.map(nameSpaces.map { nameSpace in
            (key: CBOR.textString(nameSpace.key), value: CBOR.map(nameSpace.value.map {
                (key: CBOR.textString($0.key), value: $0.value)
            }))
        }).encoded(options: .deterministic)
    }

    static func decode(_ bytes: Data, limits: MDocLimits) throws(MDocError) -> [String: [String: CBOR]] {
        let value = try CBOR.decodeMDoc(bytes, limits: limits)
        guard let entries = value.mapValue else {
            throw .invalidStructure(path: "deviceSigned.nameSpaces", reason: "expected a map, found \(value.typeName)")
        }
        try limits.check(entries.count, max: limits.maxNameSpaces, "device name spaces")
        var result: [String: [String: CBOR]] = [:]
        for (nameSpace, items) in try CBOR.textKeyed(entries, path: "deviceSigned.nameSpaces") {
            guard let itemEntries = items.mapValue else {
                throw .invalidStructure(path: "deviceSigned.nameSpaces.\(nameSpace)", reason: "expected a map")
            }
            try limits.check(itemEntries.count, max: limits.maxElementsPerNameSpace, "device elements in \(nameSpace)")
            var elements: [String: CBOR] = [:]
            for (identifier, element) in try CBOR.textKeyed(itemEntries, path: "deviceSigned.nameSpaces.\(nameSpace)") {
                elements[identifier] = element
            }
            result[nameSpace] = elements
        }
        return result
    }
}

/// How the device proves possession of its key (18013-5 §9.1.3): a signature, or a MAC with
/// a key only the device and this reader can derive (which a reader cannot show to a third
/// party, hence its privacy appeal).
public enum DeviceAuth: Sendable, Equatable {
    /// `deviceSignature`: COSE_Sign1 over `DeviceAuthenticationBytes`, payload detached.
    case signature(COSESign1)
    /// `deviceMac`: COSE_Mac0 (HMAC 256/256) over `DeviceAuthenticationBytes`, payload detached.
    case mac(COSEMac0)

    /// Reads a `DeviceAuth` map: exactly one of `deviceSignature` or `deviceMac`.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "deviceAuth")
        switch (fields.optional("deviceSignature"), fields.optional("deviceMac")) {
        case (let signature?, nil):
            do throws(COSEError) {
                self = .signature(try COSESign1(cbor: signature, options: limits.decodingOptions))
            } catch {
                throw .cose(error)
            }
        case (nil, let mac?):
            do throws(COSEError) {
                self = .mac(try COSEMac0(cbor: mac, options: limits.decodingOptions))
            } catch {
                throw .cose(error)
            }
        case (nil, nil):
            throw .missingDeviceAuthentication
        default:
            throw .invalidStructure(path: "deviceAuth", reason: "both deviceSignature and deviceMac are present")
        }
    }

    /// The map with the untagged COSE message.
    public var cbor: CBOR {
        switch self {
        case .signature(let sign1): return ["deviceSignature": sign1.cbor(tagged: false)]
        case .mac(let mac0): return ["deviceMac": mac0.cbor(tagged: false)]
        }
    }
}

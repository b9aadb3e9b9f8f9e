import CBOR
import COSE
import Foundation

/// The holder's device key as the issuer bound it into the MSO (18013-5 §9.1.2.4), with
/// what that key may sign on its own.
public struct DeviceKeyInfo: Sendable, Equatable {
    /// The device key: the key that signs or MACs `DeviceAuthentication`.
    public var deviceKey: COSEKey
    /// The name spaces and elements the device may return in `deviceSigned`, if any.
    public var keyAuthorizations: KeyAuthorizations?
    /// Extra information about the key (a map with integer keys), kept as is.
    public var keyInfo: CBOR?

    /// Key information with the given fields.
    public init(deviceKey: COSEKey, keyAuthorizations: KeyAuthorizations? = nil, keyInfo: CBOR? = nil) {
        self.deviceKey = deviceKey
        self.keyAuthorizations = keyAuthorizations
        self.keyInfo = keyInfo
    }

    /// Reads a `DeviceKeyInfo` map.
    public init(cbor: CBOR) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "deviceKeyInfo")
        let keyValue = try fields.required("deviceKey")
        do throws(COSEError) {
            deviceKey = try COSEKey(cbor: keyValue)
        } catch {
            throw .cose(error)
        }
        keyAuthorizations = try fields.optional("keyAuthorizations").map { (value) throws(MDocError) in
            try KeyAuthorizations(cbor: value)
        }
        keyInfo = fields.optional("keyInfo")
    }

    /// The map.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [("deviceKey", deviceKey.cbor)]
        if let keyAuthorizations { entries.append(("keyAuthorizations", keyAuthorizations.cbor)) }
        if let keyInfo { entries.append(("keyInfo", keyInfo)) }
        return .map(entries)
    }
}

/// What the device key may sign by itself in `deviceSigned` (18013-5 §9.1.2.4): whole name
/// spaces, or single elements of a name space. Elements the issuer did not authorise must be
/// refused by a reader, or a holder could assert anything.
public struct KeyAuthorizations: Sendable, Hashable {
    /// Name spaces whose every element the device may sign.
    public var nameSpaces: [String]
    /// Single elements the device may sign, by name space.
    public var dataElements: [String: [String]]

    /// Authorisations for the given name spaces and elements.
    public init(nameSpaces: [String] = [], dataElements: [String: [String]] = [:]) {
        self.nameSpaces = nameSpaces
        self.dataElements = dataElements
    }

    /// Reads a `KeyAuthorizations` map.
    public init(cbor: CBOR) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "keyAuthorizations")
        nameSpaces = []
        if let list = fields.optional("nameSpaces") {
            guard let items = list.arrayValue else { throw fields.mismatch("nameSpaces", "an array", list) }
            for item in items {
                guard let name = item.stringValue else { throw fields.mismatch("nameSpaces", "text", item) }
                nameSpaces.append(name)
            }
        }
        dataElements = [:]
        if fields.optional("dataElements") != nil {
            for (nameSpace, value) in try CBOR.textKeyed(try fields.map("dataElements"), path: "keyAuthorizations.dataElements") {
                guard let items = value.arrayValue else { throw fields.mismatch("dataElements", "an array", value) }
                var names: [String] = []
                for item in items {
                    guard let name = item.stringValue else { throw fields.mismatch("dataElements", "text", item) }
                    names.append(name)
                }
                dataElements[nameSpace] = names
            }
        }
    }

    /// Whether the device may sign `element` of `nameSpace`.
    public func authorizes(nameSpace: String, element: String) -> Bool {
        nameSpaces.contains(nameSpace) || dataElements[nameSpace]?.contains(element) == true
    }

    /// The map (empty parts left out).
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = []
        if !nameSpaces.isEmpty { entries.append(("nameSpaces", .array(nameSpaces.map(CBOR.textString)))) }
        if !dataElements.isEmpty {
            entries.append(("dataElements", .map(dataElements.sorted { $0.key < $1.key }.map {
                (key: CBOR.textString($0.key), value: CBOR.array($0.value.map(CBOR.textString)))
            })))
        }
        return .map(entries)
    }
}

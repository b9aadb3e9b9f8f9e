import CBOR
import COSE
import Foundation

/// The fast path for reading a presentation: a DeviceResponse (or an IssuerSigned) decoded
/// straight from its bytes with a ``CBORCursor``, without the intermediate ``CBOR`` tree of the
/// whole structure and the second walk over it that finds each item's bytes.
///
/// It handles the common shape only: definite lengths, ASCII field names, no fields beyond
/// the ones the models keep (so nothing is skipped unchecked), no `documentErrors` or `errors`.
/// Anything else — and every malformed or out-of-limits input — makes it return `nil`, and the
/// caller decodes again through the tree, which accepts or refuses with the precise error. So
/// this path never accepts what the tree path refuses, and builds equal values when both accept.
/// Element values, device-signed data, `issuerAuth`, `deviceKeyInfo`, `validityInfo` and
/// `status` are small and decoded as ``CBOR`` by the full decoder's rules, then read by the
/// models' own `init(cbor:)`.
enum DirectDecoding {
    /// A whole DeviceResponse in `data`.
    static func deviceResponse(_ data: Data, limits: MDocLimits) -> DeviceResponse? {
        data.withUnsafeBytes { raw -> DeviceResponse? in
            var cursor = CBORCursor(raw.bindMemory(to: UInt8.self), options: limits.decodingOptions)
            guard let response = deviceResponse(&cursor, limits: limits), cursor.isAtEnd else { return nil }
            return response
        }
    }

    /// A whole IssuerSigned in `data`.
    static func issuerSigned(_ data: Data, limits: MDocLimits) -> IssuerSigned? {
        data.withUnsafeBytes { raw -> IssuerSigned? in
            var cursor = CBORCursor(raw.bindMemory(to: UInt8.self), options: limits.decodingOptions)
            guard let issuerSigned = issuerSigned(&cursor, depth: 0, limits: limits), cursor.isAtEnd else { return nil }
            return issuerSigned
        }
    }

    private static let responseFields = FieldNames("version", "documents", "status")

    private static func deviceResponse(_ cursor: inout CBORCursor, limits: MDocLimits) -> DeviceResponse? {
        guard let count = cursor.mapCount(depth: 0) else { return nil }
        var seen = FieldSet()
        var version: String?, status: UInt64?, documents: [Document] = []
        for _ in 0..<count {
            guard let field = cursor.field(responseFields, seen: &seen) else { return nil }
            switch field {
            case 0: guard let text = cursor.text() else { return nil }; version = text
            case 1:
                guard let elements = cursor.arrayCount(depth: 1), elements <= limits.maxDocuments else { return nil }
                documents.reserveCapacity(elements)
                for _ in 0..<elements {
                    guard let document = document(&cursor, depth: 2, limits: limits) else { return nil }
                    documents.append(document)
                }
            default: guard let number = cursor.unsigned() else { return nil }; status = number
            }
        }
        guard let version, let status else { return nil }
        return DeviceResponse(version: version, documents: documents, status: status)
    }

    private static let documentFields = FieldNames("docType", "issuerSigned", "deviceSigned")

    /// A Document map inside a container at `depth`.
    private static func document(_ cursor: inout CBORCursor, depth: Int, limits: MDocLimits) -> Document? {
        guard let count = cursor.mapCount(depth: depth) else { return nil }
        var seen = FieldSet()
        var docType: String?, issuerSigned: IssuerSigned?, deviceSigned: DeviceSigned?
        for _ in 0..<count {
            guard let field = cursor.field(documentFields, seen: &seen) else { return nil }
            switch field {
            case 0: guard let text = cursor.text() else { return nil }; docType = text
            case 1:
                guard let value = self.issuerSigned(&cursor, depth: depth + 1, limits: limits) else { return nil }
                issuerSigned = value
            default:
                guard let value = cursor.item(depth: depth + 1), let signed = try? DeviceSigned(cbor: value, limits: limits) else {
                    return nil
                }
                deviceSigned = signed
            }
        }
        guard let docType, let issuerSigned else { return nil }
        return Document(docType: docType, issuerSigned: issuerSigned, deviceSigned: deviceSigned)
    }

    private static let issuerSignedFields = FieldNames("nameSpaces", "issuerAuth")

    /// An IssuerSigned map inside a container at `depth`.
    private static func issuerSigned(_ cursor: inout CBORCursor, depth: Int, limits: MDocLimits) -> IssuerSigned? {
        guard let count = cursor.mapCount(depth: depth) else { return nil }
        var seen = FieldSet()
        var nameSpaces: [String: [IssuerSignedItemBytes]] = [:], issuerAuth: IssuerAuth?
        for _ in 0..<count {
            guard let field = cursor.field(issuerSignedFields, seen: &seen) else { return nil }
            if field == 1 {
                guard let value = cursor.item(depth: depth + 1), let auth = self.issuerAuth(value, limits: limits) else {
                    return nil
                }
                issuerAuth = auth
                continue
            }
            guard let spaces = cursor.mapCount(depth: depth + 1), spaces <= limits.maxNameSpaces else { return nil }
            var names: [UnsafeBufferPointer<UInt8>] = []
            for _ in 0..<spaces {
                guard let name = cursor.asciiText(), !names.contains(where: { $0.count == name.count && $0.elementsEqual(name) }),
                      let elements = cursor.arrayCount(depth: depth + 2), elements > 0,
                      elements <= limits.maxElementsPerNameSpace
                else { return nil }
                names.append(name)
                var items: [IssuerSignedItemBytes] = []
                items.reserveCapacity(elements)
                for _ in 0..<elements {
                    guard let item = issuerSignedItemBytes(&cursor, depth: depth + 3, limits: limits) else { return nil }
                    items.append(item)
                }
                nameSpaces[String(decoding: name, as: UTF8.self)] = items
            }
        }
        guard let issuerAuth else { return nil }
        return IssuerSigned(nameSpaces: nameSpaces, issuerAuth: issuerAuth)
    }

    /// `#6.24(bstr .cbor IssuerSignedItem)` inside a container at `depth`.
    private static func issuerSignedItemBytes(
        _ cursor: inout CBORCursor, depth: Int, limits: MDocLimits
    ) -> IssuerSignedItemBytes? {
        let start = cursor.offset
        guard cursor.tag(depth: depth) == CBOR.embeddedTag, let content = cursor.byteStringRange() else { return nil }
        let buffer = cursor.buffer
        let inner = UnsafeBufferPointer(rebasing: buffer[content])
        var itemCursor = CBORCursor(inner, options: limits.decodingOptions)
        guard let item = issuerSignedItem(&itemCursor), itemCursor.isAtEnd else { return nil }
        return IssuerSignedItemBytes(
            item: item, taggedBytes: Data(UnsafeBufferPointer(rebasing: buffer[start..<content.upperBound])),
            contentOffset: content.lowerBound - start)
    }

    private static let itemFields = FieldNames("digestID", "random", "elementIdentifier", "elementValue")

    /// An IssuerSignedItem map filling the cursor's buffer.
    private static func issuerSignedItem(_ cursor: inout CBORCursor) -> IssuerSignedItem? {
        guard let count = cursor.mapCount(depth: 0) else { return nil }
        var seen = FieldSet()
        var digestID: UInt64?, random: Data?, elementIdentifier: String?, elementValue: CBOR?
        for _ in 0..<count {
            guard let field = cursor.field(itemFields, seen: &seen) else { return nil }
            switch field {
            case 0: guard let number = cursor.unsigned() else { return nil }; digestID = number
            case 1: guard let bytes = cursor.byteString() else { return nil }; random = bytes
            case 2: guard let text = cursor.text() else { return nil }; elementIdentifier = text
            default: guard let value = cursor.item(depth: 1) else { return nil }; elementValue = value
            }
        }
        guard let digestID, let random, let elementIdentifier, let elementValue else { return nil }
        return IssuerSignedItem(digestID: digestID, random: random, elementIdentifier: elementIdentifier, elementValue: elementValue)
    }

    /// The untagged or tagged COSE_Sign1 of `issuerAuth` and the MSO in its payload.
    private static func issuerAuth(_ value: CBOR, limits: MDocLimits) -> IssuerAuth? {
        guard let sign1 = try? COSESign1(cbor: value, options: limits.decodingOptions), let payload = sign1.payload else {
            return nil
        }
        let mso = payload.withUnsafeBytes { raw -> MobileSecurityObject? in
            var cursor = CBORCursor(raw.bindMemory(to: UInt8.self), options: limits.decodingOptions)
            guard cursor.tag(depth: 0) == CBOR.embeddedTag, let content = cursor.byteStringRange(), cursor.isAtEnd else {
                return nil
            }
            var inner = CBORCursor(UnsafeBufferPointer(rebasing: cursor.buffer[content]), options: limits.decodingOptions)
            guard let mso = mobileSecurityObject(&inner, limits: limits), inner.isAtEnd else { return nil }
            return mso
        }
        guard let mso else { return nil }
        return IssuerAuth(sign1: sign1, mobileSecurityObject: mso)
    }

    private static let msoFields = FieldNames(
        "version", "digestAlgorithm", "valueDigests", "deviceKeyInfo", "docType", "validityInfo", "status")

    /// A MobileSecurityObject map filling the cursor's buffer.
    private static func mobileSecurityObject(_ cursor: inout CBORCursor, limits: MDocLimits) -> MobileSecurityObject? {
        guard let count = cursor.mapCount(depth: 0) else { return nil }
        var seen = FieldSet()
        var version: String?, digestAlgorithm: String?, docType: String?
        var digests: [String: [UInt64: Data]]?, deviceKeyInfo: DeviceKeyInfo?, validityInfo: ValidityInfo?, status: CBOR?
        for _ in 0..<count {
            guard let field = cursor.field(msoFields, seen: &seen) else { return nil }
            switch field {
            case 0: guard let text = cursor.text() else { return nil }; version = text
            case 1: guard let text = cursor.text() else { return nil }; digestAlgorithm = text
            case 2: guard let value = valueDigests(&cursor, limits: limits) else { return nil }; digests = value
            case 3:
                guard let value = cursor.item(depth: 1), let info = try? DeviceKeyInfo(cbor: value) else { return nil }
                deviceKeyInfo = info
            case 4: guard let text = cursor.text() else { return nil }; docType = text
            case 5:
                guard let value = cursor.item(depth: 1), let info = try? ValidityInfo(cbor: value) else { return nil }
                validityInfo = info
            default: guard let value = cursor.item(depth: 1) else { return nil }; status = value
            }
        }
        guard let version, let digestAlgorithm, let docType, let digests, let deviceKeyInfo, let validityInfo else {
            return nil
        }
        var mso = MobileSecurityObject(
            version: version, valueDigests: digests, deviceKeyInfo: deviceKeyInfo, docType: docType,
            validityInfo: validityInfo, status: status)
        mso.digestAlgorithmName = digestAlgorithm
        return mso
    }

    /// `valueDigests`: name space → digest ID → digest, inside the MSO map.
    private static func valueDigests(_ cursor: inout CBORCursor, limits: MDocLimits) -> [String: [UInt64: Data]]? {
        guard let spaces = cursor.mapCount(depth: 1), spaces <= limits.maxNameSpaces else { return nil }
        var result: [String: [UInt64: Data]] = [:]
        var names: [UnsafeBufferPointer<UInt8>] = []
        for _ in 0..<spaces {
            guard let name = cursor.asciiText(), !names.contains(where: { $0.count == name.count && $0.elementsEqual(name) }),
                  let count = cursor.mapCount(depth: 2), count <= limits.maxElementsPerNameSpace
            else { return nil }
            names.append(name)
            var byID: [UInt64: Data] = [:]
            byID.reserveCapacity(count)
            for _ in 0..<count {
                guard let id = cursor.unsigned(), let digest = cursor.byteString(), byID.updateValue(digest, forKey: id) == nil else {
                    return nil
                }
            }
            result[String(decoding: name, as: UTF8.self)] = byID
        }
        return result
    }
}

/// The field names of one map, as bytes to match keys against.
struct FieldNames {
    let names: [[UInt8]]
    init(_ names: String...) { self.names = names.map { Array($0.utf8) } }
}

/// Which fields of a map have been read, to refuse a second occurrence.
struct FieldSet {
    var bits: UInt32 = 0
}

extension CBORCursor {
    /// The index in `fields` of the next map key; `nil` when the key is anything else or a
    /// field already in `seen` (a duplicate key).
    mutating func field(_ fields: FieldNames, seen: inout FieldSet) -> Int? {
        guard let key = asciiText(), let index = fields.names.firstIndex(where: { Self.equal($0, key) }) else { return nil }
        let bit: UInt32 = 1 << UInt32(index)
        guard seen.bits & bit == 0 else { return nil }
        seen.bits |= bit
        return index
    }

    /// Whether `name` and `key` hold the same bytes.
    static func equal(_ name: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == key.count else { return false }
        return name.withUnsafeBufferPointer { name in
            guard let lhs = name.baseAddress, let rhs = key.baseAddress else { return name.isEmpty }
            return memcmp(lhs, rhs, name.count) == 0
        }
    }
}

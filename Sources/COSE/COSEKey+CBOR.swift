import CBOR
import Foundation

extension COSEKey {
    /// Common parameters (RFC 9052 §7.1).
    enum Label {
        static let keyType: CBOR = 1
        static let keyID: CBOR = 2
        static let algorithm: CBOR = 3
        static let keyOperations: CBOR = 4
        static let baseIV: CBOR = 5
        /// `crv` for EC2/OKP, `k` for Symmetric: the meaning of negative labels depends on `kty`.
        static let minusOne: CBOR = -1
        static let x: CBOR = -2
        static let y: CBOR = -3
        static let d: CBOR = -4
    }

    /// Reads and validates an encoded COSE_Key. The input is untrusted: `options` bounds it.
    public init(decoding data: Data, options: CBORDecodingOptions = CBORDecodingOptions()) throws(COSEError) {
        let item: CBOR
        do throws(CBORError) {
            item = try CBOR.decode(data, options: options)
        } catch {
            throw .malformedCBOR(error)
        }
        try self.init(cbor: item)
    }

    /// Reads and validates a COSE_Key map.
    public init(cbor: CBOR) throws(COSEError) {
        guard case .map(let pairs) = cbor else { throw .invalidKey("a COSE_Key is a map, found \(cbor.typeName)") }
        guard let ktyValue = cbor[Label.keyType] else { throw .invalidKey("kty is missing") }
        guard let kty = ktyValue.int64Value else { throw .invalidKey("kty must be an integer, found \(ktyValue.typeName)") }
        self.init(keyType: COSEKeyType(rawValue: kty))
        let isSymmetric = keyType == .symmetric
        for (label, value) in pairs {
            guard label.int64Value != nil || label.stringValue != nil else {
                throw .invalidKey("label must be an integer or text, found \(label.typeName)")
            }
            switch label {
            case Label.keyType:
                continue
            case Label.keyID:
                keyID = try Self.bytes(value, "kid")
            case Label.algorithm:
                guard let raw = value.int64Value else { throw .invalidKey("alg must be an integer") }
                algorithm = COSEAlgorithm(rawValue: raw)
            case Label.keyOperations:
                guard let operations = value.arrayValue, !operations.isEmpty else {
                    throw .invalidKey("key_ops must be a non-empty array")
                }
                keyOperations = operations
            case Label.baseIV:
                baseIV = try Self.bytes(value, "Base IV")
            case Label.minusOne where isSymmetric:
                k = try Self.bytes(value, "k")
            case Label.minusOne:
                guard let raw = value.int64Value else { throw .invalidKey("crv must be an integer") }
                curve = COSECurve(rawValue: raw)
            case Label.x where !isSymmetric:
                x = try Self.bytes(value, "x")
            case Label.y where !isSymmetric:
                switch value {
                case .byteString(let bytes): y = .coordinate(bytes)
                case .bool(let bit): y = .signBit(bit)
                default: throw .invalidKey("y must be a byte string or a boolean")
                }
            case Label.d where !isSymmetric:
                d = try Self.bytes(value, "d")
            default:
                additionalParameters.append((label, value))
            }
        }
        try validate()
    }

    /// The key as a CBOR map: `kty`, `kid`, `alg`, `key_ops`, `Base IV`, then the type's
    /// parameters and any additional ones. Encode with `.deterministic` for a canonical form.
    public var cbor: CBOR {
        var pairs: [(key: CBOR, value: CBOR)] = [(Label.keyType, CBOR(keyType.rawValue))]
        if let keyID { pairs.append((Label.keyID, .byteString(keyID))) }
        if let algorithm { pairs.append((Label.algorithm, CBOR(algorithm.rawValue))) }
        if let keyOperations { pairs.append((Label.keyOperations, .array(keyOperations))) }
        if let baseIV { pairs.append((Label.baseIV, .byteString(baseIV))) }
        if let k { pairs.append((Label.minusOne, .byteString(k))) }
        if let curve { pairs.append((Label.minusOne, CBOR(curve.rawValue))) }
        if let x { pairs.append((Label.x, .byteString(x))) }
        switch y {
        case .coordinate(let bytes)?: pairs.append((Label.y, .byteString(bytes)))
        case .signBit(let bit)?: pairs.append((Label.y, .bool(bit)))
        case nil: break
        }
        if let d { pairs.append((Label.d, .byteString(d))) }
        pairs.append(contentsOf: additionalParameters.map { (key: $0.label, value: $0.value) })
        return .map(pairs)
    }

    /// The key in core deterministic encoding (RFC 8949 §4.2.1).
    public func encoded() -> Data { cbor.encoded(options: .deterministic) }

    private static func bytes(_ value: CBOR, _ name: String) throws(COSEError) -> Data {
        guard let bytes = value.bytesValue else { throw .invalidKey("\(name) must be a byte string, found \(value.typeName)") }
        return bytes
    }
}

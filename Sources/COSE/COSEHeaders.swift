import CBOR
import Foundation

/// One bucket of COSE header parameters (RFC 9052 §3): an ordered map from label to value.
///
/// Every parameter is kept, known or not, in the order it was read, so a message can be
/// inspected and re-encoded without losing what the sender wrote. The well-known parameters
/// have typed accessors; their values are checked when a bucket is read from the wire (see
/// ``init(cbor:)``) and again before anything is signed.
public struct COSEHeaders: Sendable, Equatable {
    /// The parameters, in order. Labels are unique.
    public private(set) var entries: [(label: COSEHeaderLabel, value: CBOR)]

    /// An empty bucket.
    public init() { entries = [] }

    /// A bucket from label/value pairs; a later pair replaces an earlier one with the same label.
    public init(_ pairs: [(COSEHeaderLabel, CBOR)]) {
        entries = []
        for (label, value) in pairs { self[label] = value }
    }

    /// Whether the bucket holds no parameter.
    public var isEmpty: Bool { entries.isEmpty }

    /// The labels present, in order.
    public var labels: [COSEHeaderLabel] { entries.map(\.label) }

    /// The value for `label`; assigning `nil` removes the parameter, assigning a value
    /// replaces it in place or appends it.
    public subscript(label: COSEHeaderLabel) -> CBOR? {
        get { entries.first { $0.label == label }?.value }
        set {
            let index = entries.firstIndex { $0.label == label }
            switch (index, newValue) {
            case let (index?, value?): entries[index].value = value
            case let (index?, nil): entries.remove(at: index)
            case let (nil, value?): entries.append((label, value))
            case (nil, nil): break
            }
        }
    }

    /// Buckets are equal when they hold the same parameters in the same order.
    public static func == (lhs: COSEHeaders, rhs: COSEHeaders) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.label == $1.label && $0.value == $1.value }
    }

    // MARK: - Well-known parameters

    /// `alg` (1). `nil` when absent or when the value is a text string (no text algorithm
    /// names are registered; ``rawAlgorithm`` still shows it).
    public var algorithm: COSEAlgorithm? {
        get { self[.algorithm]?.int64Value.map(COSEAlgorithm.init(rawValue:)) }
        set { self[.algorithm] = newValue.map { CBOR($0.rawValue) } }
    }

    /// The `alg` value as written, for error messages about algorithms this library refuses.
    public var rawAlgorithm: CBOR? { self[.algorithm] }

    /// `crit` (2): the labels the recipient must understand.
    public var critical: [COSEHeaderLabel]? {
        get { self[.critical]?.arrayValue?.compactMap(COSEHeaderLabel.init) }
        set { self[.critical] = newValue.map { .array($0.map(\.cbor)) } }
    }

    /// `content type` (3).
    public var contentType: COSEContentType? {
        get { self[.contentType].flatMap(COSEContentType.init) }
        set { self[.contentType] = newValue?.cbor }
    }

    /// `kid` (4): a hint for finding the key; it is not authenticated unless protected.
    public var keyID: Data? {
        get { self[.keyID]?.bytesValue }
        set { self[.keyID] = newValue.map(CBOR.byteString) }
    }

    /// `IV` (5).
    public var iv: Data? {
        get { self[.iv]?.bytesValue }
        set { self[.iv] = newValue.map(CBOR.byteString) }
    }

    /// `Partial IV` (6).
    public var partialIV: Data? {
        get { self[.partialIV]?.bytesValue }
        set { self[.partialIV] = newValue.map(CBOR.byteString) }
    }

    /// `x5chain` (33, RFC 9360): DER certificates, end-entity first. On the wire a single
    /// certificate is a byte string and several are an array; both read as an array here,
    /// and one certificate is written back as a plain byte string.
    public var x5chain: [Data]? {
        get {
            switch self[.x5chain] {
            case .byteString(let certificate)?: return [certificate]
            case .array(let items)?: return items.compactMap(\.bytesValue)
            default: return nil
            }
        }
        set {
            switch newValue {
            case nil: self[.x5chain] = nil
            case let chain? where chain.count == 1: self[.x5chain] = .byteString(chain[0])
            case let chain?: self[.x5chain] = .array(chain.map(CBOR.byteString))
            }
        }
    }

    // MARK: - CBOR

    /// Reads a header map and checks the well-known parameters have values of the right type.
    ///
    /// CBOR decoding already refuses duplicate map keys; a key that is neither an integer
    /// nor text is refused here.
    public init(cbor: CBOR) throws(COSEError) {
        guard case .map(let pairs) = cbor else {
            throw .invalidStructure("header bucket is a \(cbor.typeName), not a map")
        }
        var entries: [(label: COSEHeaderLabel, value: CBOR)] = []
        entries.reserveCapacity(pairs.count)
        var seen = Set<COSEHeaderLabel>()
        for pair in pairs {
            guard let label = COSEHeaderLabel(pair.key) else {
                throw .invalidStructure("header label is a \(pair.key.typeName), not an integer or text")
            }
            guard seen.insert(label).inserted else {
                throw .invalidHeader(label: label, reason: "label appears twice")
            }
            entries.append((label, pair.value))
        }
        self.entries = entries
        try validate()
    }

    /// The bucket as a CBOR map, in order.
    public var cbor: CBOR { .map(entries.map { (key: $0.label.cbor, value: $0.value) }) }

    /// Checks the value type of every well-known parameter present.
    public func validate() throws(COSEError) {
        for (label, value) in entries {
            switch label {
            case .algorithm:
                guard value.int64Value != nil || value.stringValue != nil else {
                    throw .invalidHeader(label: label, reason: "must be an integer or text")
                }
            case .critical:
                guard let items = value.arrayValue, !items.isEmpty else {
                    throw .invalidHeader(label: label, reason: "must be a non-empty array")
                }
                guard items.allSatisfy({ COSEHeaderLabel($0) != nil }) else {
                    throw .invalidHeader(label: label, reason: "every element must be an integer or text label")
                }
            case .contentType:
                guard COSEContentType(value) != nil else {
                    throw .invalidHeader(label: label, reason: "must be an unsigned integer below 65536 or text")
                }
            case .keyID, .iv, .partialIV:
                guard value.bytesValue != nil else {
                    throw .invalidHeader(label: label, reason: "must be a byte string")
                }
            case .x5chain:
                switch value {
                case .byteString: break
                case .array(let items) where !items.isEmpty && items.allSatisfy({ $0.bytesValue != nil }): break
                default:
                    throw .invalidHeader(label: label, reason: "must be a byte string or a non-empty array of byte strings")
                }
            default:
                break
            }
        }
    }
}

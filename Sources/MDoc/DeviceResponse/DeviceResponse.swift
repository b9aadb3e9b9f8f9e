import CBOR
import Foundation

/// The holder's answer to a request (18013-5 §8.3.2.1.2.2), and the `vp_token` value of an
/// OpenID4VP `mso_mdoc` presentation (base64url of these bytes).
public struct DeviceResponse: Sendable, Equatable {
    /// `status` 0: OK.
    public static let statusOK: UInt64 = 0

    /// `version`, "1.0".
    public var version: String
    /// The returned documents.
    public var documents: [Document]
    /// DocTypes the holder could not return, with an error code.
    public var documentErrors: [[String: Int64]]
    /// The overall status code (0 = OK, 10 = general error, 11 = CBOR decoding, 12 = CBOR validation).
    public var status: UInt64

    /// A response with the given documents.
    public init(version: String = "1.0", documents: [Document], documentErrors: [[String: Int64]] = [], status: UInt64 = 0) {
        self.version = version
        self.documents = documents
        self.documentErrors = documentErrors
        self.status = status
    }

    /// Reads an encoded DeviceResponse, keeping every issuer-signed item's exact bytes.
    ///
    /// The common shape is read straight from the bytes; anything else, and every input that
    /// is refused, goes through the full CBOR tree, which gives the precise error.
    public init(decoding data: some DataProtocol, limits: MDocLimits = .default) throws(MDocError) {
        let bytes = data as? Data ?? Data(data)
        if let response = DirectDecoding.deviceResponse(bytes, limits: limits) {
            self = response
            return
        }
        try self.init(treeDecoding: bytes, limits: limits)
    }

    /// Reads an encoded DeviceResponse through its CBOR tree: every shape the model allows.
    init(treeDecoding data: Data, limits: MDocLimits) throws(MDocError) {
        let raw = try limits.raw(decoding: data)
        let fields = try MDocFieldReader(raw.value, path: "DeviceResponse")
        version = try fields.text("version")
        status = try fields.unsigned("status")
        documents = []
        if let documentsRaw = raw["documents"] {
            guard let elements = documentsRaw.elements else {
                throw fields.mismatch("documents", "an array", documentsRaw.value)
            }
            try limits.check(elements.count, max: limits.maxDocuments, "documents")
            for (index, element) in elements.enumerated() {
                documents.append(try Document(raw: element, path: "DeviceResponse.documents[\(index)]", limits: limits))
            }
        }
        documentErrors = []
        if fields.optional("documentErrors") != nil {
            let list = try fields.array("documentErrors")
            try limits.check(list.count, max: limits.maxDocuments, "documentErrors")
            for item in list {
                guard let entries = item.mapValue else { throw fields.mismatch("documentErrors", "a map", item) }
                var codes: [String: Int64] = [:]
                for (docType, code) in try CBOR.textKeyed(entries, path: "DeviceResponse.documentErrors") {
                    guard let number = code.int64Value else { throw fields.mismatch("documentErrors", "an integer", code) }
                    codes[docType] = number
                }
                documentErrors.append(codes)
            }
        }
    }

    /// The map.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [("version", .textString(version))]
        if !documents.isEmpty { entries.append(("documents", .array(documents.map(\.cbor)))) }
        if !documentErrors.isEmpty {
            entries.append(("documentErrors", .array(documentErrors.map { codes in
                CBOR.map(codes.sorted { $0.key < $1.key }.map { (key: CBOR.textString($0.key), value: CBOR($0.value)) })
            })))
        }
        entries.append(("status", .unsigned(status)))
        return .map(entries)
    }
}

extension DeviceResponse: CBORValueCodable {
    public init(cborValue: CBOR) throws { try self.init(decoding: cborValue.encoded()) }
    public var cborValue: CBOR { cbor }
}

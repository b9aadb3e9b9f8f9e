import CBOR
import Foundation

/// What a reader asks of one document (18013-5 §8.3.2.1.2.1): the docType and, per name
/// space, the elements wanted with an "intent to retain" flag.
public struct ItemsRequest: Sendable, Equatable {
    /// The document type requested.
    public var docType: String
    /// Element identifier → intent to retain, by name space.
    public var nameSpaces: [String: [String: Bool]]
    /// Extra request information, kept as is.
    public var requestInfo: CBOR?

    /// A request for the given elements.
    public init(docType: String, nameSpaces: [String: [String: Bool]], requestInfo: CBOR? = nil) {
        self.docType = docType
        self.nameSpaces = nameSpaces
        self.requestInfo = requestInfo
    }

    /// A request for `elements` of each name space, none retained.
    public init(docType: String, elements: [String: [String]]) {
        self.init(docType: docType, nameSpaces: elements.mapValues { Dictionary(uniqueKeysWithValues: Set($0).map { ($0, false) }) })
    }

    /// Reads an `ItemsRequest` map.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "ItemsRequest")
        docType = try fields.text("docType")
        let entries = try CBOR.textKeyed(try fields.map("nameSpaces"), path: "ItemsRequest.nameSpaces")
        try limits.check(entries.count, max: limits.maxNameSpaces, "requested name spaces")
        nameSpaces = [:]
        for (nameSpace, value) in entries {
            guard let items = value.mapValue else { throw fields.mismatch("nameSpaces.\(nameSpace)", "a map", value) }
            try limits.check(items.count, max: limits.maxElementsPerNameSpace, "requested elements in \(nameSpace)")
            var flags: [String: Bool] = [:]
            for (identifier, retain) in try CBOR.textKeyed(items, path: "ItemsRequest.nameSpaces.\(nameSpace)") {
                guard let flag = retain.boolValue else { throw fields.mismatch("nameSpaces.\(nameSpace)", "a boolean", retain) }
                flags[identifier] = flag
            }
            nameSpaces[nameSpace] = flags
        }
        requestInfo = fields.optional("requestInfo")
    }

    /// The map (name spaces and elements sorted).
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [
            ("docType", .textString(docType)),
            ("nameSpaces", .map(nameSpaces.sorted { $0.key < $1.key }.map { nameSpace in
                (key: CBOR.textString(nameSpace.key), value: CBOR.map(nameSpace.value.sorted { $0.key < $1.key }.map {
                    (key: CBOR.textString($0.key), value: CBOR.bool($0.value))
                }))
            })),
        ]
        if let requestInfo { entries.append(("requestInfo", requestInfo)) }
        return .map(entries)
    }
}

/// One entry of a ``DeviceRequest``: the `ItemsRequest` (with its exact bytes, which
/// `readerAuth` signs) and the optional reader authentication.
public struct DocRequest: Sendable, Equatable {
    /// The request.
    public let itemsRequest: ItemsRequest
    /// `ItemsRequestBytes`: the encoded `ItemsRequest` inside `#6.24(bstr)`.
    public let encodedItemsRequest: Data
    /// `readerAuth`: COSE_Sign1 over `ReaderAuthentication`, payload detached (not verified here).
    public let readerAuth: CBOR?

    /// A request encoded here.
    public init(itemsRequest: ItemsRequest, readerAuth: CBOR? = nil) {
        self.itemsRequest = itemsRequest
        self.encodedItemsRequest = itemsRequest.cbor.encoded()
        self.readerAuth = readerAuth
    }

    /// Reads a `DocRequest` map.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: "DocRequest")
        encodedItemsRequest = try fields.embeddedBytes("itemsRequest")
        itemsRequest = try ItemsRequest(cbor: try CBOR.decodeMDoc(encodedItemsRequest, limits: limits), limits: limits)
        readerAuth = fields.optional("readerAuth")
    }

    /// The map.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [("itemsRequest", CBOR.embedded(encoded: encodedItemsRequest))]
        if let readerAuth { entries.append(("readerAuth", readerAuth)) }
        return .map(entries)
    }
}

/// A reader's request for one or more documents (18013-5 §8.3.2.1.2.1).
public struct DeviceRequest: Sendable, Equatable {
    /// `version`, "1.0".
    public var version: String
    /// The requests, one per document.
    public var docRequests: [DocRequest]

    /// A request with the given entries.
    public init(version: String = "1.0", docRequests: [DocRequest]) {
        self.version = version
        self.docRequests = docRequests
    }

    /// Reads an encoded DeviceRequest.
    public init(decoding data: some DataProtocol, limits: MDocLimits = .default) throws(MDocError) {
        let fields = try MDocFieldReader(try CBOR.decodeMDoc(data, limits: limits), path: "DeviceRequest")
        version = try fields.text("version")
        let list = try fields.array("docRequests")
        try limits.check(list.count, max: limits.maxDocuments, "docRequests")
        var requests: [DocRequest] = []
        for item in list { requests.append(try DocRequest(cbor: item, limits: limits)) }
        docRequests = requests
    }

    /// The map.
    public var cbor: CBOR { ["version": .textString(version), "docRequests": .array(docRequests.map(\.cbor))] }

    /// The encoded request.
    public func encoded() -> Data { cbor.encoded() }
}

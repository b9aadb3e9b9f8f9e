import CBOR
import Foundation

/// What the issuer signed and the holder received (18013-5 §8.3.2.1.2.2): the data elements,
/// each as ``IssuerSignedItemBytes``, and the ``IssuerAuth`` over their digests.
///
/// This is the form a wallet stores an mdoc in and the `issuerSigned` part of a presented
/// ``Document``; a presentation keeps only the disclosed items.
public struct IssuerSigned: Sendable, Equatable {
    /// The disclosed items by name space, in the order received.
    public var nameSpaces: [String: [IssuerSignedItemBytes]]
    /// The issuer's signature over the MSO.
    public var issuerAuth: IssuerAuth

    /// An IssuerSigned with the given parts.
    public init(nameSpaces: [String: [IssuerSignedItemBytes]], issuerAuth: IssuerAuth) {
        self.nameSpaces = nameSpaces
        self.issuerAuth = issuerAuth
    }

    /// Reads an encoded IssuerSigned (the form OpenID4VCI delivers, base64url-decoded).
    ///
    /// The common shape is read straight from the bytes; anything else, and every input that
    /// is refused, goes through the full CBOR tree, which gives the precise error.
    public init(decoding data: some DataProtocol, limits: MDocLimits = .default) throws(MDocError) {
        let bytes = data as? Data ?? Data(data)
        if let issuerSigned = DirectDecoding.issuerSigned(bytes, limits: limits) {
            self = issuerSigned
            return
        }
        try self.init(treeDecoding: bytes, limits: limits)
    }

    /// Reads an encoded IssuerSigned through its CBOR tree: every shape the model allows.
    init(treeDecoding data: Data, limits: MDocLimits) throws(MDocError) {
        try self.init(raw: try limits.raw(decoding: data), limits: limits)
    }

    /// Reads an IssuerSigned from its received bytes, so every item keeps its exact bytes.
    init(raw: CBOR.Raw, path: String = "IssuerSigned", limits: MDocLimits) throws(MDocError) {
        let fields = try MDocFieldReader(raw.value, path: path)
        issuerAuth = try IssuerAuth(cbor: try fields.required("issuerAuth"), limits: limits)
        nameSpaces = [:]
        guard let namespacesRaw = raw["nameSpaces"] else { return }
        guard let entries = namespacesRaw.entries else {
            throw fields.mismatch("nameSpaces", "a map", namespacesRaw.value)
        }
        try limits.check(entries.count, max: limits.maxNameSpaces, "name spaces")
        for entry in entries {
            guard let nameSpace = entry.key.value.stringValue else {
                throw .invalidStructure(path: "\(path).nameSpaces", reason: "name space is not text")
            }
            guard let elements = entry.value.elements else {
                throw fields.mismatch("nameSpaces.\(nameSpace)", "an array", entry.value.value)
            }
            guard !elements.isEmpty else {
                throw .invalidStructure(path: "\(path).nameSpaces.\(nameSpace)", reason: "no items")
            }
            try limits.check(elements.count, max: limits.maxElementsPerNameSpace, "items in \(nameSpace)")
            var items: [IssuerSignedItemBytes] = []
            items.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                items.append(try IssuerSignedItemBytes(
                    received: element, path: "\(path).nameSpaces.\(nameSpace)[\(index)]", limits: limits))
            }
            nameSpaces[nameSpace] = items
        }
    }

    /// Reads an IssuerSigned already decoded; item wrappers are re-encoded in preferred form.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        try self.init(decoding: cbor.encoded(), limits: limits)
    }

    /// The IssuerSigned map (name spaces sorted). Item wrappers are re-encoded in preferred
    /// form; ``encoded()`` keeps their exact bytes.
    public var cbor: CBOR {
        var entries: [(key: CBOR, value: CBOR)] = []
        if !nameSpaces.isEmpty {
            entries.append(("nameSpaces", .map(nameSpaces.sorted { $0.key < $1.key }.map {
                (key: CBOR.textString($0.key), value: CBOR.array($0.value.map(\.cbor)))
            })))
        }
        entries.append(("issuerAuth", issuerAuth.cbor))
        return .map(entries)
    }

    /// The MSO's document type.
    public var docType: String { issuerAuth.mobileSecurityObject.docType }

    /// The disclosed element values by name space, then element identifier.
    public var elements: [String: [String: CBOR]] {
        nameSpaces.mapValues { items in
            Dictionary(items.map { ($0.item.elementIdentifier, $0.item.elementValue) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension IssuerSigned: CBORValueCodable {
    public init(cborValue: CBOR) throws { try self.init(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}

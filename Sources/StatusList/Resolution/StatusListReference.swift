import CBOR
import Foundation
import JSONModel

/// Where a referenced token's status lives: the index `idx` in the status list token at
/// `uri` (the `status_list` member of the `status` claim, draft §6).
///
/// SD-JWT VCs carry it in JSON (`"status": {"status_list": {"idx": 0, "uri": "…"}}`), CWTs
/// and ISO mdocs in CBOR (a `Status` map with a `status_list` `StatusListInfo`); both read
/// into this one value, which ``StatusListResolver`` checks.
public struct StatusListReference: Sendable, Hashable, CustomStringConvertible {
    /// The CWT claim key of `status` (65535, as the draft requests from IANA).
    public static let cwtStatusClaimKey: UInt64 = 65535

    /// `idx`: the token's index in the list.
    public let index: Int
    /// `uri`: the status list token's URI, which must equal the token's `sub`.
    public let uri: String

    /// A reference to `index` in the list at `uri`; `uri` must be an absolute URI.
    public init(index: Int, uri: String) throws(StatusListError) {
        guard index >= 0 else { throw .invalidReference("idx \(index) is negative") }
        guard Self.isAbsoluteURI(uri) else { throw .invalidReference("uri \(uri) is not an absolute URI") }
        self.index = index
        self.uri = uri
    }

    /// Reads the JSON `status` claim of a referenced token (SD-JWT VC, JWT).
    ///
    /// The claim must be an object with a `status_list` member holding a non-negative
    /// integer `idx` and a string `uri`; other status mechanisms beside it are ignored.
    public init(statusClaim: JSONValue) throws(StatusListError) {
        guard let status = statusClaim.objectValue else { throw .invalidReference("status is not an object") }
        guard let value = status["status_list"] else { throw .invalidReference("status has no status_list") }
        guard let info = value.objectValue else { throw .invalidReference("status_list is not an object") }
        guard let idxValue = info["idx"] else { throw .invalidReference("idx is missing") }
        guard let number = idxValue.numberValue, let index = Int(number.text) else {
            throw .invalidReference("idx is not an integer")
        }
        guard let uriValue = info["uri"] else { throw .invalidReference("uri is missing") }
        guard let uri = uriValue.stringValue else { throw .invalidReference("uri is not a string") }
        try self.init(index: index, uri: uri)
    }

    /// Reads the CBOR `Status` map of a referenced token (a CWT's claim 65535, an ISO mdoc
    /// MSO's `status`).
    ///
    /// The map must hold the text key `status_list` whose value is a map with an unsigned
    /// `idx` and a text `uri`.
    public init(statusClaim: CBOR) throws(StatusListError) {
        guard case .map = statusClaim else { throw .invalidReference("status is a CBOR \(statusClaim.typeName), not a map") }
        guard let info = statusClaim["status_list"] else { throw .invalidReference("status has no status_list") }
        guard case .map = info else { throw .invalidReference("status_list is not a map") }
        guard let idxValue = info["idx"] else { throw .invalidReference("idx is missing") }
        guard case .unsigned(let rawIndex) = idxValue else {
            throw .invalidReference("idx is not an unsigned integer")
        }
        guard let index = Int(exactly: rawIndex) else { throw .invalidReference("idx \(rawIndex) is too large") }
        guard let uriValue = info["uri"] else { throw .invalidReference("uri is missing") }
        guard case .textString(let uri) = uriValue else { throw .invalidReference("uri is not a text string") }
        try self.init(index: index, uri: uri)
    }

    /// Reads the `status` claim (key 65535) from a CWT claims map.
    public init(cwtClaims: CBOR) throws(StatusListError) {
        guard case .map = cwtClaims else { throw .invalidReference("CWT claims are not a map") }
        guard let status = cwtClaims[.unsigned(Self.cwtStatusClaimKey)] else {
            throw .invalidReference("the CWT has no status claim (65535)")
        }
        try self.init(statusClaim: status)
    }

    /// The JSON `status` claim naming this reference.
    public var statusClaimJSON: JSONValue {
        ["status_list": ["idx": .number(JSONNumber(index)), "uri": .string(uri)]]
    }

    /// The CBOR `Status` map naming this reference.
    public var statusClaimCBOR: CBOR {
        let info = CBOR.map([(key: .textString("idx"), value: CBOR(index)), (key: .textString("uri"), value: .textString(uri))])
        return .map([(key: .textString("status_list"), value: info)])
    }

    /// The URL to fetch, when ``uri`` is one Foundation can parse.
    public var url: URL? { URL(string: uri) }

    public var description: String { "\(uri)#\(index)" }

    /// RFC 3986 §4.3: a scheme (letter, then letters, digits, `+`, `-`, `.`), a colon, more.
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        let schemeOK = scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
        let rest = text[text.index(after: colon)...]
        return schemeOK && !rest.isEmpty && !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

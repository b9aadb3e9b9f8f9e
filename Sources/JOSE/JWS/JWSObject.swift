import Foundation
import JSONModel
import Multiformats

/// A JWS read from any serialization — compact, flattened JSON or general JSON — and
/// structurally checked, but **not yet verified**.
///
/// Parsing is separate from verification so a caller can look at the (untrusted) header to
/// pick a key — by `kid`, `jwk`, `x5c` or an issuer DID — before checking the signature.
/// Nothing read from a `JWSObject` may be trusted until ``verify(key:detachedPayload:policy:)``
/// returns.
public struct JWSObject: Sendable {
    /// One signature with its headers.
    public struct Signature: Sendable {
        /// The integrity-protected header members.
        public let protectedHeader: JSONObject
        /// The protected header exactly as received (base64url), which is what was signed.
        public let encodedProtectedHeader: String
        /// The unprotected header members (JSON serialization only), if any.
        public let unprotectedHeader: JSONObject?
        /// Protected and unprotected members merged (they never overlap).
        public let header: JOSEHeader
        /// The signature bytes.
        public let signature: Data
    }

    /// The payload as it appeared on the wire: base64url text, or the raw payload when the
    /// signatures use `b64: false`; `nil` when the payload is detached (RFC 7515 App. F).
    public var encodedPayload: String? { payloadText.map(String.init) }
    /// ``encodedPayload`` as a slice of the token it was read from: a payload is most of a
    /// token, and verifying and reading it need no copy of their own.
    package let payloadText: Substring?
    /// `header.payload` of a compact JWS with an attached payload: its signing input as it
    /// lies in the token, which verification checks without copying.
    let compactSigningInput: Substring?
    /// The signatures, at least one.
    public let signatures: [Signature]
    /// Whether this came from the compact serialization.
    public let isCompact: Bool

    /// Parses a compact JWS: `header.payload.signature`.
    public init(compact token: String, limits: JOSELimits = .default) throws(JOSEError) {
        try self.init(compact: Substring(token), limits: limits)
    }

    /// ``init(compact:limits:)-(String,_)`` of a token inside a longer text (an SD-JWT's
    /// Issuer-signed JWT), which the parts stay slices of.
    package init(compact token: Substring, limits: JOSELimits = .default) throws(JOSEError) {
        guard token.utf8.count <= limits.maximumTokenSize else {
            throw .limitExceeded("token is larger than \(limits.maximumTokenSize) bytes")
        }
        let dots = Self.dotOffsets(in: token)
        guard dots.count == 2 else {
            throw .malformed("a compact JWS has 3 parts, this has \(dots.count >= 3 ? "more" : String(dots.count + 1))")
        }
        let utf8 = token.utf8
        let firstDot = utf8.index(utf8.startIndex, offsetBy: dots.first)
        let secondDot = utf8.index(utf8.startIndex, offsetBy: dots.second)
        let header = token[..<firstDot]
        let payload = token[utf8.index(after: firstDot)..<secondDot]
        guard !header.isEmpty else { throw .malformed("the protected header is empty") }
        let signature = try JWSObject.signature(
            protected: String(header), unprotected: nil, signature: token[utf8.index(after: secondDot)...],
            limits: limits)
        self.payloadText = payload.isEmpty ? nil : payload
        self.compactSigningInput = payload.isEmpty ? nil : token[..<secondDot]
        self.signatures = [signature]
        self.isCompact = true
    }

    /// Where the first two dots of `token` are (UTF-8 offsets), and how many dots there are,
    /// counting no further than 3: found with `memchr` in the string's own buffer (a token
    /// is kilobytes, and a byte-by-byte walk costs several times as much). A dot is ASCII,
    /// so each offset is on a character boundary.
    static func dotOffsets(in token: Substring) -> (first: Int, second: Int, count: Int) {
        var text = token
        return text.withUTF8 { bytes in
            var found = (first: 0, second: 0, count: 0)
            guard let base = bytes.baseAddress else { return found }
            var start = 0
            while found.count < 3, start < bytes.count,
                let dot = memchr(base + start, Int32(UInt8(ascii: ".")), bytes.count - start)
            {
                let offset = UnsafeRawPointer(dot) - UnsafeRawPointer(base)
                if found.count == 0 { found.first = offset } else if found.count == 1 { found.second = offset }
                found.count += 1
                start = offset + 1
            }
            return found
        }
    }

    /// Parses a JWS JSON serialization, general (`signatures` array) or flattened.
    public init(json: Data, limits: JOSELimits = .default) throws(JOSEError) {
        guard json.count <= limits.maximumTokenSize else {
            throw .limitExceeded("JSON serialization is larger than \(limits.maximumTokenSize) bytes")
        }
        let object = try JSONObject.parsing(json, part: "JWS JSON serialization", limits: limits.documentParserLimits)
        var payload: String?
        if let value = object["payload"] {
            guard let text = value.stringValue else { throw .malformed("payload is not a string") }
            payload = text
        }
        var signatures = [Signature]()
        if let list = object["signatures"] {
            for name in ["protected", "header", "signature"] where object.contains(name) {
                throw .malformed("general serialization with a top-level \(name)")
            }
            guard let entries = list.arrayValue, !entries.isEmpty else {
                throw .malformed("signatures is not a non-empty array")
            }
            guard entries.count <= limits.maximumSignatures else {
                throw .limitExceeded("more than \(limits.maximumSignatures) signatures")
            }
            for entry in entries {
                guard let entryObject = entry.objectValue else { throw .malformed("a signature is not an object") }
                signatures.append(try JWSObject.signature(jsonEntry: entryObject, limits: limits))
            }
        } else {
            signatures.append(try JWSObject.signature(jsonEntry: object, limits: limits))
        }
        self.payloadText = payload.map { Substring($0) }
        self.compactSigningInput = nil
        self.signatures = signatures
        self.isCompact = false
    }

    private static func signature(jsonEntry entry: JSONObject, limits: JOSELimits) throws(JOSEError) -> Signature {
        var protected = ""
        if let value = entry["protected"] {
            guard let text = value.stringValue, !text.isEmpty else {
                throw .malformed("protected is not a non-empty string")
            }
            protected = text
        }
        var unprotected: JSONObject?
        if let value = entry["header"] {
            guard let object = value.objectValue else { throw .malformed("header is not an object") }
            guard value.serialized(.compact).count <= limits.maximumHeaderSize else {
                throw .limitExceeded("unprotected header is larger than \(limits.maximumHeaderSize) bytes")
            }
            unprotected = object
        }
        guard protected != "" || unprotected != nil else {
            throw .malformed("a signature has neither a protected nor an unprotected header")
        }
        guard let signature = entry["signature"]?.stringValue else {
            throw .malformed("signature is missing or not a string")
        }
        return try Self.signature(
            protected: protected, unprotected: unprotected, signature: Substring(signature), limits: limits)
    }

    private static func signature(
        protected: String, unprotected: JSONObject?, signature: Substring, limits: JOSELimits
    ) throws(JOSEError) -> Signature {
        var protectedHeader = JSONObject()
        if !protected.isEmpty {
            guard protected.utf8.count <= (limits.maximumHeaderSize * 4 + 2) / 3 else {
                throw .limitExceeded("protected header is larger than \(limits.maximumHeaderSize) bytes")
            }
            protectedHeader = try JSONObject.parsing(
                segment: protected, part: "protected header", limits: limits.headerParserLimits)
        }
        let signatureBytes = try Base64URL.decodeSegment(signature, part: "signature")
        // Only a JSON serialization has an unprotected header to merge.
        let header = try unprotected.map { unprotected throws(JOSEError) in
            try JOSEHeader.merging([protectedHeader, unprotected])
        } ?? JOSEHeader(members: protectedHeader)
        return Signature(
            protectedHeader: protectedHeader, encodedProtectedHeader: protected,
            unprotectedHeader: unprotected, header: header, signature: signatureBytes)
    }
}

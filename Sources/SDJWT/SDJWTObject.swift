import Foundation
import JOSE
import JSONModel
import Multiformats

/// An SD-JWT or SD-JWT+KB read from its compact or JWS JSON serialization and structurally
/// checked, but **not verified** (RFC 9901 §4, §8).
///
/// Parsing is separate from verification, as in JOSE's `JWSObject`, so a caller can read the
/// untrusted header (`kid`, `x5c`) and `iss` to find the issuer's key first. Nothing read
/// from an `SDJWTObject` may be trusted until ``SDJWTVerifier`` returns a ``VerifiedSDJWT``.
///
/// The value also builds the serializations a Holder sends: the same Issuer-signed JWT with
/// another set of Disclosures and, optionally, a Key Binding JWT.
public struct SDJWTObject: Sendable {
    /// How an SD-JWT was (or is to be) serialized.
    public enum Serialization: Sendable, Hashable {
        /// `<JWT>~<D1>~…~<Dn>~[<KB-JWT>]`.
        case compact
        /// A flattened JWS JSON serialization with `disclosures` (and `kb_jwt`) in `header`.
        case flattenedJSON
        /// A general JWS JSON serialization; `disclosures` and `kb_jwt` in the first
        /// signature's `header`.
        case generalJSON
    }

    /// The Issuer-signed JWT in compact form (for a JSON serialization: the first
    /// signature's protected header, the payload and that signature), as `sd_hash` covers it.
    public var issuerSignedJWT: String { String(issuerSignedJWTText) }
    /// ``issuerSignedJWT`` as a slice of the serialization it was read from: it is most of
    /// an SD-JWT, and parsing, verifying and presenting it need no copy of their own.
    let issuerSignedJWTText: Substring
    /// The parsed, unverified JWS of the Issuer-signed JWT (all its signatures).
    public let jws: JWSObject
    /// The Disclosures, in the order they were sent.
    public let disclosures: [Disclosure]
    /// The Key Binding JWT, when this is an SD-JWT+KB.
    public let keyBindingJWT: String?
    /// The serialization this came in, and the one ``serialized`` writes.
    public let serialization: Serialization
    /// The JSON serialization's members (other signatures, unprotected headers), kept so a
    /// presentation re-serializes them untouched.
    let jsonDocument: JSONObject?
    /// The compact serialization when it was written already: a presentation whose KB-JWT
    /// was signed over the text before it, so the text it is sent as is that text and the
    /// KB-JWT, not written a second time.
    private let writtenCompactText: String?

    /// Reads either serialization: JSON when the text starts with `{`, compact otherwise.
    public init(parsing text: String, limits: SDJWTLimits = .default) throws(SDJWTError) {
        if text.utf8.first(where: { !Self.isJSONWhitespace($0) }) == UInt8(ascii: "{") {
            try self.init(json: Data(text.utf8), limits: limits)
        } else {
            try self.init(compact: text, limits: limits)
        }
    }

    /// Reads the compact serialization `<JWT>~<D1>~…~<Dn>~[<KB-JWT>]`.
    public init(compact text: String, limits: SDJWTLimits = .default) throws(SDJWTError) {
        guard text.utf8.count <= limits.maximumSize else {
            throw .limitExceeded("the SD-JWT is larger than \(limits.maximumSize) bytes")
        }
        guard let parts = Self.tildeSeparatedParts(of: text, maximumCount: limits.maximumDisclosures + 2) else {
            throw .limitExceeded("more than \(limits.maximumDisclosures) disclosures")
        }
        guard parts.count >= 2 else { throw .malformed("no ~ after the Issuer-signed JWT") }
        let jwt = parts[0]
        var disclosures = [Disclosure]()
        disclosures.reserveCapacity(parts.count - 2)
        for part in parts.dropFirst().dropLast() {
            guard !part.isEmpty else { throw .malformed("an empty disclosure (~~)") }
            disclosures.append(try Disclosure(text: part, limits: limits))
        }
        let last = parts[parts.count - 1]
        let jws: JWSObject
        do {
            jws = try JWSObject(compact: jwt, limits: limits.joseLimits)
        } catch {
            throw .issuerJWT(error)
        }
        self.issuerSignedJWTText = jwt
        self.jws = jws
        self.disclosures = disclosures
        self.keyBindingJWT = last.isEmpty ? nil : String(last)
        self.serialization = .compact
        self.jsonDocument = nil
        self.writtenCompactText = nil
    }

    /// Reads a JWS JSON serialization, flattened or general (RFC 9901 §8).
    public init(json data: Data, limits: SDJWTLimits = .default) throws(SDJWTError) {
        guard data.count <= limits.maximumSize else {
            throw .limitExceeded("the SD-JWT is larger than \(limits.maximumSize) bytes")
        }
        let document: JSONObject
        do {
            guard case .object(let object) = try JSONParser(limits: limits.documentParserLimits).parse(data) else {
                throw SDJWTError.malformed("the JSON serialization is not an object")
            }
            document = object
        } catch let error as SDJWTError {
            throw error
        } catch {
            throw .malformed("the JSON serialization is not strict JSON (\(error))")
        }
        let jws: JWSObject
        do {
            jws = try JWSObject(json: data, limits: limits.joseLimits)
        } catch {
            throw .issuerJWT(error)
        }
        let isGeneral = document["signatures"] != nil
        guard let first = jws.signatures.first, let payload = jws.encodedPayload else {
            throw .malformed("the JSON serialization has no payload")
        }
        let unprotected = first.unprotectedHeader ?? JSONObject()
        for later in jws.signatures.dropFirst() {
            for name in ["disclosures", "kb_jwt"] where later.unprotectedHeader?[name] != nil {
                throw .malformed("\(name) is in a signature other than the first")
            }
        }
        for name in ["disclosures", "kb_jwt"] where first.protectedHeader[name] != nil {
            throw .malformed("\(name) is in the protected header")
        }
        var disclosures = [Disclosure]()
        if let value = unprotected["disclosures"] {
            guard let list = value.arrayValue else { throw .malformed("disclosures is not an array") }
            guard list.count <= limits.maximumDisclosures else {
                throw .limitExceeded("more than \(limits.maximumDisclosures) disclosures")
            }
            for element in list {
                guard let text = element.stringValue else { throw .malformed("a disclosure is not a string") }
                disclosures.append(try Disclosure(encoded: text, limits: limits))
            }
        }
        var keyBinding: String?
        if let value = unprotected["kb_jwt"] {
            guard let text = value.stringValue, !text.isEmpty else { throw .malformed("kb_jwt is not a string") }
            keyBinding = text
        }
        self.issuerSignedJWTText = Substring(first.encodedProtectedHeader + "." + payload + "." + Base64URL.encode(first.signature))
        self.jws = jws
        self.disclosures = disclosures
        self.keyBindingJWT = keyBinding
        self.serialization = isGeneral ? .generalJSON : .flattenedJSON
        self.jsonDocument = document
        self.writtenCompactText = nil
    }

    /// An SD-JWT from parts already checked (issuance and presentation).
    init(
        issuerSignedJWT: Substring, jws: JWSObject, disclosures: [Disclosure], keyBindingJWT: String?,
        serialization: Serialization, jsonDocument: JSONObject?, writtenCompactText: String? = nil
    ) {
        self.issuerSignedJWTText = issuerSignedJWT
        self.jws = jws
        self.disclosures = disclosures
        self.keyBindingJWT = keyBindingJWT
        self.serialization = serialization
        self.jsonDocument = jsonDocument
        self.writtenCompactText = writtenCompactText
    }

    /// Whether this carries a Key Binding JWT (an SD-JWT+KB).
    public var hasKeyBinding: Bool { keyBindingJWT != nil }

    /// The SD-JWT without its KB-JWT, `<JWT>~<D1>~…~<Dn>~`: the text `sd_hash` is taken over
    /// (RFC 9901 §4.3.1, and §8.1 for the JSON serialization).
    public var keyBindingInput: String {
        compactText(withKeyBinding: nil)
    }

    /// The compact serialization, with the KB-JWT when there is one.
    public var compactSerialization: String {
        writtenCompactText ?? compactText(withKeyBinding: keyBindingJWT)
    }

    /// `<JWT>~<D1>~…~<Dn>~` and then `keyBinding`, written into one string of its final size
    /// (and room for `extraCapacity` more bytes).
    func compactText(withKeyBinding keyBinding: String?, extraCapacity: Int = 0) -> String {
        var text = ""
        text.reserveCapacity(
            disclosures.reduce(issuerSignedJWTText.utf8.count + 1 + (keyBinding?.utf8.count ?? 0) + extraCapacity) {
                $0 + $1.text.utf8.count + 1
            })
        text.append(contentsOf: issuerSignedJWTText)
        text.append("~")
        for disclosure in disclosures {
            text.append(contentsOf: disclosure.text)
            text.append("~")
        }
        if let keyBinding { text.append(keyBinding) }
        return text
    }

    /// The serialization this SD-JWT came in: compact text, or the JWS JSON serialization
    /// with its `disclosures` and `kb_jwt` replaced by this value's.
    public var serialized: String {
        switch serialization {
        case .compact: return compactSerialization
        case .flattenedJSON, .generalJSON: return String(decoding: jsonSerialization(), as: UTF8.self)
        }
    }

    /// The JWS JSON serialization: the received document with this value's Disclosures and
    /// KB-JWT, or a flattened one when this came in compact form.
    public func jsonSerialization() -> Data {
        var document = jsonDocument ?? flattenedDocument()
        func updated(_ header: JSONObject?) -> JSONObject {
            var header = header ?? JSONObject()
            header["disclosures"] = .array(disclosures.map { .string($0.encoded) })
            header["kb_jwt"] = keyBindingJWT.map(JSONValue.string)
            return header
        }
        if case .array(var signatures)? = document["signatures"], case .object(var first)? = signatures.first {
            first["header"] = .object(updated(first["header"]?.objectValue))
            signatures[0] = .object(first)
            document["signatures"] = .array(signatures)
        } else {
            document["header"] = .object(updated(document["header"]?.objectValue))
        }
        return JSONValue.object(document).serialized(.compact)
    }

    /// This SD-JWT with other Disclosures and KB-JWT, in the same serialization.
    func replacing(disclosures: [Disclosure], keyBindingJWT: String?) -> SDJWTObject {
        SDJWTObject(
            issuerSignedJWT: issuerSignedJWTText, jws: jws, disclosures: disclosures, keyBindingJWT: keyBindingJWT,
            serialization: serialization, jsonDocument: jsonDocument)
    }

    /// This SD-JWT with `keyBindingJWT`, which signed `keyBindingInput` (this SD-JWT's own
    /// ``keyBindingInput``): the compact text sent is that text with the KB-JWT appended.
    /// The text is taken by value, so it grows in place once the caller is done with it.
    func adding(keyBindingJWT: String, to keyBindingInput: consuming String) -> SDJWTObject {
        guard serialization == .compact else { return replacing(disclosures: disclosures, keyBindingJWT: keyBindingJWT) }
        keyBindingInput.append(keyBindingJWT)
        return SDJWTObject(
            issuerSignedJWT: issuerSignedJWTText, jws: jws, disclosures: disclosures, keyBindingJWT: keyBindingJWT,
            serialization: serialization, jsonDocument: jsonDocument, writtenCompactText: keyBindingInput)
    }

    /// This SD-JWT in another serialization (general JSON is kept only for a value that
    /// came in it, since it needs the other signatures).
    public func converted(to serialization: Serialization) -> SDJWTObject {
        let target: Serialization = serialization == .generalJSON && jsonDocument?["signatures"] == nil
            ? .flattenedJSON : serialization
        var document: JSONObject?
        switch target {
        case .compact: document = nil
        case .flattenedJSON: document = self.serialization == .flattenedJSON ? jsonDocument : flattenedDocument()
        case .generalJSON: document = jsonDocument
        }
        return SDJWTObject(
            issuerSignedJWT: issuerSignedJWTText, jws: jws, disclosures: disclosures, keyBindingJWT: keyBindingJWT,
            serialization: target, jsonDocument: document)
    }

    /// The flattened JSON members of the Issuer-signed JWT, without an unprotected header.
    private func flattenedDocument() -> JSONObject {
        let parts = issuerSignedJWTText.split(separator: ".", omittingEmptySubsequences: false)
        var document = JSONObject()
        guard parts.count == 3 else { return document }
        document["payload"] = .string(String(parts[1]))
        document["protected"] = .string(String(parts[0]))
        document["signature"] = .string(String(parts[2]))
        return document
    }

    /// The unverified payload of the Issuer-signed JWT, parsed.
    func unverifiedPayload(limits: SDJWTLimits) throws(SDJWTError) -> JSONObject {
        try decodedPayload(limits: limits).payload
    }

    /// The payload of the Issuer-signed JWT, decoded and parsed strictly into an object (the
    /// decoded bytes stay in a temporary buffer), with the proof that it decoded, which
    /// verification takes instead of decoding it again.
    func decodedPayload(limits: SDJWTLimits) throws(SDJWTError) -> (jws: DecodedJWS, payload: JSONObject) {
        guard jws.payloadText != nil else { throw .malformed("the Issuer-signed JWT has no payload") }
        let parser = JSONParser(limits: limits.documentParserLimits, duplicateMembers: .reject)
        var parsed = Result<JSONValue, JSONError>.success(.null)
        let decoded: DecodedJWS
        do {
            decoded = try jws.decodingPayload { bytes in parsed = Result { () throws(JSONError) in try parser.parse(bytes) } }
        } catch {
            throw .issuerJWT(error)
        }
        return (decoded, try Self.payloadObject(parsed))
    }

    /// Parses a payload strictly into an object.
    static func payloadObject(_ bytes: Data, limits: SDJWTLimits) throws(SDJWTError) -> JSONObject {
        try payloadObject(Result { () throws(JSONError) in
            try JSONParser(limits: limits.documentParserLimits, duplicateMembers: .reject).parse(bytes)
        })
    }

    /// The payload object from a strict parse, or why it is not one.
    private static func payloadObject(_ parsed: Result<JSONValue, JSONError>) throws(SDJWTError) -> JSONObject {
        let value: JSONValue
        do {
            value = try parsed.get()
        } catch {
            throw .invalidPayload("not strict JSON (\(error))")
        }
        guard case .object(let object) = value else { throw .invalidPayload("not a JSON object") }
        return object
    }

    /// The `~`-separated parts, empty ones included, as slices of `text` (no part is
    /// copied); `nil` when there are more than `maximumCount`.
    private static func tildeSeparatedParts(of text: String, maximumCount: Int) -> [Substring]? {
        var offsets = [Int]()
        var text = text
        let found = text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var start = 0
            while start < bytes.count, let tilde = memchr(base + start, Int32(UInt8(ascii: "~")), bytes.count - start) {
                guard offsets.count < maximumCount - 1 else { return false }
                // Most SD-JWTs have a few dozen parts; the list grows past that if needed.
                if offsets.isEmpty { offsets.reserveCapacity(min(maximumCount, 32)) }
                start = UnsafeRawPointer(tilde) - UnsafeRawPointer(base) + 1
                offsets.append(start - 1)
            }
            return true
        }
        guard found else { return nil }
        // `~` is ASCII, so every cut falls on a character boundary.
        let utf8 = text.utf8
        var parts = [Substring]()
        parts.reserveCapacity(offsets.count + 1)
        var start = utf8.startIndex
        for offset in offsets {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            parts.append(text[start..<end])
            start = utf8.index(after: end)
        }
        parts.append(text[start...])
        return parts
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

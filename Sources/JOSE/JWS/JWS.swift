import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Signing and verifying JSON Web Signatures (RFC 7515, RFC 7797).
///
/// Signing goes through the async ``Signer`` protocol so a hardware-backed key works the
/// same as a software one. Verification is synchronous once the key is known; use
/// ``JWSObject`` directly to choose the key from the header or to resolve it asynchronously.
public enum JWS {
    /// Extra things a signer may put in the protected header.
    public struct SigningOptions: Sendable, Hashable {
        /// Put the signer's public key in the header as `jwk`.
        public var embedPublicKey: Bool
        /// Leave the payload out of the serialization (RFC 7515 App. F); the verifier
        /// supplies it.
        public var detachedPayload: Bool
        /// Sign the payload as is (`b64: false`, RFC 7797); adds `b64` to `crit`.
        public var unencodedPayload: Bool

        /// Options with the given switches, all off by default.
        public init(embedPublicKey: Bool = false, detachedPayload: Bool = false, unencodedPayload: Bool = false) {
            self.embedPublicKey = embedPublicKey
            self.detachedPayload = detachedPayload
            self.unencodedPayload = unencodedPayload
        }
    }

    /// Signs `payload` into a compact JWS.
    ///
    /// The protected header is `header` with `alg` set from the signer, `kid` from the
    /// signer when `header` has none, and `jwk`/`b64`/`crit` as `options` ask.
    public static func signCompact(
        payload: Data, header: JOSEHeader = JOSEHeader(), signer: some Signer,
        options: SigningOptions = SigningOptions()
    ) async throws(JOSEError) -> String {
        if options.unencodedPayload, !options.detachedPayload, payload.contains(UInt8(ascii: ".")) {
            throw .malformed("an unencoded compact payload cannot contain '.'")
        }
        let signed = try await sign(payload: payload, header: header, signer: signer, options: options)
        let payloadPart = options.detachedPayload ? "" : signed.encodedPayload
        let signature = Base64URL.encode(signed.signature)
        var token = ""
        token.reserveCapacity(signed.encodedProtectedHeader.utf8.count + payloadPart.utf8.count + signature.utf8.count + 2)
        token += signed.encodedProtectedHeader
        token += "."
        token += payloadPart
        token += "."
        token += signature
        return token
    }

    /// Signs `payload` once per signer into a JWS JSON serialization: flattened when there
    /// is one signer and `flattened` is true, general otherwise.
    ///
    /// Each entry's header becomes that signature's protected header; `unprotected` members
    /// go in its unprotected `header`.
    public static func signJSON(
        payload: Data, signers: [(header: JOSEHeader, unprotected: JSONObject?, signer: any Signer)],
        flattened: Bool = false, options: SigningOptions = SigningOptions()
    ) async throws(JOSEError) -> Data {
        guard !signers.isEmpty else { throw .malformed("no signers") }
        var entries = [JSONObject]()
        var encodedPayload = ""
        for entry in signers {
            let signed = try await sign(payload: payload, header: entry.header, signer: entry.signer, options: options)
            encodedPayload = signed.encodedPayload
            var object = JSONObject()
            object["protected"] = .string(signed.encodedProtectedHeader)
            if let unprotected = entry.unprotected, !unprotected.isEmpty {
                _ = try JOSEHeader.merging([signed.protectedHeader.members, unprotected])
                object["header"] = .object(unprotected)
            }
            object["signature"] = .string(Base64URL.encode(signed.signature))
            entries.append(object)
        }
        var document = JSONObject()
        if !options.detachedPayload { document["payload"] = .string(encodedPayload) }
        if flattened, entries.count == 1, let only = entries.first {
            for (name, value) in only { document[name] = value }
        } else {
            document["signatures"] = .array(entries.map(JSONValue.object))
        }
        return JSONValue.object(document).serialized(.compact)
    }

    /// Verifies a compact JWS with a public key under `policy`.
    public static func verifyCompact(
        _ token: String, key: PublicKey, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) throws(JOSEError) -> VerifiedJWS {
        try JWSObject(compact: token, limits: policy.limits)
            .verify(key: JWSVerificationKey(key), detachedPayload: detachedPayload, policy: policy)
    }

    /// Verifies a compact JWS with a JWK (honouring its `alg`, `use` and `key_ops`).
    public static func verifyCompact(
        _ token: String, jwk: JWK, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) throws(JOSEError) -> VerifiedJWS {
        try JWSObject(compact: token, limits: policy.limits)
            .verify(key: JWSVerificationKey(jwk: jwk), detachedPayload: detachedPayload, policy: policy)
    }

    /// Verifies a compact JWS with a key found from its header.
    public static func verifyCompact(
        _ token: String, resolver: some JWSKeyResolver, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) async throws(JOSEError) -> VerifiedJWS {
        try await JWSObject(compact: token, limits: policy.limits)
            .verify(resolver: resolver, detachedPayload: detachedPayload, policy: policy)
    }

    /// Verifies a JWS JSON serialization (general or flattened) with one key.
    public static func verifyJSON(
        _ json: Data, key: JWSVerificationKey, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) throws(JOSEError) -> VerifiedJWS {
        try JWSObject(json: json, limits: policy.limits)
            .verify(key: key, detachedPayload: detachedPayload, policy: policy)
    }

    /// The parts of one signature before serialization.
    struct SignedParts {
        var protectedHeader: JOSEHeader
        var encodedProtectedHeader: String
        var encodedPayload: String
        var signature: Data
    }

    static func sign(
        payload: Data, header: JOSEHeader, signer: some Signer, options: SigningOptions
    ) async throws(JOSEError) -> SignedParts {
        if options.unencodedPayload, !options.detachedPayload, String(data: payload, encoding: .utf8) == nil {
            throw .malformed("an attached unencoded payload must be UTF-8")
        }
        var header = header
        header.algorithm = signer.algorithm.rawValue
        if header.keyID == nil, let keyID = signer.keyID { header.keyID = keyID }
        if options.embedPublicKey { header.embed(signer.publicKey) }
        if options.unencodedPayload {
            header["b64"] = .bool(false)
            var critical = header.critical ?? []
            if !critical.contains("b64") { critical.append("b64") }
            header.critical = critical
        }
        let encodedHeader = Base64URL.encode(JSONValue.object(header.members).serializedBytes(.compact))
        let encodedPayload = options.unencodedPayload
            ? String(decoding: payload, as: UTF8.self) : Base64URL.encode(payload)
        // The signing input in one buffer of its final size; the payload is encoded once.
        var input = Data(capacity: encodedHeader.utf8.count + 1 + (options.unencodedPayload ? payload.count : encodedPayload.utf8.count))
        var headerText = encodedHeader
        headerText.withUTF8 { input.append($0) }
        input.append(UInt8(ascii: "."))
        if options.unencodedPayload {
            input.append(payload)
        } else {
            var payloadText = encodedPayload
            payloadText.withUTF8 { input.append($0) }
        }
        let signature: Data
        do {
            signature = try await signer.sign(input)
        } catch {
            throw .signerFailed(String(describing: error))
        }
        return SignedParts(
            protectedHeader: header, encodedProtectedHeader: encodedHeader,
            encodedPayload: encodedPayload, signature: signature)
    }
}

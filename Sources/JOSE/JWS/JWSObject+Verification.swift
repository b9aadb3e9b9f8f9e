import Foundation
import JSONModel
import Multiformats

/// A JWS whose signature checked out under a caller's key and policy: the only place its
/// header and payload may be trusted from.
public struct VerifiedJWS: Sendable {
    /// The merged header of the signature that verified.
    public let header: JOSEHeader
    /// The integrity-protected members of that header (unprotected members in ``header``
    /// were *not* covered by the signature).
    public let protectedHeader: JSONObject
    /// The algorithm that verified.
    public let algorithm: JWSAlgorithm
    /// Which signature verified (always 0 for compact).
    public let signatureIndex: Int
    /// The payload as the signature covered it: base64url text (checked to decode), or the
    /// bytes themselves for a detached or unencoded payload.
    let signedPayload: SignedPayload

    /// The payload bytes (decoded from base64url unless `b64: false`).
    ///
    /// Decoded when asked for rather than during verification, because a caller that has
    /// already parsed the payload (to find the issuer's key, say) never needs the bytes again.
    public var payload: Data {
        switch signedPayload {
        case .bytes(let bytes): return bytes
        // Verification checked that the text decodes, so the fallback is never taken.
        case .encoded(let text): return (try? Base64URL.decode(text)) ?? Data()
        }
    }

    /// A payload in the form the signature covered.
    enum SignedPayload: Sendable {
        case encoded(Substring)
        case bytes(Data)
    }
}

/// Finds the key for a JWS header, for example by `kid`, an embedded `jwk`, `x5c` or the
/// issuer. Return `nil` when there is no key; throw to stop verification.
///
/// It is `async` because finding a key may mean resolving a DID or fetching a JWKS.
public protocol JWSKeyResolver: Sendable {
    /// The key for a signature with this (untrusted) header.
    func key(for header: JOSEHeader) async throws(JOSEError) -> JWSVerificationKey?
}

extension JWSObject {
    /// Verifies with one key: succeeds when some signature verifies under it and `policy`.
    ///
    /// - Parameter detachedPayload: the payload when it was sent separately (the token's
    ///   payload part is empty); passed as bytes, encoded here as the signature requires.
    public func verify(
        key: JWSVerificationKey, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) throws(JOSEError) -> VerifiedJWS {
        try verify(detachedPayload: detachedPayload, policy: policy) { _ in key }
    }

    /// Verifies, asking `keyFor` for the key of each signature's header.
    public func verify(
        detachedPayload: Data? = nil, policy: JWSPolicy = .default,
        keyFor: (JOSEHeader) throws(JOSEError) -> JWSVerificationKey?
    ) throws(JOSEError) -> VerifiedJWS {
        try verify(detachedPayload: detachedPayload, policy: policy) { (_: Int, header: JOSEHeader) throws(JOSEError) -> JWSVerificationKey? in
            try keyFor(header)
        }
    }

    /// Verifies with a resolver that may look the key up asynchronously.
    public func verify(
        resolver: some JWSKeyResolver, detachedPayload: Data? = nil, policy: JWSPolicy = .default
    ) async throws(JOSEError) -> VerifiedJWS {
        var keys = [Int: JWSVerificationKey]()
        for (index, signature) in signatures.enumerated() {
            try signature.header.validateRegisteredMemberTypes()
            keys[index] = try await resolver.key(for: signature.header)
        }
        return try verify(detachedPayload: detachedPayload, policy: policy) { index, _ in
            keys[index]
        }
    }

    private func verify(
        detachedPayload: Data?, policy: JWSPolicy,
        keyAt: (Int, JOSEHeader) throws(JOSEError) -> JWSVerificationKey?
    ) throws(JOSEError) -> VerifiedJWS {
        let unencoded = try usesUnencodedPayload()
        if detachedPayload != nil, encodedPayload != nil {
            throw .malformed("a detached payload was given but the JWS carries one")
        }
        let payload = try signedPayload(detached: detachedPayload, unencoded: unencoded)
        return try verify(signedPayload: payload, detached: detachedPayload != nil, policy: policy, keyAt: keyAt)
    }

    /// Verifies `payload`, already in the form the signatures cover, under the first
    /// signature whose key and policy check out: the one loop every entry point ends in
    /// (``DecodedJWS`` reaches it without checking the payload again).
    func verify(
        signedPayload payload: VerifiedJWS.SignedPayload, detached: Bool, policy: JWSPolicy,
        keyAt: (Int, JOSEHeader) throws(JOSEError) -> JWSVerificationKey?
    ) throws(JOSEError) -> VerifiedJWS {
        var failures = [JOSEError]()
        for (index, signature) in signatures.enumerated() {
            do throws(JOSEError) {
                try signature.header.validateRegisteredMemberTypes()
                let algorithm = try policy.algorithm(of: signature.header)
                try policy.checkCritical(protected: signature.protectedHeader, merged: signature.header)
                try policy.checkType(of: signature.header)
                guard let key = try keyAt(index, signature.header) else { throw .keyNotFound }
                try key.checkCompatible(with: algorithm)
                guard try isValidSignature(
                    signature, payload: payload, detached: detached, key: key, algorithm: algorithm)
                else {
                    throw .invalidSignature
                }
                return VerifiedJWS(
                    header: signature.header, protectedHeader: signature.protectedHeader,
                    algorithm: algorithm, signatureIndex: index, signedPayload: payload)
            } catch {
                failures.append(error)
            }
        }
        // One signature: its own reason. Several: a bad signature outranks "not my key".
        if failures.count > 1, failures.contains(.invalidSignature) { throw .invalidSignature }
        throw failures.first ?? .invalidSignature
    }

    /// Whether the signatures use RFC 7797 unencoded payloads; they must all agree.
    func usesUnencodedPayload() throws(JOSEError) -> Bool {
        var unencoded: Bool?
        for signature in signatures {
            if let value = signature.header["b64"], value.boolValue == nil {
                throw .invalidHeader("b64 is not a boolean")
            }
            let this = !signature.header.base64EncodesPayload
            guard unencoded == nil || unencoded == this else { throw .invalidHeader("signatures disagree on b64") }
            unencoded = this
        }
        guard let unencoded else { throw .invalidHeader("signatures disagree on b64") }
        return unencoded
    }

    /// The payload in the form that goes after the `.` of the signing input. Base64url text
    /// is checked to decode, without keeping the bytes (see ``VerifiedJWS/payload``).
    private func signedPayload(detached: Data?, unencoded: Bool) throws(JOSEError) -> VerifiedJWS.SignedPayload {
        if let detached {
            return unencoded ? .bytes(detached) : .encoded(Substring(Base64URL.encode(detached)))
        }
        let text = payloadText ?? ""
        if unencoded { return .bytes(Data(text.utf8)) }
        do {
            try Base64URL.withDecoded(text) { _ in }
        } catch {
            throw .invalidBase64URL(part: "payload")
        }
        return .encoded(text)
    }

    /// Checks `signature` over `protected.payload`: in place in a compact token (whose
    /// payload is attached, so those bytes are exactly what was signed), else over a copy.
    private func isValidSignature(
        _ signature: Signature, payload: VerifiedJWS.SignedPayload, detached: Bool, key: JWSVerificationKey,
        algorithm: JWSAlgorithm
    ) throws(JOSEError) -> Bool {
        if !detached, let compactSigningInput {
            return try key.isValidSignature(signature.signature, forUTF8: compactSigningInput, algorithm: algorithm)
        }
        let input = Self.signingInput(protectedHeader: signature.encodedProtectedHeader, payload: payload)
        return try key.isValidSignature(signature.signature, for: input, algorithm: algorithm)
    }

    /// `protected.payload`, built in one buffer of its final size.
    private static func signingInput(protectedHeader: String, payload: VerifiedJWS.SignedPayload) -> Data {
        let payloadCount: Int
        switch payload {
        case .encoded(let text): payloadCount = text.utf8.count
        case .bytes(let bytes): payloadCount = bytes.count
        }
        var input = Data(capacity: protectedHeader.utf8.count + 1 + payloadCount)
        appendUTF8(of: protectedHeader, to: &input)
        input.append(UInt8(ascii: "."))
        switch payload {
        case .encoded(let text): appendUTF8(of: text, to: &input)
        case .bytes(let bytes): input.append(bytes)
        }
        return input
    }

    /// Appends a string's UTF-8 in one copy from its storage.
    private static func appendUTF8(of text: some StringProtocol, to data: inout Data) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { data.append($0) }
        if copied == nil { data.append(contentsOf: Array(text.utf8)) }
    }
}

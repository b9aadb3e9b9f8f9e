import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// Writes and signs the Key Binding JWT of one presentation (RFC 9901 §4.3).
///
/// A KB-JWT has a fixed shape: the protected header is `typ: kb+jwt` and the signer's `alg`,
/// the payload `iat`, `aud`, `nonce` and `sd_hash`. That shape is written straight into the
/// compact form, with no header object or JSON tree in between: next to the Holder's
/// signature it is the only work a presentation adds, so it is kept to a few byte copies
/// and two base64url encodings. A request that needs more (a signer `kid` to name,
/// transaction data, extra claims, or strings JSON must escape) goes through JOSE's
/// general JWS signer, which writes the same header and payload members in the same order.
struct KeyBindingJWTWriter {
    let request: KeyBindingRequest
    /// The base64url `sd_hash` of the presentation the KB-JWT binds.
    let sdHash: String

    /// The KB-JWT in compact form, signed by `signer`.
    func token(signedBy signer: some Signer) async throws(SDJWTError) -> String {
        guard signer.keyID == nil, let input = plainSigningInput(algorithm: signer.algorithm.rawValue) else {
            return try await generalToken(signedBy: signer)
        }
        let signature: Data
        do {
            signature = try await signer.sign(input)
        } catch {
            throw .signingFailed(JOSEError.signerFailed(String(describing: error)).description)
        }
        return Self.compactToken(signingInput: input, signature: signature)
    }

    /// `base64url(header).base64url(payload)` when the request holds only the four claims
    /// and its strings go into JSON as they are (`sd_hash` is base64url and always does);
    /// `nil` otherwise.
    ///
    /// The JSON is written into one scratch buffer on the stack and encoded from there into
    /// the signing input, the only allocation (the `iat` digits fit in a string's inline
    /// storage). This runs between the Issuer's and the Holder's signatures, where every
    /// extra pass over general-purpose string code shows in the time of a presentation.
    private func plainSigningInput(algorithm: String) -> Data? {
        guard request.transactionData.isEmpty, request.additionalClaims.isEmpty,
            JSONValue.isWrittenVerbatim(request.audience), JSONValue.isWrittenVerbatim(request.nonce),
            JSONValue.isWrittenVerbatim(algorithm)
        else { return nil }
        let issuedAt = String(request.issuedAtSeconds)
        var headerCount = 0, payloadCount = 0
        Self.writeHeader(algorithm: algorithm) { headerCount += $0.utf8.count }
        writePayload(issuedAt: issuedAt) { payloadCount += $0.utf8.count }
        let encodedHeaderCount = Base64URL.encodedCount(of: headerCount)
        var input = Data(count: encodedHeaderCount + 1 + Base64URL.encodedCount(of: payloadCount))
        // Both JSON texts are written side by side on the stack and encoded from there.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headerCount + payloadCount) { json in
            var written = 0
            let write = { (piece: String) in written = json[written...].initialize(fromContentsOf: piece.utf8) }
            Self.writeHeader(algorithm: algorithm, write)
            writePayload(issuedAt: issuedAt, write)
            let jsonBytes = UnsafeRawBufferPointer(json)
            input.withUnsafeMutableBytes { raw in
                let output = raw.bindMemory(to: UInt8.self)
                _ = Base64URL.encode(UnsafeRawBufferPointer(rebasing: jsonBytes[..<headerCount]), into: output)
                output[encodedHeaderCount] = UInt8(ascii: ".")
                _ = Base64URL.encode(
                    UnsafeRawBufferPointer(rebasing: jsonBytes[headerCount...]),
                    into: UnsafeMutableBufferPointer(rebasing: output[(encodedHeaderCount + 1)...]))
            }
        }
        return input
    }

    /// The protected header's JSON, piece by piece: `typ` then `alg`, as JOSE writes them.
    private static func writeHeader(algorithm: String, _ write: (String) -> Void) {
        write(#"{"typ":"kb+jwt","alg":""#)
        write(algorithm)
        write(#""}"#)
    }

    /// The payload's JSON, piece by piece, in ``KeyBindingRequest/payload(sdHash:)``'s order.
    private func writePayload(issuedAt: String, _ write: (String) -> Void) {
        write(#"{"iat":"#)
        write(issuedAt)
        write(#","aud":""#)
        write(request.audience)
        write(#"","nonce":""#)
        write(request.nonce)
        write(#"","sd_hash":""#)
        write(sdHash)
        write(#""}"#)
    }

    /// The compact JWS: the signing input, a dot and the base64url signature.
    private static func compactToken(signingInput: Data, signature: Data) -> String {
        let length = signingInput.count + 1 + Base64URL.encodedCount(of: signature.count)
        return String(unsafeUninitializedCapacity: length) { output in
            _ = signingInput.withUnsafeBytes { UnsafeMutableRawBufferPointer(output).copyMemory(from: $0) }
            output[signingInput.count] = UInt8(ascii: ".")
            let rest = UnsafeMutableBufferPointer(rebasing: output[(signingInput.count + 1)...])
            return signingInput.count + 1 + signature.withUnsafeBytes { Base64URL.encode($0, into: rest) }
        }
    }

    /// The KB-JWT through ``JWS/signCompact(payload:header:signer:options:)``.
    private func generalToken(signedBy signer: some Signer) async throws(SDJWTError) -> String {
        let payload = JSONValue.object(request.payload(sdHash: sdHash)).serialized(.compact)
        do {
            return try await JWS.signCompact(payload: payload, header: JOSEHeader(type: "kb+jwt"), signer: signer)
        } catch {
            throw .signingFailed(error.description)
        }
    }
}

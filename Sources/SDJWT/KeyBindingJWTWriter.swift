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
/// signature it is the only work a presentation adds, so it is kept to a few string
/// appends. A request that needs more (a signer `kid` to name, transaction data, extra
/// claims, or strings JSON must escape) goes through JOSE's general JWS signer, which
/// writes the same header and payload members in the same order.
struct KeyBindingJWTWriter {
    let request: KeyBindingRequest
    /// The base64url `sd_hash` of the presentation the KB-JWT binds.
    let sdHash: String

    /// The KB-JWT in compact form, signed by `signer`.
    func token(signedBy signer: some Signer) async throws(SDJWTError) -> String {
        guard signer.keyID == nil, let payload = plainPayload() else { return try await generalToken(signedBy: signer) }
        let header = #"{"typ":"kb+jwt","alg":"\#(signer.algorithm.rawValue)"}"#
        var token = Base64URL.encode(Data(header.utf8))
        token.append(".")
        token.append(Base64URL.encode(Data(payload.utf8)))
        let signature: Data
        do {
            signature = try await signer.sign(Data(token.utf8))
        } catch {
            throw .signingFailed(JOSEError.signerFailed(String(describing: error)).description)
        }
        token.append(".")
        token.append(Base64URL.encode(signature))
        return token
    }

    /// The payload's JSON when the request holds only the four claims and its strings go
    /// into JSON as they are (`sd_hash` is base64url and always does); `nil` otherwise.
    private func plainPayload() -> String? {
        guard request.transactionData.isEmpty, request.additionalClaims.isEmpty,
            JSONValue.isWrittenVerbatim(request.audience), JSONValue.isWrittenVerbatim(request.nonce)
        else { return nil }
        return [
            #"{"iat":"#, String(request.issuedAtSeconds), #","aud":""#, request.audience, #"","nonce":""#,
            request.nonce, #"","sd_hash":""#, sdHash, #""}"#,
        ].joined()
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

import Foundation
import JSONModel

/// The exact bytes an Open DID proof signs.
///
/// The document as JSON, with `proof` replaced by the proof's header — only `created`,
/// `proofPurpose`, `type` and `verificationMethod`, no `proofValue` or `proofValueList` —
/// and no `proofs` member; written compact with member names sorted by code point, `/`
/// unescaped and non-ASCII raw. A VC's per-claim signature `proofValueList[i]` signs the
/// same with `credentialSubject.claims` reduced to `[claims[i]]`. The signature is ECDSA
/// over SHA-256 of these bytes.
public enum SigningInput {
    /// The members of a proof that its own signature covers.
    static let headerMembers = ["created", "proofPurpose", "type", "verificationMethod"]

    /// The signing input of `proof` over `document`.
    public static func bytes(of document: JSONObject, proof: JSONObject) -> Data {
        SigningInputBuilder(document: document).bytes(proof: proof)
    }

    /// The signing input of `proof`'s per-claim signature for the claim at `index` of the
    /// credential `document`.
    public static func bytes(ofCredential document: JSONObject, proof: JSONObject, claimAt index: Int) throws(OpenDIDError) -> Data {
        try SigningInputBuilder(document: document).bytes(proof: proof, claimAt: index)
    }

    static func header(of proof: JSONObject) -> JSONObject {
        var header = JSONObject()
        for name in headerMembers {
            if let value = proof[name] { header[name] = value }
        }
        return header
    }
}

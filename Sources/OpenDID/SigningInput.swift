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
        var signed = document
        signed["proofs"] = nil
        signed["proof"] = .object(header(of: proof))
        return JSONValue.object(signed).serialized(.sortedKeys)
    }

    /// The signing input of `proof`'s per-claim signature for the claim at `index` of the
    /// credential `document`.
    public static func bytes(ofCredential document: JSONObject, proof: JSONObject, claimAt index: Int) throws(OpenDIDError) -> Data {
        guard case var .object(subject)? = document["credentialSubject"],
              case let .array(claims)? = subject["claims"]
        else { throw .missingField(path: "credentialSubject.claims") }
        guard claims.indices.contains(index) else {
            throw .proofValueListMismatch(claims: claims.count, signatures: index + 1)
        }
        subject["claims"] = .array([claims[index]])
        var reduced = document
        reduced["credentialSubject"] = .object(subject)
        return bytes(of: reduced, proof: proof)
    }

    static func header(of proof: JSONObject) -> JSONObject {
        var header = JSONObject()
        for name in headerMembers {
            if let value = proof[name] { header[name] = value }
        }
        return header
    }
}

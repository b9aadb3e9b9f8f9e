import JSONModel

/// A credential secured by an envelope and carried inside a VCDM 2.0 presentation as an
/// `EnvelopedVerifiableCredential`: its `id` is a `data:` URL whose media type says how it is
/// secured (`application/vc+jwt`) and whose data is the token itself (VC-JOSE-COSE §3.2).
public enum EnvelopedCredential {
    /// The `type` of the object.
    public static let type = "EnvelopedVerifiableCredential"
    /// The JOSE media types whose data is a compact JWS (`vc+ld+jwt` from the drafts).
    public static let mediaTypes = ["application/vc+jwt", "application/vc+ld+jwt"]

    /// The object a presentation lists for `token`, a `vc+jwt`.
    public static func json(token: String) -> JSONValue {
        [
            "@context": "https://www.w3.org/ns/credentials/v2",
            "id": .string("data:application/vc+jwt," + token),
            "type": .string(type),
        ]
    }

    /// The compact JWS in an enveloped credential's `id`; refused unless it is a `data:` URL
    /// of a JOSE credential media type (parameters such as `;charset` tolerated, `;base64`
    /// not: a JWS is already URL-safe text).
    public static func token(fromID id: String) throws(JOSECredentialError) -> String {
        guard id.hasPrefix("data:"), let comma = id.firstIndex(of: ",") else {
            throw .invalidEnvelope("the id is not a data: URL")
        }
        let header = id[id.index(id.startIndex, offsetBy: 5)..<comma].split(separator: ";").map { $0.lowercased() }
        guard let mediaType = header.first, mediaTypes.contains(mediaType) else {
            throw .invalidEnvelope("media type \(header.first ?? "(none)") is not a JOSE credential's")
        }
        guard !header.contains("base64") else { throw .invalidEnvelope("a base64 data URL does not carry a JWS") }
        let token = String(id[id.index(after: comma)...])
        guard !token.isEmpty else { throw .invalidEnvelope("the data is empty") }
        return token
    }
}

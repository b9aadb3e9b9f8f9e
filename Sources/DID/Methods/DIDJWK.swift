import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// The did:jwk method: a DID that is a JWK, `did:jwk:` + base64url(UTF-8 JSON of the public
/// JWK). The document has one `JsonWebKey2020` method, `#0`.
public enum DIDJWK {
    /// The longest did:jwk method-specific identifier read (a JWK is small; RSA-4096 fits).
    public static let maximumIdentifierLength = 4096

    /// The did:jwk for a public key (the JWK's public members, sorted, compact).
    public static func make(for key: PublicKey) -> DIDIdentifier? {
        let json = JWK(publicKey: key).jsonData()
        return try? DIDIdentifier(method: "jwk", methodSpecificID: Base64URL.encode(json))
    }

    /// The JWK members a did:jwk encodes, and the public key they describe.
    ///
    /// Rejects: a wrong method, anything but strict unpadded base64url, JSON that is not one
    /// object, a JWK with private members, and a JWK whose key does not validate.
    public static func jwk(of did: DIDIdentifier) throws(DIDResolutionError) -> (members: JSONObject, publicKey: PublicKey) {
        guard did.method == "jwk" else { throw .methodNotSupported(did.method) }
        let encoded = did.methodSpecificID
        guard encoded.utf8.count <= maximumIdentifierLength else { throw .invalidDID(.tooLong(limit: maximumIdentifierLength)) }
        let bytes: Data
        do {
            bytes = try Base64URL.decode(encoded)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID(encoded))
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser().parse(bytes)
        } catch {
            throw .invalidDID(.invalidMethodSpecificID("not JSON: \(error)"))
        }
        guard case .object(let members) = parsed else {
            throw .invalidDID(.invalidMethodSpecificID("not a JSON object"))
        }
        guard !members.contains("d"), !members.contains("k") else {
            throw .invalidPublicKey("did:jwk contains private key members")
        }
        do {
            let jwk = try JWK(jsonData: bytes)
            return (members, try jwk.publicKey())
        } catch {
            throw .invalidPublicKey(error.description)
        }
    }
}

/// Resolves did:jwk DIDs offline (did:jwk spec §"Read").
public struct DIDJWKResolver: DIDResolver {
    /// Creates a resolver.
    public init() {}

    public func resolve(_ did: DIDIdentifier) async throws(DIDResolutionError) -> DIDResolution {
        let (members, key) = try DIDJWK.jwk(of: did)
        let methodID = "\(did)#0"
        var document = DIDDocument(
            context: [.string(DIDDocument.coreContext), "https://w3id.org/security/suites/jws-2020/v1"],
            id: did,
            verificationMethod: [
                VerificationMethod(id: methodID, type: "JsonWebKey2020", controller: did, publicKeyJwk: members)
            ]
        )
        let reference = VerificationMethodReference.reference(methodID)
        let use = members["use"]?.stringValue
        if use != "enc", key.curve != .x25519 {
            for relationship in DIDKeyDocument.signingRelationships { document[relationship] = [reference] }
        }
        if use != "sig", key.curve != .ed25519 {
            document.keyAgreement = [reference]
        }
        return DIDResolution(document: document)
    }
}

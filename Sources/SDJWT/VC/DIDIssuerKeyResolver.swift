import DID
import Foundation
import JOSE
import JSONModel

/// Finds an SD-JWT VC issuer's key through its DID: the header `kid` is a DID URL (absolute,
/// or relative to an `iss` that is a DID) naming an `assertionMethod` key.
///
/// `iss` must be the DID itself and the `kid` a key of that DID's document: a DID key signs
/// only for its own DID. A DID `kid` under an `https` issuer, or under none, is refused, since
/// nothing ties that DID to the issuer the credential names (anyone can mint a `did:jwk`).
public struct DIDIssuerKeyResolver: SDJWTIssuerKeyResolver {
    /// Resolves the DID (a ``DIDResolverRegistry`` of the methods the caller accepts).
    public let resolver: any DIDResolver

    /// A resolver over `resolver`.
    public init(resolver: any DIDResolver) {
        self.resolver = resolver
    }

    /// The `assertionMethod` key the `kid` names; `nil` when neither `kid` nor `iss` is a DID.
    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        let iss = payload["iss"]?.stringValue
        let issuerDID = iss.flatMap { $0.hasPrefix("did:") ? $0 : nil }
        let kid = header.keyID
        let did: String
        if let kid, kid.hasPrefix("did:") {
            did = String(kid.prefix { $0 != "#" && $0 != "?" && $0 != "/" })
            guard let issuerDID else {
                throw .issuerKeyNotFound("kid \(kid) is a key of \(did), but iss is \(iss ?? "absent"), not that DID")
            }
            guard issuerDID == did else {
                throw .issuerKeyNotFound("kid \(kid) is not a key of the issuer \(issuerDID)")
            }
        } else if let issuerDID {
            did = issuerDID
        } else {
            return nil
        }
        guard let kid else { throw .issuerKeyNotFound("a DID issuer's header must name its key with kid") }
        let identifier: DIDIdentifier
        do {
            identifier = try DIDIdentifier(did)
        } catch {
            throw .issuerKeyNotFound("\(did) is not a DID: \(error)")
        }
        let document: DIDDocument
        do {
            document = try await resolver.resolve(identifier).document
        } catch {
            throw .issuerKeyNotFound("could not resolve \(did): \(error)")
        }
        do {
            let method = try document.verificationMethod(for: kid, relationship: .assertionMethod)
            return JWSVerificationKey(method.publicKey, keyID: kid)
        } catch {
            throw .issuerKeyNotFound("\(did) has no assertionMethod key \(kid): \(error)")
        }
    }
}

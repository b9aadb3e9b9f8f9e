import CBOR
import COSE
import CryptoKeys
import DID
import Foundation
import JSONModel

/// A VCDM 2.0 credential secured with COSE (VC-JOSE-COSE §3.3): a COSE_Sign1 whose payload is
/// the credential's JSON, with `typ` (label 16) `application/vc+cose`, content type
/// `application/vc`, and the signing key's DID URL as `kid` (label 4, its UTF-8 bytes).
///
/// Verified like the JOSE forms: the key the `kid` names, resolved through `DID` under
/// `assertionMethod`; then the key's DID must be the issuer's and the credential valid at the
/// policy's time.
public enum COSECredential {
    /// The media type a `vc+cose` carries in `typ`.
    public static let mediaType = "application/vc+cose"
    /// `typ` (RFC 9596).
    static let typeLabel = COSEHeaderLabel.int(16)

    /// The credential `document` signed as a tagged COSE_Sign1 by `signer`, whose method is `keyID`.
    public static func sign(_ document: JSONValue, keyID: String, signer: some Signer) async throws(JOSECredentialError) -> Data {
        guard document.objectValue != nil else { throw .signing("the document is not a JSON object") }
        let protected = COSEHeaders([
            (.contentType, .textString("application/vc")), (.keyID, .byteString(Data(keyID.utf8))),
            (typeLabel, .textString(mediaType)),
        ])
        do throws(COSEError) {
            return try await COSESign1.sign(payload: document.serialized(.compact), protected: protected, signer: signer).encoded()
        } catch {
            throw .cose(error)
        }
    }

    /// Verifies an encoded `vc+cose` under `policy` (its algorithms, time and limits), resolving
    /// the `kid` with `resolver`.
    public static func verify(
        _ data: Data, policy: JOSECredentialPolicy, resolver: any DIDResolver = DIDResolverRegistry.offline()
    ) async throws(JOSECredentialError) -> VerifiedCOSECredential {
        guard data.count <= policy.limits.maximumTokenSize else { throw .cose(.invalidStructure("larger than \(policy.limits.maximumTokenSize) bytes")) }
        let message: COSESign1
        do throws(COSEError) {
            message = try COSESign1(decoding: data)
        } catch {
            throw .cose(error)
        }
        guard message.protected.headers[typeLabel]?.stringValue == mediaType else {
            throw .notACredential("the protected typ is not \(mediaType)")
        }
        guard let kid = message.protected.headers.keyID.flatMap({ String(data: $0, encoding: .utf8) }), kid.hasPrefix("did:") else {
            throw .keyResolution("the protected kid is not a DID URL")
        }
        let method = try await JOSECredentialVerifier(resolver: resolver).verificationMethod(kid: kid, relationship: .assertionMethod)
        do throws(COSEError) {
            guard let algorithm = try message.algorithm().signatureAlgorithm, policy.algorithms.contains(.signature(algorithm)) else {
                throw .unsupportedAlgorithm("\(try message.algorithm())")
            }
            try message.verify(with: method.publicKey)
        } catch {
            throw .cose(error)
        }
        guard let payload = message.payload else { throw .notACredential("the payload is detached") }
        let json: JSONValue
        do {
            json = .object(try JOSECredentialVerifier.object(payload, limits: policy.limits))
        } catch {
            throw .jose(error)
        }
        let credential: VerifiableCredential
        do throws(CredentialError) {
            credential = try VerifiableCredential(json: json)
            try credential.checkValidity(at: policy.now, skew: policy.skew)
        } catch {
            throw .credential(error)
        }
        let keyDID = method.id.did.description
        guard credential.issuer == keyDID else { throw .signerNotIssuer(keyDID: keyDID, issuer: credential.issuer) }
        return VerifiedCOSECredential(credential: credential, verificationMethod: method)
    }
}

/// A `vc+cose` credential that verified and passed the policy.
public struct VerifiedCOSECredential: Sendable {
    /// The credential, valid at the policy's time.
    public let credential: VerifiableCredential
    /// The key that signed, from the issuer's DID document.
    public let verificationMethod: ResolvedVerificationMethod
}

import CryptoKeys
import Foundation
import OpenDID

/// How an Open DID credential binds its holder: not to a key but to a DID, the
/// `credentialSubject.id`, whose DID document lists the keys the holder authenticates with.
///
/// A holder key belongs to a credential when the newest version of the subject's DID
/// document the wallet holds (the holder adds their own document as they add an issuer's)
/// is not deactivated and lists that key for `authentication`: the purpose a presentation's
/// proof is made for, and the one the verifier's ``PresentationVerifier`` checks.
enum OpenDIDHolderBinding {
    /// The newest version of `did`'s document in `documents`.
    static func holderDocument(_ did: String, in documents: [DIDDocument]) -> DIDDocument? {
        documents.versions(of: did).last
    }

    /// The `authentication` key of `document` that is `key`, or `nil`.
    static func authenticationMethod(for key: PublicKey, in document: DIDDocument) -> VerificationMethod? {
        guard !document.deactivated else { return nil }
        let names = Set(document.keyNames(for: .authentication) ?? [])
        return document.verificationMethod.first { method in
            names.contains(method.id) && (try? method.publicKey()) == key
        }
    }

    /// Why `key` is not a holder key of the credential's subject `did`, or `nil` when it is.
    static func mismatch(key: PublicKey, subject did: String, documents: [DIDDocument]) -> VerificationFailure? {
        guard let document = holderDocument(did, in: documents) else {
            return VerificationFailure(
                .holderKeyMismatch,
                "the wallet holds no DID document of the credential's subject \(did), so the holder key cannot be checked against it (add the holder's DID document first)")
        }
        guard document.deactivated == false else {
            return VerificationFailure(.holderKeyMismatch, "the subject's DID \(did) is deactivated (version \(document.versionId))")
        }
        guard authenticationMethod(for: key, in: document) != nil else {
            return VerificationFailure(
                .holderKeyMismatch, "the holder key is not an authentication key of version \(document.versionId) of \(did)'s DID document")
        }
        return nil
    }
}

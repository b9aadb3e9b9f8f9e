import CryptoKeys
import DID
import JSONModel
import W3CCredentials

/// The holder's side of the JSON-LD formats: its did:key (from the signer's key), the
/// credentials it can present, how it checks an issued credential's proof, and the suite it
/// signs presentations with.
///
/// The key stays behind CryptoKeys' ``Signer``, so a wallet's secure area signs; nothing here
/// sees private key bytes.
public struct W3CHolder: Sendable {
    /// Signs presentations (`authentication`).
    public var signer: any Signer
    /// The holder's did:key, the subject of the credentials it requests.
    public let did: String
    /// The stored credentials a presentation definition is matched against.
    public var credentials: [JSONValue]
    /// Checks issued credentials' proofs (and that the issuer made them).
    public var verifier: EmbeddedProofVerifier
    /// The Linked Data suite of presentations (Ed25519Signature2018 by default: what ACA-Py
    /// verifies for an Ed25519 did:key).
    public var suite: LinkedDataProofSuite

    /// A holder signing with `signer`, whose did:key is made from its public key.
    public init(
        signer: any Signer, credentials: [JSONValue] = [], verifier: EmbeddedProofVerifier = EmbeddedProofVerifier(),
        suite: LinkedDataProofSuite = .ed25519Signature2018
    ) throws(AriesError) {
        do { did = try DIDKey.make(for: signer.publicKey).description } catch {
            throw .signingFailed(reason: "the signer's key has no did:key: \(error)")
        }
        self.signer = signer
        self.credentials = credentials
        self.verifier = verifier
        self.suite = suite
    }

    /// The verification method of ``did``.
    public var verificationMethod: String {
        guard let identifier = try? DIDIdentifier(did) else { return did }
        return DIDKey.verificationMethod(of: identifier)
    }
}

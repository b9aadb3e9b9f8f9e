import CryptoKeys
import Foundation

/// The keys one verification run has looked up, so a credential's eleven signatures by one
/// key parse the reference and decode the key once.
final class KeyCache {
    struct Entry {
        let reference: VerificationMethodReference
        let document: DIDDocument
        let method: VerificationMethod
        let key: Result<RecoveringVerifier, OpenDIDError>

        func verifier() throws(OpenDIDError) -> RecoveringVerifier { try key.get() }
    }

    private var entries: [String: Result<Entry, OpenDIDError>] = [:]

    func resolve(_ verificationMethod: String, in verifier: ProofVerifier) throws(OpenDIDError) -> Entry {
        if let known = entries[verificationMethod] { return try known.get() }
        let result: Result<Entry, OpenDIDError>
        do throws(OpenDIDError) {
            let reference = try VerificationMethodReference(verificationMethod)
            let (document, method) = try verifier.keyEntry(for: reference)
            let key: Result<RecoveringVerifier, OpenDIDError>
            do throws(OpenDIDError) {
                key = .success(RecoveringVerifier(publicKey: try method.publicKey()))
            } catch {
                key = .failure(error)
            }
            result = .success(Entry(reference: reference, document: document, method: method, key: key))
        } catch {
            result = .failure(error)
        }
        entries[verificationMethod] = result
        return try result.get()
    }
}

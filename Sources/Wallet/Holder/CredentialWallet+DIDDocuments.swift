import Foundation
import JSONModel
import OpenDID

extension CredentialWallet {
    /// Trusts an Open DID DID document (its JSON): Open DID credentials whose proofs resolve
    /// to one of its `assertionMethod` keys verify from then on, and the holder's own
    /// document, added the same way, lets the wallet check and use the holder's keys.
    ///
    /// The document must be an Open DID DID document whose own proofs verify, by its keys or
    /// those of a document already trusted (its controller's): a document altered since its
    /// owner signed it is refused, and nothing is stored. Each version of a DID is kept on
    /// its own, since proofs name the version they were made under; the newest one trusted
    /// decides whether the DID is deactivated or a key was revoked (``OpenDIDIssuerPolicy``).
    ///
    /// - Throws: ``WalletError/invalidInput(_:)`` for a document that does not decode, whose
    ///   proofs do not verify, or that differs from the one already trusted under its DID
    ///   and version; ``WalletError/inputTooLarge(field:limit:)``.
    @discardableResult
    public func addTrustedDIDDocument(_ json: Data) async throws(WalletError) -> TrustedDIDDocument {
        _ = try WalletStore.didDocument(from: json)
        guard let value = try? JSONValue(parsing: json) else { throw .invalidInput("the DID document is not JSON") }
        let known = try await store.trustedDIDDocuments().map(\.document)
        let checks = ProofVerifier(documents: known).checks(for: value)
        if let failed = checks.first(where: { !$0.isValid }), let failure = failed.failure {
            var reason = "the DID document's proof does not verify (\(failed.location)): \(failure)"
            if case .keyNotFound = failure {
                reason += "; if the document is signed by its controller, trust the controller's DID document first"
            }
            throw .invalidInput(reason)
        }
        return try await store.addTrustedDIDDocument(json: json).document
    }

    /// The trusted DID documents, every version, in the order they were added.
    public func trustedDIDDocuments() async throws(WalletError) -> [TrustedDIDDocument] {
        try await store.trustedDIDDocuments()
    }

    /// Stops trusting `did`'s document of `versionId`, or every version when it is `nil`;
    /// returns how many were removed. Credentials signed under them verify as
    /// ``VerificationFailure/Kind/untrustedIssuer`` from then on.
    @discardableResult
    public func removeTrustedDIDDocuments(did: String, versionId: String? = nil) async throws(WalletError) -> Int {
        try await store.removeTrustedDIDDocuments(did: did, versionId: versionId)
    }
}

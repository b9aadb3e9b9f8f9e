import CryptoKeys
import DID
import Foundation

extension CredentialWallet {
    /// The curves a holder DID may be made on: Ed25519 (the default, what Credible and most
    /// LD-proof verifiers expect), P-256 and secp256k1.
    public static let holderDIDCurves: [KeyCurve] = [.ed25519, .p256, .secp256k1]

    /// The holder's DIDs, oldest first.
    public func holderDIDs() async throws(WalletError) -> [HolderDID] {
        try await store.holderDIDs()
    }

    /// The holder's DID on `curve`: the first one made, or — on first use — a new did:key
    /// whose key is made in the secure area and never leaves it.
    public func holderDID(curve: KeyCurve = .ed25519) async throws(WalletError) -> HolderDID {
        if let existing = try await holderDIDs().first(where: { $0.curve == curve }) { return existing }
        return try await makeHolderDID(curve: curve)
    }

    /// Makes another did:key on `curve`, its key in the secure area.
    public func makeHolderDID(curve: KeyCurve = .ed25519) async throws(WalletError) -> HolderDID {
        guard Self.holderDIDCurves.contains(curve) else {
            throw .invalidInput("a holder DID is made on \(Self.holderDIDCurves.map(\.rawValue).joined(separator: ", ")), not \(curve.rawValue)")
        }
        let key = try await secureArea.createKey(curve: curve)
        let did: DIDIdentifier
        do {
            did = try DIDKey.make(for: key.publicKey)
        } catch {
            try? await secureArea.deleteKey(keyID: key.id)
            throw .cryptoFailure("no did:key for the new key: \(error)")
        }
        do throws(WalletError) {
            return try await store.addHolderDID(
                did.description, verificationMethod: DIDKey.verificationMethod(of: did), curve: curve, keyID: key.id)
        } catch {
            try? await secureArea.deleteKey(keyID: key.id)
            throw error
        }
    }

    /// A signer for `did`, through the secure area that holds its key.
    public func signer(for did: HolderDID) async throws(WalletError) -> SecureAreaSigner {
        try await secureArea.signer(keyID: did.keyID)
    }
}

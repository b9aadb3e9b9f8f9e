import CryptoKeys
import DID
import Foundation
import GRDB
import Testing
@testable import Wallet

/// The holder's own DIDs: a did:key made on first use from a key the secure area keeps,
/// the same one returned after, sealed at rest, and its key protected from deletion.
@Suite("CredentialWallet: holder DIDs")
struct HolderDIDTests {
    @Test("the first use makes a did:key on the curve asked for; later uses return the same one", arguments: CredentialWallet.holderDIDCurves)
    func madeOnFirstUse(curve: KeyCurve) async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            #expect(try await wallet.holderDIDs().isEmpty)
            let made = try await wallet.holderDID(curve: curve)
            #expect(made.did.hasPrefix("did:key:z") && made.verificationMethod == "\(made.did)#\(made.did.dropFirst("did:key:".count))")
            #expect(try await wallet.holderDID(curve: curve) == made)
            #expect(try await wallet.holderDIDs() == [made])
            // The DID is the secure-area key: what it signs verifies under the key the DID resolves to.
            let resolved = try DIDKey.publicKey(of: try DIDIdentifier(made.did))
            let signer = try await wallet.signer(for: made)
            #expect(signer.publicKey == resolved)
            let message = Data("challenge".utf8)
            #expect(try resolved.verify(try await signer.sign(message), for: message, algorithm: signer.algorithm))
        }
    }

    @Test("Ed25519 by default; another curve is another DID; a curve not offered is refused")
    func curves() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let ed25519 = try await wallet.holderDID()
            #expect(ed25519.curve == .ed25519 && ed25519.did.hasPrefix("did:key:z6Mk"))
            let p256 = try await wallet.holderDID(curve: .p256)
            #expect(p256.did.hasPrefix("did:key:zDn") && p256 != ed25519)
            await #expect(throws: WalletError.self) { _ = try await wallet.holderDID(curve: .p384) }
            #expect(try await wallet.holderDIDs().map(\.curve) == [.ed25519, .p256])
        }
    }

    @Test("kept across a reopen, sealed at rest, and a row moved to another id does not open")
    func sealedAndKept() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, files in
            let first = try await wallet.holderDID()
            let second = try await wallet.makeHolderDID()
            #expect(!(try files.allFileBytes()).contains(Data(first.did.utf8)))
            try await wallet.close()
            let reopened = try await CredentialWallet.open(at: files.directory, passphrase: "correct horse battery staple")
            #expect(try await reopened.holderDIDs() == [first, second])
            try await reopened.close()
            let database = try files.rawDatabase()
            try await database.write { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, body FROM holder_did ORDER BY created_at, id")
                let firstBody: Data = rows[0]["body"]
                let secondID: String = rows[1]["id"]
                try db.execute(sql: "UPDATE holder_did SET body = ? WHERE id = ?", arguments: [firstBody, secondID])
            }
            let tampered = try await CredentialWallet.open(at: files.directory, passphrase: "correct horse battery staple")
            await #expect {
                _ = try await tampered.holderDIDs()
            } throws: { error in
                if case .corruptedRecord(let table, _)? = error as? WalletError { return table == "holder_did" }
                return false
            }
            try await tampered.close()
            // withCredentialWallet closes `wallet` again: closing twice is harmless.
        }
    }

    @Test("the key of a holder DID cannot be deleted from under it")
    func keyInUse() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            let did = try await wallet.holderDID()
            await #expect(throws: WalletError.keyInUse(keyID: did.keyID)) { try await wallet.store.deleteKey(id: did.keyID) }
            #expect(try await wallet.holderDIDs() == [did])
        }
    }
}

import Foundation
import GRDB
import JSONModel
import OpenDID
import Sandbox
import Testing
@testable import Wallet

/// The DID documents a holder trusts for Open DID credentials: added only when their proofs
/// verify, kept sealed under a keyed hash of the DID, listed and removed by DID and version.
@Suite("CredentialWallet: trusted DID documents")
struct WalletTrustedDIDDocumentTests {
    func withWallet(_ body: (CredentialWallet, TemporaryWallet) async throws -> Void) async throws {
        try await TemporaryWallet.withCredentialWallet(body)
    }

    @Test("added, listed (every version) and removed by DID and version; the same bytes twice keep one copy")
    func addListRemove() async throws {
        try await withWallet { wallet, _ in
            let issuer = SandboxOpenDIDParty()
            let first = try await issuer.documentJSON()
            let added = try await wallet.addTrustedDIDDocument(first)
            #expect(added.did == issuer.did && added.versionId == "1" && added.json == first)
            #expect(added.id == "\(issuer.did)?versionId=1")
            try await wallet.addTrustedDIDDocument(first)
            try await wallet.addTrustedDIDDocument(try await issuer.documentJSON(versionId: "2"))
            #expect(try await wallet.trustedDIDDocuments().map(\.versionId) == ["1", "2"])

            #expect(try await wallet.removeTrustedDIDDocuments(did: issuer.did, versionId: "1") == 1)
            #expect(try await wallet.trustedDIDDocuments().map(\.versionId) == ["2"])
            #expect(try await wallet.removeTrustedDIDDocuments(did: issuer.did) == 1)
            #expect(try await wallet.removeTrustedDIDDocuments(did: issuer.did) == 0)
            #expect(try await wallet.trustedDIDDocuments().isEmpty)
        }
    }

    @Test("a document altered after its owner signed it, or one with no proof, is refused and nothing is stored")
    func forgedDocumentsRefused() async throws {
        try await withWallet { wallet, _ in
            let issuer = SandboxOpenDIDParty()
            var document = try await issuer.document()
            // Another key slipped in under the owner's signature.
            document.verificationMethod[0].publicKeyMultibase = try await SandboxOpenDIDParty().document().verificationMethod[0].publicKeyMultibase
            await #expect {
                try await wallet.addTrustedDIDDocument(try document.toJsonData())
            } throws: { error in
                guard case .invalidInput(let reason)? = error as? WalletError else { return false }
                return reason.contains("does not verify")
            }
            var unsigned = try await issuer.document()
            unsigned.setProofs([])
            await #expect(throws: WalletError.self) { try await wallet.addTrustedDIDDocument(try unsigned.toJsonData()) }
            await #expect(throws: WalletError.self) { try await wallet.addTrustedDIDDocument(Data("{\"id\":\"did:omn:x\"}".utf8)) }
            #expect(try await wallet.trustedDIDDocuments().isEmpty)
        }
    }

    @Test("a different document under a DID and version already trusted is refused; the first one stays")
    func conflictingVersionRefused() async throws {
        try await withWallet { wallet, _ in
            let issuer = SandboxOpenDIDParty()
            let original = try await issuer.documentJSON()
            try await wallet.addTrustedDIDDocument(original)
            let impostor = SandboxOpenDIDParty(did: issuer.did)
            await #expect(throws: WalletError.self) { try await wallet.addTrustedDIDDocument(try await impostor.documentJSON()) }
            #expect(try await wallet.trustedDIDDocuments().map(\.json) == [original])
        }
    }

    @Test("the wallet file does not show which DIDs are trusted: rows are keyed by a keyed hash, bodies sealed")
    func sealedAtRest() async throws {
        try await withWallet { wallet, files in
            let issuer = SandboxOpenDIDParty()
            try await wallet.addTrustedDIDDocument(try await issuer.documentJSON())
            let database = try files.rawDatabase()
            let ids = try await database.read { db in try String.fetchAll(db, sql: "SELECT id || did_index FROM trusted_did_document") }
            #expect(ids.count == 1)
            #expect(!ids[0].contains(issuer.did))
            #expect(!(try files.allFileBytes()).contains(Data(issuer.did.utf8)))
        }
    }

    @Test("a row moved to another DID's id does not open")
    func movedRowRefused() async throws {
        try await withWallet { wallet, files in
            let first = SandboxOpenDIDParty()
            let second = SandboxOpenDIDParty()
            try await wallet.addTrustedDIDDocument(try await first.documentJSON())
            try await wallet.addTrustedDIDDocument(try await second.documentJSON())
            let database = try files.rawDatabase()
            try await database.write { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, body FROM trusted_did_document ORDER BY added_at, id")
                let firstBody: Data = rows[0]["body"]
                let secondID: String = rows[1]["id"]
                try db.execute(sql: "UPDATE trusted_did_document SET body = ? WHERE id = ?", arguments: [firstBody, secondID])
            }
            await #expect {
                _ = try await wallet.trustedDIDDocuments()
            } throws: { error in
                if case .corruptedRecord(let table, _)? = error as? WalletError { return table == "trusted_did_document" }
                return false
            }
        }
    }
}

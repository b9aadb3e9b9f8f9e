import Aries
import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import W3CCredentials

/// JSON-LD credentials over Aries (RFC 0593 `ld_proof` issuance, RFC 0510 DIF presentations):
/// the holder's proposals, its did:key and the `ldp_vc` credentials it presents.
extension CredentialWallet {
    /// The Linked Data proof type the wallet asks for and signs with: what an Ed25519 did:key
    /// makes and ACA-Py verifies.
    public static let ariesLinkedDataProofType = "Ed25519Signature2018"

    /// Proposes to be issued `credential` (a W3C credential's `@context`, `type` and
    /// `credentialSubject` claims; the issuer fills in the rest) on connection
    /// `connectionID`, about the wallet's Ed25519 holder DID (issue-credential 2.0
    /// `propose-credential` with an `aries/ld-proof-vc-detail@v1.0` filter). What the issuer
    /// answers on the same POST is applied: its offer becomes a state object waiting for the
    /// holder (state 3), as any offer does; otherwise a pull brings it.
    ///
    /// - Throws: ``WalletError/invalidInput(_:)`` for a credential that cannot be proposed
    ///   (no `@context` or `type`, another subject), ``WalletError/ariesFailed(_:)`` when the
    ///   agent cannot be reached or its answer is refused.
    public func proposeAriesCredential(
        connectionID: String, credential: JSONObject, comment: String? = nil
    ) async throws(WalletError) -> AriesMessagesReceived {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        let holder = try await holderDID(curve: .ed25519)
        let proposal: ExchangeProposal
        do {
            proposal = try ExchangeProposal.linkedDataCredential(
                credential, subject: holder.did, proofType: Self.ariesLinkedDataProofType, comment: comment)
        } catch {
            throw .invalidInput(error.description)
        }
        return try await send(proposal.message(), connection: connection, key: key)
    }

    /// Proposes to present what the DIF presentation definition `definition` describes on
    /// connection `connectionID` (present-proof 2.0 `propose-presentation`). The verifier's
    /// request, on the same POST or a later pull, becomes a ``DisclosedProof`` waiting for
    /// the holder (state 3), answered from the stored `ldp_vc` credentials.
    ///
    /// - Throws: ``WalletError/invalidInput(_:)`` for a definition this wallet could not
    ///   answer, ``WalletError/ariesFailed(_:)`` when the agent cannot be reached or its
    ///   answer is refused.
    public func proposeDisclosedProof(
        connectionID: String, definition: JSONObject, comment: String? = nil
    ) async throws(WalletError) -> AriesMessagesReceived {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        let proposal: ExchangeProposal
        do { proposal = try ExchangeProposal.presentation(definition: definition, comment: comment) } catch {
            throw .invalidInput(error.description)
        }
        return try await send(proposal.message(), connection: connection, key: key)
    }

    /// For each input descriptor of DIF presentation request `id`, the stored credentials
    /// that answer it (their wallet ids, the first being the one presented): what a person is
    /// shown before ``sendDisclosedProof(id:returnRoute:)``. Empty for a request of another
    /// format.
    public func linkedDataCandidates(forDisclosedProof id: String) async throws(WalletError) -> [String: [String]] {
        guard let attachment = try await disclosedProof(id: id).exchange.request.attachment(.difDefinition),
              let request = try? DIFPresentationRequest(attachment.object())
        else { return [:] }
        let held = try await ariesLinkedDataCredentials(holder: holderDID(curve: .ed25519))
        return await request.candidates(among: held.map(\.json)).mapValues { $0.map { held[$0].id } }
    }

    /// The JSON-LD side of the wallet's Aries holder: its Ed25519 holder DID (made on first
    /// use, its key in the secure area) and the stored `ldp_vc` credentials bound to that
    /// DID's key (``ariesLinkedDataCredentials(holder:)``) — read, and their derived proofs
    /// made, only when `presenting`: an issuance needs the DID alone.
    func ariesLinkedDataHolder(presenting: Bool) async throws(WalletError) -> W3CHolder {
        let did = try await holderDID(curve: .ed25519)
        let credentials = presenting ? try await ariesLinkedDataCredentials(holder: did).map(\.json) : []
        do { return try W3CHolder(signer: try await signer(for: did), credentials: credentials) } catch {
            throw .cryptoFailure("the holder DID's key: \(error)")
        }
    }

    /// The stored `ldp_vc` credentials bound to `holder`'s key, as a DIF presentation carries
    /// them: an ecdsa-sd-2023 one under a proof derived for the whole credential, so its base
    /// proof never leaves the wallet.
    func ariesLinkedDataCredentials(holder: HolderDID) async throws(WalletError) -> [(id: String, json: JSONValue)] {
        var credentials: [(id: String, json: JSONValue)] = []
        for stored in try await store.credentials(format: .ldpVC) where stored.holderKeyID == holder.keyID {
            guard let json = try? JSONValue(parsing: stored.payload, limits: LDPVCInspector.parserLimits) else { continue }
            credentials.append((stored.id, try await LDPVCDisclosure.presented(json, disclosing: nil, id: stored.id)))
        }
        return credentials
    }

    /// Stores a JSON-LD credential the exchange checked (exactly the one requested, its proof
    /// made by the issuer) after the wallet's own verification, bound to the holder DID's key.
    func storeLinkedData(_ document: JSONValue, holder: AriesHolder) async throws(WalletError) -> String {
        let did = try await holderDID(curve: .ed25519)
        guard holder.w3c?.did == did.did else {
            throw .ariesFailed(.refused(.credentialRefused(reason: "the credential is not about the wallet's holder DID")))
        }
        return try await addCredential(ReceivedCredential(format: .ldpVC, payload: document.serialized(), holderKeyID: did.keyID)).id
    }
}

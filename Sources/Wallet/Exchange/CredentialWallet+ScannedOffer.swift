import Foundation
import JSONModel
import QRExchange
import W3CCredentials

extension CredentialWallet {
    /// Accepts a credential offer fetched from `url` (a Credible-style `CredentialOffer`):
    /// refuses it when it has expired, POSTs the holder's DID as `subject_id`, and stores what
    /// comes back only when it is a W3C credential that verifies in full, was issued by the
    /// issuer the offer previewed, has every type the preview named, and names the holder's
    /// DID as every subject.
    ///
    /// The holder DID is the wallet's Ed25519 did:key (made on first use); its key is stored
    /// as the credential's holder key, which is what lets the wallet present it later.
    /// (Credible stores whatever the issuer answers; a wallet that does cannot tell its
    /// credentials from anyone else's.)
    ///
    /// - Throws: ``WalletError/exchangeFailed(_:)`` for an expired offer, a server error or an
    ///   answer that is not JSON, ``WalletError/credentialRejected(_:)`` for a credential
    ///   that does not pass; nothing is stored then.
    public func acceptExchangeOffer(
        _ offer: QRCredentialOffer, at url: URL, client: QRExchangeClient, policy: ExchangePolicy = ExchangePolicy()
    ) async throws(WalletError) -> VerifiedCredential {
        do {
            try policy.check(offer, at: now)
        } catch {
            throw .exchangeFailed(error)
        }
        let holder = try await holderDID()
        let issued: JSONObject
        do {
            issued = try await client.acceptOffer(at: url, subjectID: holder.did)
        } catch {
            throw .exchangeFailed(error)
        }
        return try await addCredential(exchangeCredential(issued, holder: holder, previewing: offer))
    }

    /// Stores every credential of the presentation a VC-API exchange delivered at its end,
    /// each verified in full and bound to the holder's DID — all of them or none.
    ///
    /// - Throws: ``WalletError/credentialRejected(_:)`` for the first that does not pass.
    @discardableResult
    public func storeExchangeDelivery(_ presentation: JSONObject) async throws(WalletError) -> [VerifiedCredential] {
        let holder = try await holderDID()
        let delivered: [JSONValue] = switch presentation["verifiableCredential"] {
        case .array(let values)?: values
        case let value?: [value]
        case nil: []
        }
        var received: [ReceivedCredential] = []
        for value in delivered {
            guard let object = value.objectValue else {
                throw .credentialRejected(.unsupportedFormat("the exchange delivered a credential that is not a JSON credential"))
            }
            received.append(try exchangeCredential(object, holder: holder, previewing: nil))
        }
        return try await addCredentials(received)
    }

    /// A credential an exchange issued to `holder`, checked against the offer's preview when
    /// there is one, ready for the wallet's full verification.
    func exchangeCredential(
        _ issued: JSONObject, holder: HolderDID, previewing offer: QRCredentialOffer?
    ) throws(WalletError) -> ReceivedCredential {
        let payload = JSONValue.object(issued).serialized()
        if let offer {
            let credential: VerifiableCredential
            do {
                credential = try LDPVCInspector.decode(payload)
            } catch {
                throw .credentialRejected(.malformed("the issuer's answer is not a W3C credential: \(error)"))
            }
            if let previewed = offer.issuer, previewed != credential.issuer {
                throw .credentialRejected(.failedValidation([VerificationFailure(
                    .untrustedIssuer, "the credential is issued by \(credential.issuer), the offer previewed \(previewed)")]))
            }
            let missing = offer.types.filter { !credential.types.contains($0) }
            if !missing.isEmpty {
                throw .credentialRejected(.failedValidation([VerificationFailure(
                    .unexpectedType, "the credential is not of the offered type \(missing.joined(separator: ", "))")]))
            }
        }
        guard LDPVCPlugIn().bindsHolder(payload) else {
            throw .credentialRejected(.failedValidation([VerificationFailure(
                .holderKeyMismatch, "the credential's subject is not the holder's DID \(holder.did)")]))
        }
        return ReceivedCredential(format: .ldpVC, payload: payload, holderKeyID: holder.keyID)
    }
}

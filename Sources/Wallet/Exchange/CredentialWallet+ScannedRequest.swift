import CryptoKeys
import DID
import Foundation
import JSONModel
import QRExchange
import W3CCredentials

extension CredentialWallet {
    /// For each credential query of `request` (`QueryByExample`), the stored W3C credentials
    /// that answer it: the example's types and contexts, one of its trusted issuers when it
    /// names any; only credentials held with their holder key, within their validity period
    /// and not found invalid at their last verification, best match first.
    public func exchangeCandidates(for request: VerifiablePresentationRequest) async throws(WalletError) -> [ExchangeCandidates] {
        let time = now
        let held = try await listCredentials().filter {
            $0.format == .ldpVC && $0.holderKeyID != nil && $0.lastVerified != false
                && !$0.validity.isExpired(at: time) && !$0.validity.isNotYetValid(at: time)
        }
        var documents: [JSONObject] = []
        var summaries: [CredentialSummary] = []
        for summary in held {
            let stored = try await store.credential(id: summary.id)
            guard let object = try? JSONValue(parsing: stored.payload, limits: LDPVCInspector.parserLimits).objectValue else { continue }
            documents.append(object)
            summaries.append(summary)
        }
        let matcher = QueryByExampleMatcher()
        return request.credentialQueries.map { query in
            ExchangeCandidates(query: query, credentials: matcher.candidates(documents, for: query).map { summaries[$0] })
        }
    }

    /// Answers `request`, fetched from `url`, with the credentials `credentialIDs` (none for a
    /// DID authentication alone): checks it under `policy` (a challenge, a domain equal to
    /// `url`'s host) before anything is made, signs a presentation as `format` with the holder
    /// DID the credentials are bound to, POSTs it as the form field `presentation` and logs it.
    ///
    /// - Throws: ``WalletError/exchangeFailed(_:)`` when the request breaks the policy or the
    ///   verifier does not answer 2xx; ``WalletError/presentationFailed(_:)`` when the
    ///   credentials cannot be presented.
    @discardableResult
    public func answerPresentationRequest(
        _ request: VerifiablePresentationRequest, from url: URL, credentialIDs: [String],
        format: ExchangePresentationFormat = .linkedData, client: QRExchangeClient, policy: ExchangePolicy = ExchangePolicy()
    ) async throws(WalletError) -> ExchangePresentation {
        do {
            try policy.check(request, from: url)
        } catch {
            throw .exchangeFailed(error)
        }
        let presentation = try await makeExchangePresentation(for: request, credentialIDs: credentialIDs, format: format)
        do {
            try await client.submitPresentation(presentation.formValue, to: url)
        } catch {
            try? await recordPresentation(credentialIDs: credentialIDs, verifier: url.host, disclosedClaims: [], outcome: "failed")
            throw .exchangeFailed(error)
        }
        try await recordPresentation(credentialIDs: credentialIDs, verifier: url.host, disclosedClaims: [], outcome: "accepted")
        return presentation
    }

    /// A presentation answering `request` with the stored credentials `credentialIDs`: a fresh
    /// `urn:uuid:` id, `holder` the holder DID that every credential is bound to (the
    /// wallet's Ed25519 DID when there are none), the credentials as stored (an ecdsa-sd-2023
    /// one whole under a derived proof, never its base proof), and a proof for
    /// `authentication` with the request's challenge and domain.
    public func makeExchangePresentation(
        for request: VerifiablePresentationRequest, credentialIDs: [String], format: ExchangePresentationFormat = .linkedData
    ) async throws(WalletError) -> ExchangePresentation {
        var credentials: [JSONValue] = []
        var keyIDs: Set<String> = []
        for id in credentialIDs {
            let stored = try await store.credential(id: id)
            guard stored.format == .ldpVC else { throw .credentialUnusable(id: id, reason: "\(stored.format) is not presented in a scanned exchange") }
            guard let keyID = stored.holderKeyID else { throw .credentialUnusable(id: id, reason: "it is held without its holder key") }
            guard let json = try? JSONValue(parsing: stored.payload, limits: LDPVCInspector.parserLimits) else {
                throw .credentialUnusable(id: id, reason: "the stored credential no longer parses")
            }
            keyIDs.insert(keyID)
            // Nothing in a scanned request selects claims: an ecdsa-sd-2023 credential goes
            // whole, under a derived proof (its base proof never leaves the wallet).
            credentials.append(try await LDPVCDisclosure.presented(json, disclosing: nil, id: id))
        }
        guard keyIDs.count <= 1 else { throw .invalidSelection("the credentials are bound to different holder keys; present them separately") }
        // The holder is the DID the credentials are bound to: one of the wallet's DIDs, or the
        // did:key of the key an OpenID4VCI issuance bound them to; the wallet's Ed25519 DID
        // for a DID authentication alone.
        let holder: String
        let verificationMethod: String
        let signer: SecureAreaSigner
        if let keyID = keyIDs.first {
            signer = try await secureArea.signer(keyID: keyID)
            if let listed = try await holderDIDs().first(where: { $0.keyID == keyID }) {
                (holder, verificationMethod) = (listed.did, listed.verificationMethod)
            } else {
                guard let did = try? DIDKey.make(for: signer.publicKey) else {
                    throw .invalidSelection("the credentials' holder key has no did:key")
                }
                (holder, verificationMethod) = (did.description, DIDKey.verificationMethod(of: did))
            }
        } else {
            let own = try await holderDID()
            signer = try await self.signer(for: own)
            (holder, verificationMethod) = (own.did, own.verificationMethod)
        }
        let unsigned = ExchangePresentationBuilder(holder: holder, credentials: credentials).unsignedPresentation()
        switch format {
        case .linkedData:
            return .linkedData(try await ExchangePresentationBuilder.signLinkedData(
                unsigned, holder: holder, verificationMethod: verificationMethod, signer: signer,
                challenge: request.challenge, domain: request.domain, now: now))
        case .jwt:
            // A VCDM 1.1 VP-JWT (as Credible's verifiers read them): the challenge as `nonce`,
            // the domain as `aud`, five minutes of life.
            do {
                return .jwt(try await JOSECredentialSigner.sign(
                    .object(unsigned), form: .vcJWT, keyID: verificationMethod, signer: signer, audience: request.domain,
                    nonce: request.challenge, issuedAt: now, expiresAt: now.addingTimeInterval(300)))
            } catch {
                throw .cryptoFailure("the presentation could not be signed: \(error)")
            }
        }
    }
}

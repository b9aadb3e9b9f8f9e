import Foundation
import HTTP
import QRExchange
import Sandbox
import Wallet

extension DemoCommand {
    /// Part 5: the scan-a-URL flows of seed 000 — a W3C credential offer scanned and verified,
    /// then a DID authentication and a query by example answered, each checked by the
    /// sandbox's own verifier.
    func runScanPart(issuer: SandboxIssuer, wallet: CredentialWallet, transcript: inout DemoTranscript) async throws {
        print("\n5. Scanning links (W3C credentials, Credible's flows)")
        let client = QRExchangeClient(httpClient: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30))))
        let holder = try await wallet.holderDID()
        print("   the wallet's DID: \(holder.did.prefix(32))… (did:key, Ed25519, made on first use)")

        let (offerExchange, offerURL) = try await issuer.createExchange(.offer)
        print("   scanned: \(offerURL.absoluteString)")
        try await wallet.trustExchangeHost(offerURL.host ?? "")
        print("   Trust \(offerURL.host ?? "")? the user says yes (remembered for this wallet)")
        guard case .credentialOffer(let offer) = try await client.message(at: offerURL) else {
            transcript.check("the link holds a CredentialOffer", false)
            return
        }
        print("   offer: \(offer.types.filter { $0 != "VerifiableCredential" }.joined(separator: ", ")) from \(offer.issuer?.prefix(32) ?? "?")…")
        let diploma = try await wallet.acceptExchangeOffer(offer, at: offerURL, client: client)
        transcript.check(
            "\(diploma.credentialType ?? "the credential") (ldp_vc, eddsa-rdfc-2022) verified and stored: its issuer is the preview's, its subject is the wallet's DID",
            diploma.verificationResult.verified && diploma.format == .ldpVC)
        transcript.check("the issuer saw the wallet's DID as subject_id", try await issuer.exchange(id: offerExchange.id).holder == holder.did)

        let (authentication, authenticationURL) = try await issuer.createExchange(.didAuthentication)
        guard case .presentationRequest(let didRequest) = try await client.message(at: authenticationURL) else {
            transcript.check("the link holds a VerifiablePresentationRequest", false)
            return
        }
        print("   DIDAuthentication request: challenge \(didRequest.challenge?.prefix(8) ?? "-")…, domain \(didRequest.domain ?? "-")")
        try await wallet.answerPresentationRequest(didRequest, from: authenticationURL, credentialIDs: [], client: client)
        transcript.check(
            "the verifier accepted a presentation signed by the wallet's DID for its challenge and domain",
            try await issuer.exchange(id: authentication.id).state == .completed)

        let (query, queryURL) = try await issuer.createExchange(.queryByExample)
        guard case .presentationRequest(let queryRequest) = try await client.message(at: queryURL) else {
            transcript.check("the link holds a VerifiablePresentationRequest", false)
            return
        }
        let candidates = try await wallet.exchangeCandidates(for: queryRequest)
        let chosen = candidates.compactMap { $0.credentials.first?.id }
        print("   QueryByExample for \(queryRequest.credentialQueries.flatMap(\.types).joined(separator: ", ")): the wallet offers \(chosen.map { String($0.prefix(8)) + "…" }.joined(separator: ", "))")
        transcript.check("the diploma is the one credential that answers the query", chosen == [diploma.id])
        try await wallet.answerPresentationRequest(queryRequest, from: queryURL, credentialIDs: chosen, client: client)
        transcript.check(
            "the verifier accepted the presentation of the diploma (its proof, its issuer, its subject = the holder)",
            try await issuer.exchange(id: query.id).state == .completed)
        try await runSelectiveDisclosure(issuer: issuer, wallet: wallet, transcript: &transcript)
    }

    /// An ecdsa-sd-2023 credential claimed over OpenID4VCI and presented over OpenID4VP with a
    /// derived proof: the verifier sees the two claims it asked for and the mandatory ones.
    private func runSelectiveDisclosure(issuer: SandboxIssuer, wallet: CredentialWallet, transcript: inout DemoTranscript) async throws {
        let offer = try await issuer.createOffer(for: [.employeeSD])
        let claimed = try await wallet.retrieveCredentials(from: try await wallet.discoverCredentialOffer(offer.byReferenceLink))
        print("   an employee credential (ecdsa-sd-2023) claimed over OpenID4VCI: \(claimed.first?.error == nil ? "base proof verified, stored" : "refused")")
        let request = try await issuer.createPresentationRequest(query: SandboxPresentationQuery.employeeSD.dcqlQuery)
        let proposal = try await wallet.preparePresentation(requestURI: request.link)
        let asked = proposal.disclosedClaims().values.flatMap { $0 }.map(\.displayPath)
        print("   the verifier asks for \(asked.joined(separator: " and ")); the wallet derives a proof revealing only those (and issuer, validity, subject id)")
        let result = try await wallet.present(proposal)
        let seen = try await issuer.presentationOutcome(transactionID: request.transactionID)?.presentations.first?
            .claims["credentialSubject"]?.objectValue?.keys ?? []
        transcript.check(
            "the verifier accepted the derived proof and saw of the employee only \(seen.filter { $0 != "id" }.sorted().joined(separator: ", "))",
            result.isAccepted && Set(seen) == ["id", "givenName", "jobTitle"])
    }
}

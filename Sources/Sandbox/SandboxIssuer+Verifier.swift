import Foundation
import JSONModel
import OpenID4VP

/// The sandbox's OpenID4VP verifier, served on the same port under `/verifier/`.
extension SandboxIssuer {
    /// Starts a presentation request for a DCQL `query`; the link is what a wallet opens, the
    /// page shows it as a QR code.
    public func createPresentationRequest(
        query: JSONValue, responseMode: ResponseMode = .directPostJWT, authentication: VerifierAuthentication = .x509SANDNS,
        requestURIMethod: String? = nil
    ) async throws -> (link: String, transactionID: String, pageURL: URL) {
        let verifier = try running().verifier
        let (link, id) = try await verifier.createRequest(
            query: query, responseMode: responseMode, requestURIMethod: requestURIMethod, authentication: authentication)
        return (link, id, verifier.baseURL.appendingPathComponent("verifier/requests/\(id)/page"))
    }

    /// What the verifier concluded about a request's response, once one arrived.
    public func presentationOutcome(transactionID: String) async throws(SandboxError) -> PresentationOutcome? {
        let verifier = try running().verifier
        return await verifier.outcome(transactionID: transactionID)
    }

    /// The verifier's root certificate (PEM), for a wallet to trust for `x509_*` requests.
    public func verifierRootPEM() throws -> String {
        try running().verifier.identity.rootPEM
    }
}

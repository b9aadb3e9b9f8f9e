import CBOR
import CryptoKeys
import Foundation
import JSONModel
import MDoc
import Multiformats
import SDJWT

/// Builds the presentations a `vp_token` carries, bound to one request as OpenID4VP 1.0
/// Appendix B requires.
///
/// - SD-JWT VC: exactly the disclosures for the chosen claim paths, and a KB-JWT with
///   `aud` = the full client identifier, the request's `nonce`, and
///   `transaction_data_hashes` over the transaction data entries that name this credential
///   query.
/// - mdoc: a DeviceResponse with only the chosen elements and a device signature over the
///   OpenID4VP handover SessionTranscript (client identifier, nonce, the JWK thumbprint of the
///   response encryption key or null, and the response or redirect URI), or over the Digital
///   Credentials API the DC API handover (origin, nonce, thumbprint).
public struct PresentationFactory: Sendable {
    /// The request being answered.
    public let request: AuthorizationRequest
    /// The clock for the KB-JWT's `iat`.
    public let clock: @Sendable () -> Date

    public init(request: AuthorizationRequest, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.request = request
        self.clock = clock
    }

    /// An SD-JWT VC presentation disclosing `paths`, with a key-binding JWT by `holderKey`.
    public func sdJWTPresentation(
        of credential: ProcessedSDJWT, disclosing paths: [ClaimPath], forQuery queryID: String, holderKey: some Signer
    ) async throws(OpenID4VPError) -> String {
        let entries = request.transactionData.filter { $0.credentialIDs.contains(queryID) }
        let keyBinding = KeyBindingRequest(
            audience: request.audience, nonce: request.nonce, issuedAt: clock(), transactionData: entries.map(\.encoded),
            transactionDataHashAlgorithm: try Self.transactionDataHashAlgorithm(for: entries))
        do {
            return try await credential.presentation(disclosing: paths, keyBinding: keyBinding, signer: holderKey).serialized
        } catch {
            throw .presentationFailed("the SD-JWT presentation could not be made: \(error)")
        }
    }

    /// An SD-JWT VC presentation disclosing `paths` with no Key Binding JWT, for a query that
    /// does not require holder binding (Appendix B.3: `require_cryptographic_holder_binding`
    /// false lets the Wallet return the SD-JWT alone), typically a credential bound to no
    /// key. Refused for a query that requires binding or carries transaction data, which
    /// only a KB-JWT can bind.
    public func sdJWTPresentationWithoutKeyBinding(
        of credential: ProcessedSDJWT, disclosing paths: [ClaimPath], forQuery queryID: String
    ) throws(OpenID4VPError) -> String {
        let query = request.dcqlQuery?.credentials.first { $0.id == queryID }
        guard query?.requiresCryptographicHolderBinding == false else {
            throw .presentationFailed("credential query \(queryID) requires holder binding")
        }
        guard !request.transactionData.contains(where: { $0.credentialIDs.contains(queryID) }) else {
            throw .presentationFailed("credential query \(queryID) carries transaction data, which needs a Key Binding JWT")
        }
        do {
            return try credential.presentation(disclosing: paths).serialized
        } catch {
            throw .presentationFailed("the SD-JWT presentation could not be made: \(error)")
        }
    }

    /// The one hash a KB-JWT's `transaction_data_hashes` can use for `entries`: the first,
    /// in the first entry's order of preference, that every entry accepts and this wallet
    /// supports (Appendix B.3.3.1: it MUST be one of the values each request names).
    static func transactionDataHashAlgorithm(for entries: [TransactionData]) throws(OpenID4VPError) -> SDHashAlgorithm {
        guard let first = entries.first else { return .sha256 }
        for name in first.hashAlgorithms {
            guard let algorithm = SDHashAlgorithm(rawValue: name), entries.allSatisfy({ $0.hashAlgorithms.contains(name) }) else {
                continue
            }
            return algorithm
        }
        throw .unsupportedTransactionData("no hash algorithm that every transaction data entry accepts is supported")
    }

    /// The SessionTranscript an mdoc presentation for this request is bound to.
    public func sessionTranscript() throws(OpenID4VPError) -> SessionTranscript {
        if case let .digitalCredentialsAPI(origin, _) = request.channel {
            let thumbprint = request.responseMode.isEncrypted
                ? try ResponseEncryption(metadata: request.clientMetadata).keyThumbprint : nil
            return SessionTranscript.openID4VPDigitalCredentialsAPI(origin: origin, nonce: request.nonce, jwkThumbprint: thumbprint)
        }
        guard let destination = request.responseDestination?.absoluteString else {
            throw .presentationFailed("the request has no response or redirect URI to bind the mdoc presentation to")
        }
        let thumbprint = request.responseMode.isEncrypted
            ? try ResponseEncryption(metadata: request.clientMetadata).keyThumbprint : nil
        return SessionTranscript.openID4VP(
            clientID: request.audience, nonce: request.nonce, jwkThumbprint: thumbprint, responseURI: destination)
    }

    /// An mdoc presentation (base64url DeviceResponse) of `elements` (namespace → element
    /// identifiers), device-signed by `deviceKey`.
    public func mdocPresentation(
        of credential: IssuerSigned, elements: [String: [String]], deviceKey: some Signer
    ) async throws(OpenID4VPError) -> String {
        let transcript = try sessionTranscript()
        do {
            let document = try await DeviceResponseBuilder.document(
                from: credential, elements: elements, sessionTranscript: transcript, authentication: .signature(deviceKey))
            return Base64URL.encode(DeviceResponse(documents: [document]).cbor.encoded())
        } catch {
            throw .presentationFailed("the mdoc presentation could not be made: \(error)")
        }
    }
}

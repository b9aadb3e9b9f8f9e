import CryptoKeys
import Foundation
import JSONModel
import OpenID4VCI

extension CredentialWallet {
    /// Requests, validates and stores (for the claim in progress) the credentials of one
    /// offered configuration; on any failure destroys the holder keys made for it and reports
    /// why. Never throws: one configuration's failure does not stop the others. Returns, for
    /// credentials stored, what to notify the issuer of once the claim is committed.
    func retrieve(
        _ offered: OfferedCredential, with retrieval: CredentialRetrieval
    ) async -> (RetrieveCredentialResult, [VerifiedCredential], AcceptedIssuance?) {
        func result(_ ids: [String] = [], _ error: WalletError.Retrieval? = nil) -> RetrieveCredentialResult {
            RetrieveCredentialResult(
                configurationID: offered.configurationID, docType: offered.typeName, format: offered.format,
                credentialIDs: ids, error: error)
        }
        guard let format = storableFormat(offered.format) else {
            return (result([], .failedToRetrieveCredential("format \(offered.format) is not supported")), [], nil)
        }
        var keys: [SecureAreaKey] = []
        do throws(WalletError.Retrieval) {
            let options = try retrieval.clientOptions(for: offered.configuration)
            keys = try await makeHolderKeys(retrieval.keyCount(bindsKeys: options.proofRequirements != nil || options.diVPRequirements != nil), options: options)
            let issued = try await request(offered, format: format, keys: keys, options: options, retrieval: retrieval)
            retrieval.options.progress?(.storingCredential(configurationID: offered.configurationID))
            let received = try Self.received(
                issued, format: format, keys: keys, issuer: retrieval.displayInfo(for: offered.configuration),
                expectedType: offered.docType ?? offered.vct)
            let stored: [VerifiedCredential]
            do throws(WalletError) {
                stored = try await addCredentials(received)
            } catch {
                await notify(issued, .credentialFailure, retrieval: retrieval, options: options)
                throw Self.retrievalError(error)
            }
            let accepted = AcceptedIssuance(issued: issued, retrieval: retrieval, options: options)
            return (result(stored.map(\.id)), stored, accepted)
        } catch {
            // Best effort: a key left behind (the task cancelled, say) is the claim's, and
            // goes with its commit or rollback.
            for key in keys { try? await secureArea.deleteKey(keyID: key.id) }
            return (result([], error), [], nil)
        }
    }

    /// The wallet format for an OpenID4VCI format identifier (`vc+sd-jwt` is the draft name
    /// of `dc+sd-jwt`), as the format plug-ins declare them; `nil` for formats the wallet
    /// does not store.
    func storableFormat(_ identifier: String) -> CredentialFormat? {
        formats.plugIn(forProtocolIdentifier: identifier)?.format
    }

    /// `count` fresh holder keys on a curve the issuer's proof algorithms allow.
    func makeHolderKeys(_ count: Int, options: CredentialClientOptions) async throws(WalletError.Retrieval) -> [SecureAreaKey] {
        guard count > 0 else { return [] }
        guard let curve = CredentialRetrieval.curve(for: options, supported: secureArea.supportedCurves) else {
            let algorithms = options.proofRequirements?.signingAlgorithms ?? options.diVPRequirements?.cryptosuites ?? []
            throw .failedToRetrieveCredential(
                "the issuer accepts key proofs signed with \(algorithms.joined(separator: ", ")), which this wallet's keys cannot make")
        }
        var keys: [SecureAreaKey] = []
        for _ in 0..<count {
            do {
                keys.append(try await createHolderKey(curve: curve))
            } catch {
                for key in keys { try? await secureArea.deleteKey(keyID: key.id) }
                throw .failedToRetrieveCredential("could not make a holder key: \(error)")
            }
        }
        return keys
    }

    /// Asks the credential endpoint (and the deferred endpoint, when the issuer defers).
    func request(
        _ offered: OfferedCredential, format: CredentialFormat, keys: [SecureAreaKey], options: CredentialClientOptions,
        retrieval: CredentialRetrieval
    ) async throws(WalletError.Retrieval) -> [IssuedCredential] {
        var holderKeys: [HolderKey] = []
        let attests = options.proofRequirements?.requiresKeyAttestation == true || retrieval.profile.requiresKeyAttestation
        for key in keys {
            do {
                holderKeys.append(HolderKey(
                    signer: try await holderKeySigner(keyID: key.id),
                    keyAttestationProvider: attests ? SecureAreaKeyAttestation(area: secureArea, keyID: key.id) : nil))
            } catch {
                throw .failedToRetrieveCredential("holder key \(key.id) cannot sign: \(error)")
            }
        }
        let token = retrieval.authorized.accessToken
        let client = CredentialClient(
            httpClient: httpClient, endpoints: retrieval.endpoints, accessToken: token, dpop: retrieval.authorized.dpop,
            options: options, clock: configuration.clock, sleep: retrieval.options.sleep)
        retrieval.options.progress?(.requestingCredential(configurationID: offered.configurationID))
        do throws(OpenID4VCIError) {
            let target = CredentialRequest.Target.forConfiguration(offered.configurationID, accessToken: token)
            switch try await client.requestCredential(target, format: offered.format, holderKeys: holderKeys) {
            case .issued(let credentials):
                guard !credentials.isEmpty else { throw .invalidResponse(endpoint: .credential, reason: "no credentials") }
                return credentials
            case .deferred(let handle):
                retrieval.options.progress?(.awaitingDeferredCredential(configurationID: offered.configurationID))
                return try await client.awaitDeferred(handle, maximumAttempts: retrieval.options.maximumDeferredPolls)
            }
        } catch {
            throw Self.retrievalError(error)
        }
    }

    /// The issued credentials as the wallet receives them, each with the holder key it binds
    /// (``HolderKeyPairing``: a batch need not come back in the order of its proofs).
    static func received(
        _ issued: [IssuedCredential], format: CredentialFormat, keys: [SecureAreaKey], issuer: ReceivedCredential.IssuerDisplay,
        expectedType: String?
    ) throws(WalletError.Retrieval) -> [ReceivedCredential] {
        var received: [ReceivedCredential] = []
        for credential in issued {
            switch credential.credential {
            case .string(let text):
                do throws(WalletError) {
                    received.append(try ReceivedCredential(
                        format: format, credential: text, holderKeyID: nil, issuer: issuer, expectedType: expectedType))
                } catch {
                    throw Self.retrievalError(error)
                }
            case .object(let object):
                // A JSON credential (`ldp_vc`) is kept as the JSON it is; a format whose
                // credentials are strings refuses it when it is inspected.
                guard format == .ldpVC else {
                    throw .credentialNotAdded(.malformed("a \(format.rawValue) credential must be a string, not a JSON object"))
                }
                received.append(ReceivedCredential(
                    format: format, payload: JSONValue.object(object).serialized(), holderKeyID: nil, issuer: issuer,
                    expectedType: expectedType))
            }
        }
        for (position, keyID) in HolderKeyPairing.keyIDs(for: received, keys: keys).enumerated() {
            received[position].holderKeyID = keyID
        }
        return received
    }

    /// Tells the issuer what became of the credentials (best effort: a notification failure
    /// changes nothing in the wallet).
    func notify(
        _ issued: [IssuedCredential], _ event: NotificationEvent, retrieval: CredentialRetrieval, options: CredentialClientOptions
    ) async {
        guard retrieval.options.sendsNotifications, retrieval.metadata.notificationEndpoint != nil else { return }
        let client = CredentialClient(
            httpClient: httpClient, endpoints: retrieval.endpoints, accessToken: retrieval.authorized.accessToken,
            dpop: retrieval.authorized.dpop, options: options, clock: configuration.clock)
        for id in Set(issued.compactMap(\.notificationID)) {
            try? await client.notify(id, event: event)
        }
    }
}

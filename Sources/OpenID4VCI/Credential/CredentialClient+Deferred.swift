import Foundation
import JSONModel

extension CredentialClient {
    /// Polls the deferred credential endpoint once (OpenID4VCI 1.0 §9): the credentials, or
    /// the handle updated with the issuer's new `interval`.
    ///
    /// Uses the handle's endpoints and access token, with this client's DPoP key and
    /// encryption settings.
    public func pollDeferred(_ handle: DeferredCredentialHandle) async throws(OpenID4VCIError) -> CredentialIssuanceOutcome {
        guard let url = handle.endpoints.deferredCredential else {
            throw .invalidCredentialRequest("the issuer deferred issuance but has no deferred credential endpoint")
        }
        try checkProfile()
        let response = try await exchange(
            url, body: ["transaction_id": .string(handle.transactionID)], format: handle.format,
            endpoint: .deferredCredential, accessToken: handle.accessToken)
        switch response {
        case let .issued(credentials, notificationID):
            let issued = credentials.map { IssuedCredential(credential: $0, format: handle.format, notificationID: notificationID) }
            for credential in issued { try options.profile.check(credential) }
            return .issued(issued)
        case let .deferred(transactionID, interval):
            guard transactionID == handle.transactionID else {
                throw .invalidResponse(endpoint: .deferredCredential, reason: "the transaction_id changed")
            }
            var next = handle
            next.interval = interval
            next.notBefore = clock().addingTimeInterval(TimeInterval(interval))
            return .deferred(next)
        }
    }

    /// Waits out each `interval` and polls until the credentials arrive, at most
    /// `maximumAttempts` times; then throws
    /// ``OpenID4VCIError/deferredIssuancePending(transactionID:attempts:)`` so the caller can
    /// keep the handle and come back later. For issuers whose `interval` is hours, persist the
    /// handle and call ``pollDeferred(_:)`` when the time comes instead of waiting here.
    public func awaitDeferred(
        _ handle: DeferredCredentialHandle, maximumAttempts: Int = 5
    ) async throws(OpenID4VCIError) -> [IssuedCredential] {
        var handle = handle
        for _ in 0..<max(0, maximumAttempts) {
            let wait = handle.notBefore.timeIntervalSince(clock())
            if wait > 0 {
                do {
                    try await sleep(.milliseconds(Int64((wait * 1000).rounded(.up))))
                } catch {
                    throw .transport(endpoint: .deferredCredential, .cancelled)
                }
            }
            switch try await pollDeferred(handle) {
            case let .issued(credentials): return credentials
            case let .deferred(next): handle = next
            }
        }
        throw .deferredIssuancePending(transactionID: handle.transactionID, attempts: max(0, maximumAttempts))
    }
}

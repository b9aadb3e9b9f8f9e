import Foundation

/// The proof type a credential request uses, chosen once from the options: `jwt` when the
/// configuration takes it, else `di_vp`, else none (the credential binds no key).
enum KeyProofMaker: Sendable {
    case jwt(JWTProofBuilder)
    case diVP(DIVPProofBuilder)

    init?(options: CredentialClientOptions, clock: @escaping @Sendable () -> Date) {
        if let requirements = options.proofRequirements {
            self = .jwt(JWTProofBuilder(
                credentialIssuer: options.credentialIssuer, clientID: options.clientID, requirements: requirements, clock: clock,
                profile: options.profile))
        } else if let requirements = options.diVPRequirements {
            self = .diVP(DIVPProofBuilder(
                credentialIssuer: options.credentialIssuer, requirements: requirements, clock: clock, profile: options.profile))
        } else {
            return nil
        }
    }

    func check(_ keys: [HolderKey], batchSize: Int?) throws(OpenID4VCIError) {
        switch self {
        case let .jwt(builder): try builder.check(keys, batchSize: batchSize)
        case let .diVP(builder): try builder.check(keys, batchSize: batchSize)
        }
    }

    func proofs(for keys: [HolderKey], nonce: String?, batchSize: Int?) async throws(OpenID4VCIError) -> CredentialProofs {
        switch self {
        case let .jwt(builder): try await builder.proofs(for: keys, nonce: nonce, batchSize: batchSize)
        case let .diVP(builder): try await builder.proofs(for: keys, nonce: nonce, batchSize: batchSize)
        }
    }
}

import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VCI

/// One claim's state after authorization: the token, and the choices that hold for every
/// configuration.
struct CredentialRetrieval: Sendable {
    let authorized: AuthorizedIssuance
    /// The client id for key proofs' `iss`; `nil` for anonymous pre-authorized access.
    let clientID: String?
    /// The profile the offer was discovered under.
    let profile: IssuanceProfile
    let options: CredentialRetrievalOptions

    var metadata: CredentialIssuerMetadata { authorized.issuerMetadata }

    var endpoints: CredentialIssuerEndpoints {
        CredentialIssuerEndpoints(
            credential: metadata.credentialEndpoint, nonce: metadata.nonceEndpoint,
            deferredCredential: metadata.deferredCredentialEndpoint, notification: metadata.notificationEndpoint)
    }

    /// How many credentials to ask for: none when the configuration takes no key proofs (the
    /// credential binds no key), else one per holder key within the issuer's batch size.
    func keyCount(bindsKeys: Bool) -> Int {
        guard bindsKeys else { return 0 }
        let wanted = max(1, options.credentialsPerConfiguration)
        guard let batchSize = metadata.batchSize, batchSize > 1 else { return 1 }
        return min(wanted, batchSize)
    }

    /// The credential client's options for `configuration`, from the issuer's metadata and
    /// the wallet's preferences: `jwt` key proofs when the configuration takes them, else
    /// `di_vp` presentations (OpenID4VCI 1.0 Appendix F.2), else a refusal naming the types
    /// it wants.
    func clientOptions(for configuration: CredentialConfiguration) throws(WalletError.Retrieval) -> CredentialClientOptions {
        var requirements: JWTProofRequirements?
        var diVPRequirements: DIVPProofRequirements?
        if let jwt = configuration.proofTypes["jwt"] {
            requirements = JWTProofRequirements(
                signingAlgorithms: jwt.signingAlgorithms, requiresKeyAttestation: jwt.keyAttestationsRequired != nil)
        } else if let diVP = configuration.proofTypes["di_vp"] {
            diVPRequirements = DIVPProofRequirements(cryptosuites: diVP.signingAlgorithms)
        } else if !configuration.proofTypes.isEmpty {
            let types = configuration.proofTypes.keys.sorted().joined(separator: ", ")
            throw .failedToRetrieveCredential("\(configuration.id) wants key proofs of type \(types); Vellum makes `jwt` and `di_vp` proofs")
        }
        let count = keyCount(bindsKeys: requirements != nil || diVPRequirements != nil)
        var options = CredentialClientOptions(
            credentialIssuer: metadata.credentialIssuer.absoluteString, clientID: clientID, proofRequirements: requirements,
            diVPRequirements: diVPRequirements, batchSize: count > 1 ? metadata.batchSize : nil, profile: profile)
        try chooseEncryption(&options)
        return options
    }

    /// Encrypts responses when the issuer requires it or the wallet prefers it and the issuer
    /// can (and then requests too, as 1.0 §8.2 demands); encrypts requests the issuer
    /// requires encrypted. Choices are deterministic: the first usable key, A256GCM before A128GCM.
    func chooseEncryption(_ options: inout CredentialClientOptions) throws(WalletError.Retrieval) {
        let requestMetadata = metadata.credentialRequestEncryption
        let requestKey = requestMetadata?.keys.first { key in
            key.kid?.isEmpty == false && (key.alg.flatMap(JWEKeyManagementAlgorithm.init(rawValue:))?.isKeyAgreement ?? false)
        }
        var wantsRequestEncryption = requestMetadata?.encryptionRequired ?? false
        if let response = metadata.credentialResponseEncryption,
            response.encryptionRequired || options.responseEncryption == nil && self.options.prefersEncryptedResponses
        {
            let usable = response.algorithms.contains("ECDH-ES") && requestKey != nil
            if let encryption = Self.contentEncryption(from: response.encryptionMethods), usable {
                options.responseEncryption = CredentialResponseEncryption(contentEncryption: encryption)
                wantsRequestEncryption = true
            } else if response.encryptionRequired {
                throw .failedToRetrieveCredential(
                    "the issuer requires encrypted responses with algorithms and keys Vellum cannot use (ECDH-ES with A128GCM/A256GCM and a request key)")
            }
        }
        guard wantsRequestEncryption else { return }
        guard let requestKey, let encryption = Self.contentEncryption(from: requestMetadata?.encryptionMethods ?? []) else {
            throw .failedToRetrieveCredential("the issuer requires encrypted requests but lists no usable ECDH-ES key or A128GCM/A256GCM")
        }
        options.requestEncryption = CredentialRequestEncryption(issuerKey: requestKey, contentEncryption: encryption)
    }

    /// A256GCM when offered, else A128GCM, else nothing.
    static func contentEncryption(from methods: [String]) -> JWEContentEncryptionAlgorithm? {
        if methods.contains("A256GCM") { return .a256GCM }
        if methods.contains("A128GCM") { return .a128GCM }
        return nil
    }

    /// The curve for holder keys that can sign the algorithms the issuer accepts (P-256 when
    /// it names none).
    static func curve(for algorithms: [String]) -> KeyCurve? {
        if algorithms.isEmpty || algorithms.contains("ES256") { return .p256 }
        if algorithms.contains("ES384") { return .p384 }
        if algorithms.contains("ES512") { return .p521 }
        if algorithms.contains("EdDSA") || algorithms.contains("Ed25519") { return .ed25519 }
        return nil
    }

    /// The curve for holder keys the proofs of `options` can be made with, among those the
    /// secure area has: for `jwt` by algorithm, for `di_vp` by cryptosuite (P-256 first, as
    /// for JWTs).
    static func curve(for options: CredentialClientOptions, supported: Set<KeyCurve>) -> KeyCurve? {
        if options.proofRequirements == nil, let diVP = options.diVPRequirements {
            return diVP.curve(among: [.p256, .ed25519, .p384].filter(supported.contains))
        }
        return curve(for: options.proofRequirements?.signingAlgorithms ?? []).flatMap { supported.contains($0) ? $0 : nil }
    }

    /// What the wallet keeps about the issuer and the configuration for display.
    func displayInfo(for configuration: CredentialConfiguration) -> ReceivedCredential.IssuerDisplay {
        ReceivedCredential.IssuerDisplay(
            credentialIssuer: metadata.credentialIssuer.absoluteString, issuerDisplay: metadata.json["display"],
            credentialDisplay: configuration.json["credential_metadata"]?["display"] ?? configuration.json["display"],
            credentialConfigurationID: configuration.id,
            claims: configuration.json["credential_metadata"]?["claims"] ?? configuration.json["claims"])
    }
}

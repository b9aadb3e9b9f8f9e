import CryptoKeys
import DID
import Foundation
import HTTP
import JSONModel
import W3CCredentials

/// Verifies a stored W3C credential secured with an embedded proof (`ldp_vc`) as of
/// `context.now`: the evidence it carries (type, issuer, subject claims, validity) and the
/// judgement, with a typed failure per reason.
///
/// In order: the JSON is a VC Data Model 1.1 or 2.0 credential (W3CCredentials' rules); every
/// proof verifies for `assertionMethod` (an ecdsa-sd-2023 base proof as its holder checks it:
/// every statement's signature and the issuer's over them), with keys resolved from the DIDs offline and
/// contexts from the bundled set (never the network); the `issuer` is a DID and each proof's
/// verification method is one of its keys; then the validity period with the wallet's clock
/// skew; then, when the wallet holds a key for it, that every `credentialSubject.id` is a DID
/// that authenticates with that key — the holder binding of a W3C credential.
enum LDPVCInspector {
    /// The largest credential read, in bytes.
    static let maximumBytes = 1 << 20

    /// The JSON read limits: a credential is a small document.
    static let parserLimits = JSONParser.Limits(maximumSize: maximumBytes, maximumDepth: 64, maximumStringLength: 256 << 10, maximumMembers: 4_096)

    static func inspect(_ payload: Data, context: InspectionContext, resolver: any DIDResolver = DIDResolverRegistry.offline()) async -> CredentialInspection {
        var inspection = CredentialInspection()
        let credential: VerifiableCredential
        do {
            credential = try decode(payload)
        } catch {
            inspection.fail(.malformedCredential, "not a W3C verifiable credential: \(error)")
            return inspection
        }
        inspection.credentialType = primaryType(of: credential)
        inspection.issuer = credential.issuer
        inspection.issuerName = credential.json["issuer"]?["name"]?.stringValue
        inspection.claims = .json(subjectClaims(of: credential))
        inspection.validity = CredentialValidity(
            issuedAt: credential.issuanceDate ?? credential.validFrom, validFrom: credential.validFrom ?? credential.issuanceDate,
            validUntil: credential.validUntil ?? credential.expirationDate)
        inspection.status = credential.credentialStatus.isEmpty ? .none : .notChecked("the wallet does not check status")

        if !EmbeddedProofVerifier.isDID(credential.issuer) {
            inspection.fail(.untrustedIssuer, "the issuer \(credential.issuer) is not a DID, so no key can be checked to be its own")
        }
        do {
            _ = try await EmbeddedProofVerifier(resolver: resolver).verify(
                credential.json, policy: .holderReceipt(now: context.now), controller: credential.issuer)
        } catch .notControllersKey(let method, let controller) {
            inspection.fail(.untrustedIssuer, "the proof is made with \(method), not a key of the issuer \(controller)")
        } catch {
            inspection.fail(.invalidSignature, "the proof does not verify: \(error)")
        }
        inspection.checkDates(at: context.now)
        if !credential.credentialStatus.isEmpty, let client = context.w3cStatusClient, inspection.statusIsMeaningful {
            await checkStatus(of: credential, client: client, resolver: resolver, now: context.now, into: &inspection)
        }
        if let holderKey = context.holderKey,
           let mismatch = await holderMismatch(key: holderKey, subjects: credential.credentialSubjects, resolver: resolver) {
            inspection.fail(.holderKeyMismatch, mismatch)
        }
        return inspection
    }

    /// Reads every `credentialStatus` entry through W3CCredentials' `CredentialStatusChecker`
    /// (the list credential fetched, its own proof and issuer checked): revoked or suspended
    /// by any entry fails the credential; a list that cannot be reached or used reads
    /// `unknown` (which a receipt accepts, as for token status lists).
    static func checkStatus(
        of credential: VerifiableCredential, client: any HTTPClient, resolver: any DIDResolver, now: Date,
        into inspection: inout CredentialInspection
    ) async {
        let results = await CredentialStatusChecker(httpClient: client, resolver: resolver, now: now).check(credential)
        inspection.status = .valid
        for (_, status) in results {
            switch status {
            case .valid: continue
            case .revoked: inspection.record(.invalid)
            case .suspended: inspection.record(.suspended)
            case .flagged(_, let value, _): inspection.record(.other(value))
            case .unreachable(let error), .invalidList(let error): inspection.record(.unknown(error))
            case .invalidEntry(let reason):
                inspection.status = .unknown(reason)
                inspection.fail(.statusUnknown, "the credential's status entry cannot be used: \(reason)")
            }
            return
        }
    }

    /// The credential, or why the bytes are not one.
    static func decode(_ payload: Data) throws(DecodingFailure) -> VerifiableCredential {
        guard payload.count <= maximumBytes else { throw .tooLarge }
        guard let json = try? JSONValue(parsing: payload, limits: parserLimits) else { throw .notJSON }
        do {
            return try VerifiableCredential(json: json)
        } catch {
            throw .dataModel(error)
        }
    }

    /// Why stored bytes are not a W3C credential.
    enum DecodingFailure: Error, CustomStringConvertible {
        case tooLarge
        case notJSON
        case dataModel(CredentialError)

        var description: String {
            switch self {
            case .tooLarge: "over \(LDPVCInspector.maximumBytes) bytes"
            case .notJSON: "not JSON within the wallet's limits"
            case .dataModel(let error): error.description
            }
        }
    }

    /// The most specific type: the last one that is not the generic `VerifiableCredential`.
    static func primaryType(of credential: VerifiableCredential) -> String {
        credential.types.last { $0 != "VerifiableCredential" } ?? "VerifiableCredential"
    }

    /// The claims as the wallet shows and matches them: the subject's members, or — for a
    /// credential about several subjects — each subject's under its index.
    static func subjectClaims(of credential: VerifiableCredential) -> JSONObject {
        if credential.credentialSubjects.count == 1, let only = credential.credentialSubjects.first { return only }
        var claims = JSONObject()
        for (index, subject) in credential.credentialSubjects.enumerated() { claims[String(index)] = .object(subject) }
        return claims
    }

    /// Why `key` is not the holder every subject names, or `nil` when each subject's `id` is a
    /// DID whose document lists `key` for authentication.
    static func holderMismatch(key: PublicKey, subjects: [JSONObject], resolver: any DIDResolver) async -> String? {
        for subject in subjects {
            guard let id = subject["id"]?.stringValue, let did = try? DIDIdentifier(id) else {
                return "the credential's subject has no DID, so it is bound to no holder key"
            }
            guard let document = try? await resolver.resolve(did).document,
                  let methods = try? document.verificationMethods(for: .authentication),
                  methods.contains(where: { (try? $0.publicKey()) == key })
            else { return "the subject \(id) does not authenticate with the holder key" }
        }
        return nil
    }
}

import AnonCreds
import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenDID
import StatusList
import X509
import X509Trust

/// What a verification of one credential is run against: the time, the trusted roots, the
/// holder key the credential must bind, and how to reach status lists.
struct InspectionContext: Sendable {
    /// The verification time.
    var now: Date
    /// The certificates trusted for issuer chains.
    var anchors: [TrustedCertificate]
    /// The key the credential must bind (`cnf.jwk`, the MSO device key); `nil` skips the check.
    var holderKey: PublicKey?
    /// The Open DID DID documents the holder trusts (issuers' and the holder's own).
    var didDocuments: [DIDDocument] = []
    /// The holder's AnonCreds link secret, when the wallet has one.
    var linkSecret: LinkSecret?
    /// The transport for W3C Bitstring Status List credentials; `nil` when status is not to
    /// be checked.
    var w3cStatusClient: (any HTTPClient)?
    /// A status list resolver for the credential signed by `issuerKey` under `issuerChain`
    /// (DER, leaf first); `nil` when status is not to be checked.
    var statusResolver: (@Sendable (_ issuerKey: PublicKey, _ issuerChain: [Data]) async -> StatusListResolver)?

    /// The anchors as a store for `ChainValidator`.
    var anchorStore: TrustAnchorStore {
        TrustAnchorStore(anchors.compactMap { try? Certificate(derEncoded: Array($0.derBytes)) })
    }
}

/// Everything one verification found: the evidence read from the credential (type, issuer,
/// claims, validity, certificates) and the judgement (failures, status).
struct CredentialInspection: Sendable {
    var credentialType: String?
    var issuer: String?
    /// The issuer's name as the credential itself states it (Open DID's `issuer.name`), for
    /// when the issuance carried no display name.
    var issuerName: String?
    var claims: CredentialClaims = .unavailable
    var validity = CredentialValidity()
    var signer: Certificate?
    /// The SHA-256 fingerprint of the trusted certificate an x5c chain ended at.
    var anchorFingerprint: String?
    /// The trusted DID document (`did?versionId=N`) whose key an Open DID proof was checked with.
    var anchorDIDDocument: String?
    var failures: [VerificationFailure] = []
    var status: CredentialStatus = .none

    /// Adds `failure` unless one of its kind is already recorded.
    mutating func fail(_ failure: VerificationFailure) {
        guard !failures.contains(where: { $0.kind == failure.kind }) else { return }
        failures.append(failure)
    }

    mutating func fail(_ kind: VerificationFailure.Kind, _ message: String) { fail(VerificationFailure(kind, message)) }

    /// Tolerated clock skew between the issuer and this device, in seconds: `ClockSkew.standard`,
    /// the validators' own default (`SDJWTVerifier`, `IssuerSignedValidator`), so the wallet's
    /// date check does not refuse what they accepted.
    static let clockSkewLeeway: TimeInterval = ClockSkew.standard.seconds

    /// Adds `expired` / `notYetValid` from the dates when validation stopped before them.
    mutating func checkDates(at now: Date) {
        if let until = validity.validUntil, now.timeIntervalSince(until) > Self.clockSkewLeeway {
            fail(.expired, "the credential expired at \(until)")
        }
        if let from = validity.validFrom, from.timeIntervalSince(now) > Self.clockSkewLeeway {
            fail(.notYetValid, "the credential is not valid before \(from)")
        }
    }

    /// Records the status list answer, failing for anything but VALID.
    mutating func record(_ result: StatusResult?) {
        switch result {
        case nil: status = .none
        case .valid?: status = .valid
        case .invalid?:
            status = .revoked
            fail(.statusRevoked, "the status list says the credential is revoked")
        case .suspended?:
            status = .suspended
            fail(.statusSuspended, "the status list says the credential is suspended")
        case .other(let value)?:
            status = .other(value)
            fail(.statusUnknown, "the status list holds the value 0x\(String(value, radix: 16))")
        case .unknown(let error)?:
            status = .unknown(error.description)
            fail(.statusUnknown, "the status list could not be used: \(error)")
        }
    }

    /// Whether the failures allow asking for the status (a trusted, intact credential).
    var statusIsMeaningful: Bool {
        !failures.contains { [.untrustedIssuer, .invalidSignature, .malformedCredential].contains($0.kind) }
    }

    /// The failures accepted when receiving a credential: an unreachable status list.
    var blockingFailures: [VerificationFailure] {
        failures.filter { $0.kind != .statusUnknown }
    }

    func result(at time: Date) -> VerificationResult { VerificationResult(failures: failures, status: status, checkedAt: time) }
}

/// Turns chain-validation failures into the wallet's reasons.
enum ChainJudgement {
    /// An expired trusted root is `trustedIssuerCertificateExpired` (checked first: a
    /// profile-conforming signer expires with its root, and the root is the cause); an
    /// expired signer or intermediate under a valid root is `signerCertificateExpired`;
    /// anything else means the issuer is not (or no longer) trusted. `presented` is the chain
    /// as the credential carries it, leaf first.
    static func failure(
        for error: X509TrustError, presented: [Certificate], context: InspectionContext
    ) -> VerificationFailure {
        switch error {
        case .expired, .notYetValid:
            if let root = issuingAnchor(of: presented, in: context.anchors),
               root.certificate.notValidAfter < context.now || root.certificate.notValidBefore > context.now {
                return VerificationFailure(
                    .trustedIssuerCertificateExpired,
                    "the trusted issuer certificate '\(root.trusted.subject)' is valid only until \(root.certificate.notValidAfter)")
            }
            if case .expired(let subject, let date) = error {
                return VerificationFailure(.signerCertificateExpired, "the issuer certificate '\(subject)' expired at \(date)")
            }
            return VerificationFailure(.signerCertificateExpired, error.description)
        default:
            return VerificationFailure(.untrustedIssuer, error.description)
        }
    }

    /// The trusted certificate that issued the top of `presented` (same name, valid signature).
    static func issuingAnchor(
        of presented: [Certificate], in anchors: [TrustedCertificate]
    ) -> (trusted: TrustedCertificate, certificate: Certificate)? {
        guard let top = presented.last else { return nil }
        for trusted in anchors {
            guard let anchor = try? Certificate(derEncoded: Array(trusted.derBytes)), anchor.subject == top.issuer,
                  anchor.publicKey.isValidSignature(top.signature, for: top)
            else { continue }
            return (trusted, anchor)
        }
        return nil
    }

    /// The lowercase hex SHA-256 of the certificate's DER, as trusted certificates are named.
    static func fingerprint(_ certificate: Certificate) -> String {
        WalletStore.fingerprint(of: Data(certificate.derBytes))
    }

    /// The subject's common name.
    static func commonName(_ certificate: Certificate) -> String? {
        WalletStore.commonName(of: certificate.subject)
    }
}

import CBOR
import COSE
import CryptoKeys
import Foundation
import StatusList
import X509
import X509Trust

/// Validates the issuer-signed part of an mdoc (18013-5 §9.3.1): evidence first (the MSO, the
/// document signer certificate, the candidate chain), then the rules, each a step with its
/// own failure in ``MDocValidationReport``. The document signer's chain is validated before
/// its signature is checked: when the chain is not trusted, the signature step is reported as
/// skipped (``signatureNotChecked``) and the chain's failure is the document's.
///
/// The rules are properties a caller replaces rather than flags: the accepted algorithms, the
/// chain policies (by default the Annex B IACA and Document Signer profiles), and the status
/// policy. Time comes from ``clock`` or the `at:` argument, never from the system directly, so
/// an old document can be checked as of its date.
public struct IssuerSignedValidator: Sendable {
    /// How a status that is not ``StatusResult/valid`` is treated.
    public enum StatusPolicy: Sendable, Hashable {
        /// Anything but `valid` fails, including an unreachable list (the draft's SHOULD).
        case requireValid
        /// `invalid`, `suspended` and an index outside the list fail
        /// (``StatusResult/requiresRejection``); any other unknown status (list unreachable)
        /// is accepted.
        case rejectRevokedOnly
    }

    /// The IACA certificates trusted as roots.
    public var trustAnchors: TrustAnchorStore
    /// The rules every chain must meet besides validity and RFC 5280.
    public var chainPolicies: [any TrustPolicy]
    /// The issuerAuth algorithms accepted.
    public var acceptedAlgorithms: Set<COSEAlgorithm>
    /// Where to check the MSO's `status`, `nil` to skip status checks.
    public var statusResolver: StatusListResolver?
    /// How a non-valid status is treated.
    public var statusPolicy: StatusPolicy
    /// The time source used when no `at:` is given.
    public var clock: @Sendable () -> Date
    /// Tolerated clock skew for `validityInfo`, in seconds; default `ClockSkew.standard` (60 s). Issuers commonly set
    /// `signed` and `validFrom` to the second of issuance, so a device whose clock runs a
    /// little behind the issuer's would otherwise refuse a credential just issued to it.
    public var leeway: TimeInterval
    /// Limits for the structures checked.
    public var limits: MDocLimits

    /// The algorithms 18013-5 §9.1.3.6 lists for issuerAuth (ES256/384/512, EdDSA) and their
    /// fully specified forms.
    public static let defaultAlgorithms: Set<COSEAlgorithm> = [
        .es256, .es384, .es512, .edDSA, .esp256, .esp384, .esp512, .ed25519,
    ]

    /// A validator trusting `trustAnchors` under the Annex B profiles.
    public init(
        trustAnchors: TrustAnchorStore,
        chainPolicies: [any TrustPolicy] = [IACAProfilePolicy(), DocumentSignerProfilePolicy()],
        acceptedAlgorithms: Set<COSEAlgorithm> = IssuerSignedValidator.defaultAlgorithms,
        statusResolver: StatusListResolver? = nil,
        statusPolicy: StatusPolicy = .requireValid,
        limits: MDocLimits = .default,
        clock: @escaping @Sendable () -> Date = { Date() }, leeway: TimeInterval = ClockSkew.standard.seconds
    ) {
        self.leeway = leeway
        self.trustAnchors = trustAnchors
        self.chainPolicies = chainPolicies
        self.acceptedAlgorithms = acceptedAlgorithms
        self.statusResolver = statusResolver
        self.statusPolicy = statusPolicy
        self.limits = limits
        self.clock = clock
    }

    /// The issuer-data steps, in order.
    public static let steps: [MDocValidationStep] = [
        .algorithm, .issuerSignature, .certificateChain, .docType, .digests, .validity, .deviceKeyBinding, .status,
    ]

    /// Validates `issuerSigned` presented as a `docType` document (the MSO's own docType when
    /// `nil`), at `time` (the clock when `nil`); `expectedDeviceKey` is the key the wallet
    /// asked the issuer to bind, when known.
    public func validate(
        _ issuerSigned: IssuerSigned, docType: String? = nil, expectedDeviceKey: PublicKey? = nil, at time: Date? = nil
    ) async -> MDocValidationReport {
        let now = time ?? clock()
        let mso = issuerSigned.issuerAuth.mobileSecurityObject
        let claimedDocType = docType ?? mso.docType
        var report = MDocValidationReport(docType: claimedDocType)
        do throws(MDocError) {
            let sign1 = issuerSigned.issuerAuth.sign1
            let algorithm = try checkAlgorithm(sign1)
            report.record(.algorithm, .passed(algorithm.description))

            // The chain first: a key no trusted chain vouches for proves nothing by verifying
            // a signature, so an untrusted document signer's signature is not checked at all.
            let chain = try Self.certificates(issuerSigned.issuerAuth.certificateChain)
            let trusted: TrustedChain
            do throws(X509TrustError) {
                trusted = try await ChainValidator(anchors: trustAnchors, policies: chainPolicies)
                    .validate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: now).get()
            } catch {
                report.record(.issuerSignature, .skipped(Self.signatureNotChecked))
                throw .untrustedDocumentSigner(error)
            }
            let signer = try documentSignerKey(chain[0])
            try verifySignature(sign1, key: signer)
            report.record(.issuerSignature, .passed("signed by the x5chain document signer"))
            report.record(.certificateChain, .passed("\(trusted.certificates.count) certificate(s) to a trusted IACA"))

            guard mso.docType == claimedDocType else {
                throw .docTypeMismatch(document: claimedDocType, mobileSecurityObject: mso.docType)
            }
            report.record(.docType, .passed(mso.docType))

            let count = try Self.checkDigests(issuerSigned)
            report.record(.digests, .passed("\(count) element(s) match \(mso.digestAlgorithmName) digests"))

            try Self.checkValidity(mso.validityInfo, documentSigner: chain[0], at: now, leeway: leeway)
            report.record(.validity, .passed("valid until \(mso.validityInfo.validUntil)"))

            let deviceKey = try Self.deviceKey(of: mso)
            if let expectedDeviceKey {
                guard deviceKey == expectedDeviceKey else { throw .deviceKeyMismatch }
                report.record(.deviceKeyBinding, .passed("the MSO binds the expected device key"))
            } else {
                report.record(.deviceKeyBinding, .skipped("no expected device key given"))
            }

            let status = try await checkStatus(
                mso, issuer: StatusListReferencingIssuer(key: signer, certificateChain: issuerSigned.issuerAuth.certificateChain))
            report.record(.status, status.outcome)

            report.verified = VerifiedDocument(
                docType: mso.docType, mobileSecurityObject: mso, issuerElements: issuerSigned.elements,
                documentSignerChain: trusted, deviceKey: deviceKey, status: status.result)
        } catch {
            report.record(Self.steps.first { report.outcome(of: $0) == nil } ?? .status, .failed(error))
            report.skipRest(Self.steps)
        }
        return report
    }

    /// Why the issuerAuth signature is not checked when the document signer is not trusted.
    public static let signatureNotChecked = "not checked: the document signer does not chain to a trusted IACA"

    func checkAlgorithm(_ sign1: COSESign1) throws(MDocError) -> COSEAlgorithm {
        try Self.requireProtectedAlgorithm(sign1.protected.headers, path: "issuerAuth")
        let algorithm: COSEAlgorithm
        do throws(COSEError) {
            algorithm = try sign1.algorithm()
        } catch {
            throw .unsupportedAlgorithm("\(sign1.protected.headers.rawAlgorithm.map { "\($0)" } ?? "none")")
        }
        guard acceptedAlgorithms.contains(algorithm), algorithm.signatureAlgorithm != nil else {
            throw .unsupportedAlgorithm(algorithm.description)
        }
        return algorithm
    }

    /// Parses `x5chain` once (document signer first), within the chain length limit.
    static func certificates(_ chain: [Data]) throws(MDocError) -> [Certificate] {
        guard !chain.isEmpty else { throw .missingDocumentSignerCertificate }
        guard chain.count <= ChainValidator.maximumChainLength else {
            throw .untrustedDocumentSigner(.inputTooLarge(limit: ChainValidator.maximumChainLength))
        }
        var certificates: [Certificate] = []
        for (index, der) in chain.enumerated() {
            guard der.count <= TrustAnchorStore.maximumCertificateBytes else {
                throw .untrustedDocumentSigner(.inputTooLarge(limit: TrustAnchorStore.maximumCertificateBytes))
            }
            do {
                certificates.append(try Certificate(derEncoded: Array(der)))
            } catch {
                throw .untrustedDocumentSigner(.malformedCertificate(index: index, reason: "\(error)"))
            }
        }
        return certificates
    }

    func documentSignerKey(_ certificate: Certificate) throws(MDocError) -> PublicKey {
        do throws(X509TrustError) {
            return try certificate.subjectKey.publicKey
        } catch {
            throw .untrustedDocumentSigner(error)
        }
    }

    func verifySignature(_ sign1: COSESign1, key: PublicKey) throws(MDocError) {
        do throws(COSEError) {
            try sign1.verify(with: key)
        } catch .invalidSignature, .algorithmMismatch {
            throw .issuerSignatureInvalid
        } catch {
            throw .cose(error)
        }
    }

    /// Checks every presented item against the MSO; returns how many were checked.
    static func checkDigests(_ issuerSigned: IssuerSigned) throws(MDocError) -> Int {
        let mso = issuerSigned.issuerAuth.mobileSecurityObject
        guard let algorithm = mso.digestAlgorithm else { throw .unsupportedDigestAlgorithm(mso.digestAlgorithmName) }
        var count = 0
        for (nameSpace, items) in issuerSigned.nameSpaces.sorted(by: { $0.key < $1.key }) {
            guard let digests = mso.valueDigests[nameSpace] else { throw .unknownNameSpace(nameSpace) }
            var seen = Set<UInt64>(minimumCapacity: items.count)
            for bytes in items {
                let id = bytes.item.digestID
                guard seen.insert(id).inserted else { throw .duplicateDigestID(nameSpace: nameSpace, digestID: id) }
                guard let expected = digests[id] else { throw .missingDigest(nameSpace: nameSpace, digestID: id) }
                guard algorithm.digest(of: bytes.taggedBytes, matches: expected) else {
                    throw .digestMismatch(nameSpace: nameSpace, elementIdentifier: bytes.item.elementIdentifier, digestID: id)
                }
                count += 1
            }
        }
        return count
    }

    /// 18013-5 puts `alg` in the protected header of issuerAuth and of the device signature
    /// or MAC (RFC 9052 §3.1: authenticated where it can be); an unprotected one could be
    /// swapped in transit, so it is refused.
    static func requireProtectedAlgorithm(_ protected: COSEHeaders, path: String) throws(MDocError) {
        guard protected.rawAlgorithm != nil else {
            throw .invalidStructure(path: path, reason: "alg must be in the protected header")
        }
    }

    static func checkValidity(
        _ validity: ValidityInfo, documentSigner: Certificate, at now: Date, leeway: TimeInterval
    ) throws(MDocError) {
        guard validity.validFrom >= validity.signed else {
            throw .invalidValidityInfo("validFrom \(validity.validFrom) is before signed \(validity.signed)")
        }
        guard validity.validUntil > validity.validFrom else {
            throw .invalidValidityInfo("validUntil \(validity.validUntil) is not after validFrom \(validity.validFrom)")
        }
        guard validity.signed >= documentSigner.notValidBefore, validity.signed <= documentSigner.notValidAfter else {
            throw .invalidValidityInfo("signed \(validity.signed) is outside the document signer certificate's validity")
        }
        guard validity.signed.timeIntervalSince(now) <= leeway else {
            throw .invalidValidityInfo("signed \(validity.signed) is in the future")
        }
        guard validity.validFrom.timeIntervalSince(now) <= leeway else { throw .notYetValid(validFrom: validity.validFrom) }
        guard now.timeIntervalSince(validity.validUntil) <= leeway else { throw .expired(validUntil: validity.validUntil) }
    }

    static func deviceKey(of mso: MobileSecurityObject) throws(MDocError) -> PublicKey {
        do throws(COSEError) {
            return try mso.deviceKeyInfo.deviceKey.publicKey()
        } catch {
            throw .cose(error)
        }
    }

    /// The MSO's status from a resolver bound to `issuer`, the document signer: the list must be
    /// signed by a key bound to it (``StatusListIssuerBinding``), not by any key the
    /// resolver's lookup would trust.
    func checkStatus(
        _ mso: MobileSecurityObject, issuer: StatusListReferencingIssuer
    ) async throws(MDocError) -> (outcome: MDocStepOutcome, result: StatusResult?) {
        let reference: StatusListReference?
        do throws(StatusListError) {
            reference = try mso.statusListReference()
        } catch {
            throw .statusRejected(.unknown(error))
        }
        guard let reference else { return (.skipped("the MSO names no status list"), nil) }
        guard let statusResolver else { return (.skipped("no status resolver for \(reference)"), nil) }
        let result = await statusResolver.bound(to: issuer).status(of: reference)
        switch (result, statusPolicy) {
        case (.valid, _):
            return (.passed("\(reference): \(result)"), result)
        case (.unknown, .rejectRevokedOnly) where !result.requiresRejection:
            return (.passed("\(reference): \(result)"), result)
        default:
            throw .statusRejected(result)
        }
    }
}

import CryptoKeys
import Foundation
import HTTP
import StatusList
import X509Trust

/// A reader's whole setup for an mdoc someone hands it (a file, a presentation): the IACAs it
/// trusts, the validation time, how status lists are fetched and bound to the issuer, and
/// what device authentication needs. A caller (the `vellum verify` command, an app) fills in
/// what it was told and calls ``verify(_:)-(IssuerSigned)`` or ``verify(_:)-(DeviceResponse)``;
/// the validators and the status list resolver are assembled here, so no caller assembles one
/// the SDK could not.
///
/// The trust rules it composes:
/// - the document signer chains to ``trustAnchors`` under the Annex B profiles
///   (``IssuerSignedValidator``), as of ``time``;
/// - a status list the MSO names is fetched over ``httpClient``; a token with an `x5chain`
///   must chain to ``trustAnchors`` and its leaf be certified by the same authority as the
///   document signer, a token without one must be signed by the document signer itself
///   (``StatusListIssuerBinding``): a list signed under another trusted IACA answers for
///   nothing of this issuer's. A revoked or suspended mdoc is invalid; a list that cannot be
///   fetched is reported but does not fail a document checked offline;
/// - a DeviceResponse is a presentation: its device authentication is checked against
///   ``sessionTranscript`` (with ``readerKey`` for a `deviceMac`); without a transcript the
///   response is invalid unless ``issuerDataOnly`` asks for its issuer data alone, which the
///   result then says (``DeviceResponseVerification/issuerDataOnly``).
public struct MDocVerificationProfile: Sendable {
    /// The IACA certificates trusted.
    public var trustAnchors: TrustAnchorStore
    /// The validation time.
    public var time: Date
    /// How status lists are fetched.
    public var httpClient: any HTTPClient
    /// The presentation's session transcript, to check a DeviceResponse's device authentication.
    public var sessionTranscript: SessionTranscript?
    /// The reader's ephemeral private key, to check a `deviceMac`.
    public var readerKey: PrivateKey?
    /// Whether a DeviceResponse without its session transcript is judged on its issuer data alone.
    public var issuerDataOnly: Bool

    public init(
        trustAnchors: TrustAnchorStore, time: Date, httpClient: any HTTPClient, sessionTranscript: SessionTranscript? = nil,
        readerKey: PrivateKey? = nil, issuerDataOnly: Bool = false
    ) {
        self.trustAnchors = trustAnchors
        self.time = time
        self.httpClient = httpClient
        self.sessionTranscript = sessionTranscript
        self.readerKey = readerKey
        self.issuerDataOnly = issuerDataOnly
    }

    /// Status lists bound to the referencing document signer (see the type's rules); the
    /// validator binds it to each document's issuer.
    public var statusResolver: StatusListResolver {
        let time = time
        return StatusListResolver(
            httpClient: httpClient, keys: StatusListKeyLookup.certificateChains(to: trustAnchors, at: time),
            policy: StatusListPolicy(clock: { time }), cache: nil)
    }

    /// The issuer-data validator: Annex B chains to the anchors, revoked or suspended refused.
    public var issuerSignedValidator: IssuerSignedValidator {
        let time = time
        return IssuerSignedValidator(
            trustAnchors: trustAnchors, statusResolver: statusResolver, statusPolicy: .rejectRevokedOnly, clock: { time })
    }

    /// Validates an `IssuerSigned` (what OpenID4VCI delivers); it has no device authentication.
    public func verify(_ issuerSigned: IssuerSigned) async -> MDocValidationReport {
        await issuerSignedValidator.validate(issuerSigned)
    }

    /// Validates every document of a DeviceResponse: device authentication too when the
    /// session transcript is known, else the issuer data alone.
    public func verify(_ response: DeviceResponse) async -> DeviceResponseVerification {
        let validator = issuerSignedValidator
        var reports: [MDocValidationReport] = []
        for document in response.documents {
            if let sessionTranscript {
                reports.append(await DeviceResponseVerifier(issuerValidator: validator, readerKey: readerKey)
                    .verify(document, sessionTranscript: sessionTranscript))
            } else {
                reports.append(await validator.validate(document.issuerSigned, docType: document.docType))
            }
        }
        var failure: DeviceResponseVerification.Failure?
        if response.documents.isEmpty {
            failure = .noDocument(status: response.status)
        } else if response.status != DeviceResponse.statusOK {
            // 18013-5: a non-zero status is an error whatever documents came with it.
            failure = .statusNotOK(response.status)
        }
        return DeviceResponseVerification(
            documents: reports, deviceAuthenticationChecked: sessionTranscript != nil,
            issuerDataOnly: sessionTranscript == nil && issuerDataOnly, failure: failure)
    }
}

/// What ``MDocVerificationProfile`` found in a DeviceResponse.
public struct DeviceResponseVerification: Sendable {
    /// Why the response as a whole is refused, whatever its documents say.
    public enum Failure: Sendable, Hashable, CustomStringConvertible {
        /// The response carries no document.
        case noDocument(status: UInt64)
        /// The response reports an error status.
        case statusNotOK(UInt64)

        public var description: String {
            switch self {
            case .noDocument(let status): return "the DeviceResponse holds no document (status \(status))"
            case .statusNotOK(let status): return "the DeviceResponse reports status \(status), not OK"
            }
        }
    }

    /// Each document's report, in the response's order.
    public let documents: [MDocValidationReport]
    /// Whether device authentication was checked (the session transcript was known).
    public let deviceAuthenticationChecked: Bool
    /// Whether the documents were judged on their issuer data alone, as the profile asked.
    public let issuerDataOnly: Bool
    /// Why the response as a whole is refused.
    public let failure: Failure?

    /// Device authentication neither checked nor waived: issuer data alone does not show
    /// that the holder's device answered this session.
    public var lacksDeviceAuthentication: Bool { !deviceAuthenticationChecked && !issuerDataOnly }

    /// Whether the response is accepted: no response failure, device authentication checked
    /// or waived, and every document valid.
    public var isValid: Bool {
        failure == nil && !lacksDeviceAuthentication && !documents.isEmpty && documents.allSatisfy(\.isValid)
    }
}

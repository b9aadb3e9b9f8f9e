import CryptoKeys
import Foundation

/// The credential formats a wallet holds, each by its plug-in: what the core asks whenever a
/// credential's format matters.
///
/// A format the registry does not know can still be listed (its metadata is plain), but it is
/// neither received, verified nor presented: ``plugIn(for:)`` answers a stand-in that reports
/// it as ``VerificationFailure/Kind/unverifiableFormat``.
struct CredentialFormatRegistry: Sendable {
    /// The plug-ins, in the order they are asked.
    let plugIns: [any CredentialFormatPlugIn]

    /// A registry of `plugIns`.
    init(_ plugIns: [any CredentialFormatPlugIn]) {
        self.plugIns = plugIns
    }

    /// The formats Vellum ships: SD-JWT VC, ISO mdoc, W3C VC as JWT, Open DID, W3C VC with
    /// an embedded proof (after Open DID, whose credentials share its context), AnonCreds.
    static let standard = CredentialFormatRegistry([SDJWTVCPlugIn(), MDocPlugIn(), JWTVCPlugIn(), OpenDIDPlugIn(), LDPVCPlugIn(), AnonCredsPlugIn()])

    /// The plug-in for a stored credential's `format`.
    func plugIn(for format: CredentialFormat) -> any CredentialFormatPlugIn {
        plugIns.first { $0.format == format } ?? UnknownFormatPlugIn(format: format)
    }

    /// The plug-in that stores credentials issued or asked for as `identifier` (an
    /// OpenID4VCI or DCQL `format`), or `nil` when no plug-in does.
    func plugIn(forProtocolIdentifier identifier: String) -> (any CredentialFormatPlugIn)? {
        plugIns.first { $0.protocolIdentifiers.contains(identifier) }
    }
}

/// The stand-in for a format no plug-in handles: kept and listed, never verified or presented.
struct UnknownFormatPlugIn: CredentialFormatPlugIn {
    let format: CredentialFormat
    var protocolIdentifiers: Set<String> { [] }

    func boundKey(of payload: Data) -> PublicKey? { nil }

    func inspect(_ payload: Data, context: InspectionContext) async -> CredentialInspection {
        .unverifiable("no plug-in of this wallet verifies \(format.rawValue) credentials")
    }
}

extension CredentialInspection {
    /// The inspection of a credential this version keeps but cannot verify.
    static func unverifiable(_ reason: String) -> CredentialInspection {
        var inspection = CredentialInspection()
        inspection.fail(.unverifiableFormat, reason)
        inspection.status = .notChecked("not supported")
        return inspection
    }
}

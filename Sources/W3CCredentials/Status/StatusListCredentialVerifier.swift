import DID
import Foundation
import HTTP
import JSONModel
import StatusList

/// Secures a fetched status list credential for `StatusList`'s resolver: the list is only as
/// trustworthy as its credential, so its proof is verified like any other credential's — a
/// VC-JWT or `vc+jwt` through ``JOSECredentialVerifier``, an embedded `DataIntegrityProof`
/// through ``DataIntegrityVerifier`` — and it must be valid at the time of the check.
///
/// With ``issuer`` set, the list must also be issued by it: the usual rule that a status list
/// speaks only for its own issuer's credentials (anyone can publish a list with every bit set).
public struct StatusListCredentialVerifier: BitstringStatusListCredentialVerifier {
    /// Resolves the DIDs of the list's signing key.
    public var resolver: any DIDResolver
    /// The time of the check.
    public var now: Date
    /// The issuer the list must be issued by, when set.
    public var issuer: String?
    /// The largest credential read (bytes).
    public var maximumSize: Int

    /// A verifier for lists issued by `issuer` (any issuer when `nil`).
    public init(resolver: any DIDResolver = DIDResolverRegistry.offline(), now: Date = Date(), issuer: String? = nil, maximumSize: Int = 1 << 20) {
        self.resolver = resolver
        self.now = now
        self.issuer = issuer
        self.maximumSize = maximumSize
    }

    public func verifiedCredential(from response: HTTPResponse) async throws(StatusListError) -> JSONValue {
        guard response.body.count <= maximumSize else {
            throw .limitExceeded("status list credential of \(response.body.count) bytes exceeds \(maximumSize)")
        }
        let credential: VerifiableCredential
        if let token = Self.compactJWS(response.body) {
            do throws(JOSECredentialError) {
                credential = try await JOSECredentialVerifier(resolver: resolver)
                    .verifyCredential(token, policy: JOSECredentialPolicy(now: now)).credential
            } catch {
                throw Self.statusError(error)
            }
        } else {
            credential = try await dataIntegrityCredential(response.body)
        }
        if let issuer, credential.issuer != issuer {
            throw .invalidCredential("the list is issued by \(credential.issuer), not by \(issuer)")
        }
        return StatusList2021.bitstringCredential(credential.json)
    }

    /// Reads a JSON credential, checks its data model and validity, then its Data Integrity
    /// proofs for `assertionMethod`.
    private func dataIntegrityCredential(_ body: Data) async throws(StatusListError) -> VerifiableCredential {
        let json: JSONValue
        do throws(JSONError) {
            json = try JSONValue(parsing: body, limits: JSONParser.Limits(maximumSize: maximumSize, maximumDepth: 64))
        } catch {
            throw .invalidCredential("not JSON: \(error)")
        }
        let credential: VerifiableCredential
        do throws(CredentialError) {
            credential = try VerifiableCredential(json: json)
            try credential.checkValidity(at: now)
        } catch {
            throw .invalidCredential("\(error)")
        }
        do throws(DataIntegrityError) {
            _ = try await DataIntegrityVerifier(resolver: resolver).verify(json, policy: DataIntegrityProofPolicy(now: now))
        } catch {
            switch error {
            case .signatureInvalid: throw .invalidSignature
            default: throw .invalidCredential("\(error)")
            }
        }
        return credential
    }

    /// The body as a compact JWS (three base64url parts), or `nil` when it is something else.
    static func compactJWS(_ body: Data) -> String? {
        guard body.count < 1 << 24, let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            text.split(separator: ".", omittingEmptySubsequences: false).count == 3,
            text.unicodeScalars.allSatisfy({ $0 == "." || $0 == "-" || $0 == "_" || CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else { return nil }
        return text
    }

    /// A JOSE refusal in the status list's terms: a forged signature stays one.
    static func statusError(_ error: JOSECredentialError) -> StatusListError {
        switch error {
        case let .jose(jose):
            return jose == .invalidSignature ? .invalidSignature : .jose(jose)
        case let .keyResolution(reason): return .keyResolutionFailed(reason)
        default: return .invalidCredential("\(error)")
        }
    }
}

import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import StatusList
import X509Trust

/// `vellum verify` for SD-JWTs and SD-JWT VCs, in the compact or a JWS JSON serialization.
struct SDJWTVerification {
    /// Trust anchors for `x5c` chains (`--trust`).
    var anchors: TrustAnchorStore
    /// A key the user trusts outright (`--issuer-key`); replaces every other mechanism.
    var issuerKey: PublicKey?
    /// The time to verify at (`--at`); `nil` is now.
    var date: Date?
    /// Type Metadata documents the user supplied (`--type-metadata`), by `vct`.
    var typeMetadataDocuments: [String: Data] = [:]
    /// Whether a credential without obtainable Type Metadata is invalid.
    var requiresTypeMetadata = false
    /// The user's languages, most preferred first, for display names and labels.
    var locales: [String] = ["en"]

    /// Whether `text` looks like an SD-JWT: compact (a JWS, `eyJ…`, followed by `~`), or a
    /// JWS JSON serialization (general or flattened: an object with `payload` and
    /// `signatures` or `signature`).
    static func detects(_ text: String) -> Bool {
        if text.hasPrefix("eyJ") { return text.contains("~") && !text.contains(where: \.isWhitespace) }
        guard text.hasPrefix("{"), case .object(let object)? = try? JSONValue(parsing: Data(text.utf8)),
              case .string? = object["payload"]
        else { return false }
        if case .array? = object["signatures"] { return true }
        if case .string? = object["signature"] { return true }
        return false
    }

    /// The verification clock.
    var clock: @Sendable () -> Date {
        let date = date
        return { date ?? Date() }
    }

    /// The issuer key policy: the given key, or `x5c` against the anchors, DIDs, and issuer
    /// metadata over HTTPS.
    func resolver(httpClient: some HTTPClient) -> any SDJWTIssuerKeyResolver {
        if let issuerKey { return SDJWTIssuerKeyLookup(publicKey: issuerKey) }
        return SDJWTVCIssuerKeyResolver(
            certificates: X5CIssuerKeyResolver(anchors: anchors, clock: clock),
            metadata: IssuerMetadataKeyResolver(httpClient: httpClient),
            dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
    }

    /// Verifies `text`; the report says why when it does not.
    func verify(_ text: String) async -> SDJWTReport {
        let object: SDJWTObject
        do {
            object = try SDJWTObject(parsing: text)
        } catch {
            return SDJWTReport(isVC: false, failure: error.description, isUnreadable: true)
        }
        let type = object.jws.signatures.first?.protectedHeader["typ"]?.stringValue
        let isVC = type == SDJWTVCVerifier.mediaType || type == SDJWTVCVerifier.legacyMediaType
        let httpClient = URLSessionHTTPClient()
        defer { httpClient.invalidate() }
        let resolver = resolver(httpClient: httpClient)
        // A file may be a Holder's stored credential (no KB-JWT) or a presentation: a KB-JWT
        // that is present is checked in full, but none is demanded.
        let sdJWT = SDJWTVerifier(keyBinding: .optional, clock: clock)
        guard isVC else {
            do {
                let verified = try await sdJWT.verify(object, resolver: resolver)
                return SDJWTReport(isVC: false, claims: verified.claims, keyBinding: verified.keyBinding)
            } catch {
                return SDJWTReport(isVC: false, failure: error.description)
            }
        }
        var verifier = SDJWTVCVerifier(
            sdJWT: sdJWT,
            statusResolver: StatusListResolver(
                httpClient: httpClient, keys: resolver.statusListKeys, policy: StatusListPolicy(clock: clock), cache: nil),
            statusPolicy: .report,
            typeMetadata: TypeMetadataPolicy(
                resolver: TypeMetadataResolver(httpClient: httpClient, knownDocuments: typeMetadataDocuments),
                requirement: requiresTypeMetadata ? .required : .whenAvailable))
        verifier.sdJWT.keyBinding.requirement = .optional
        do {
            let verified = try await verifier.verify(object, resolver: resolver)
            var report = SDJWTReport(
                isVC: true, claims: verified.claims, vct: verified.vct, issuer: verified.issuer,
                keyBinding: verified.sdJWT.keyBinding, status: verified.status)
            report.typeDisplay = verified.display(preferring: locales)
            report.typeMetadataFailure = verified.typeMetadataFailure?.description
            report.labels = verified.displayedClaims.compactMap { claim in
                claim.label(preferring: locales).map { SDJWTReport.Label(path: claim.path, label: $0.label, value: claim.value) }
            }
            return report
        } catch {
            return SDJWTReport(isVC: true, failure: error.description)
        }
    }

    /// Reads Type Metadata documents the user supplied, keyed by their `vct`.
    static func typeMetadataDocuments(_ documents: [Data]) throws(SDJWTVCError) -> [String: Data] {
        var byType = [String: Data]()
        for data in documents {
            guard case .object(let object)? = try? JSONValue(parsing: data) else {
                throw .typeMetadata("a --type-metadata file is not a JSON object")
            }
            byType[try TypeMetadata(object).vct] = data
        }
        return byType
    }

    /// Reads `--at`: an ISO 8601 date-time (`2026-02-01T12:00:00Z`, fractional seconds and
    /// offsets allowed) or a date (`2026-02-01`, midnight UTC).
    static func date(iso8601 text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

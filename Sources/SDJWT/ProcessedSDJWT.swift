import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// An SD-JWT whose Disclosures have been checked against its payload and whose processed
/// payload is rebuilt (RFC 9901 §7.1 step 3–5), with or without the issuer's signature
/// checked.
///
/// A Holder uses this to show a stored credential and to choose what to present without
/// resolving the issuer's key again; ``VerifiedSDJWT`` carries one whose signature verified.
public struct ProcessedSDJWT: Sendable {
    /// The SD-JWT as parsed.
    public let sdJWT: SDJWTObject
    /// The `_sd_alg` hash (SHA-256 when absent).
    public let hashAlgorithm: SDHashAlgorithm
    /// The Issuer-signed payload as signed: digests, `_sd` and `_sd_alg` included.
    ///
    /// Parsed again on each access: processing reads the payload without building it, and
    /// only type metadata checks and tests ask for it.
    public var issuerSignedPayload: JSONObject {
        // It parsed under these limits when this value was made, so it parses again.
        (try? sdJWT.unverifiedPayload(limits: limits)) ?? JSONObject()
    }
    /// The processed payload: what the Disclosures reveal, with the SD-JWT machinery removed.
    public let claims: JSONObject
    /// Every claim a Disclosure revealed, in processing order.
    public var disclosedClaims: [DisclosedClaim] { revealedClaims.disclosedClaims(of: sdJWT.disclosures) }
    /// The same claims in the form presentation matches paths against.
    let revealedClaims: RevealedClaimPaths
    /// The limits the payload was read under.
    private let limits: SDJWTLimits
    /// The Issuer-signed JWT, its payload decoded while it was processed: what verification
    /// checks the signature of without decoding the payload again.
    let issuerJWS: DecodedJWS

    /// Processes the Disclosures of `sdJWT` against its payload.
    ///
    /// The payload's JSON is read once by ``DisclosureProcessor/processedPayload(readingJSON:parserLimits:)``
    /// when the SD-JWT uses SHA-256 (the default, and nearly every issuer's choice). Any
    /// other `_sd_alg`, and any payload that path gives up on, goes through the reference
    /// path, ``init(sdJWT:decodedPayload:acceptedHashAlgorithms:limits:)``, which also reports every error.
    init(sdJWT: SDJWTObject, acceptedHashAlgorithms: Set<SDHashAlgorithm>, limits: SDJWTLimits) throws(SDJWTError) {
        if acceptedHashAlgorithms.contains(.sha256),
            var processor = try? DisclosureProcessor(disclosures: sdJWT.disclosures, hashAlgorithm: .sha256, limits: limits)
        {
            var read: DisclosureProcessor.ReadPayload?
            let decoded = try? sdJWT.jws.decodingPayload { bytes in
                read = processor.processedPayload(readingJSON: bytes, parserLimits: limits.documentParserLimits)
            }
            if let decoded, let read,
                (try? Self.hashAlgorithm(declared: read.declaredHashAlgorithm, accepting: acceptedHashAlgorithms)) == .sha256
            {
                self.init(
                    sdJWT: sdJWT, issuerJWS: decoded, hashAlgorithm: .sha256, claims: read.claims,
                    revealedClaims: processor.revealedClaims, limits: limits)
                return
            }
        }
        try self.init(
            sdJWT: sdJWT, decodedPayload: sdJWT.decodedPayload(limits: limits),
            acceptedHashAlgorithms: acceptedHashAlgorithms, limits: limits)
    }

    /// The reference path: processes the Disclosures against the parsed payload.
    init(
        sdJWT: SDJWTObject, decodedPayload decoded: (jws: DecodedJWS, payload: JSONObject),
        acceptedHashAlgorithms: Set<SDHashAlgorithm>, limits: SDJWTLimits
    ) throws(SDJWTError) {
        let algorithm = try Self.hashAlgorithm(declared: decoded.payload["_sd_alg"], accepting: acceptedHashAlgorithms)
        var processor = try DisclosureProcessor(disclosures: sdJWT.disclosures, hashAlgorithm: algorithm, limits: limits)
        let claims = try processor.process(decoded.payload)
        self.init(
            sdJWT: sdJWT, issuerJWS: decoded.jws, hashAlgorithm: algorithm, claims: claims,
            revealedClaims: processor.revealedClaims, limits: limits)
    }

    private init(
        sdJWT: SDJWTObject, issuerJWS: DecodedJWS, hashAlgorithm: SDHashAlgorithm, claims: JSONObject,
        revealedClaims: RevealedClaimPaths, limits: SDJWTLimits
    ) {
        self.sdJWT = sdJWT
        self.issuerJWS = issuerJWS
        self.hashAlgorithm = hashAlgorithm
        self.claims = claims
        self.revealedClaims = revealedClaims
        self.limits = limits
    }

    /// Processes the Disclosures of `sdJWT` **without verifying its signature**: for a Holder
    /// showing or presenting a credential it verified when it was issued.
    public init(
        unverified sdJWT: SDJWTObject, acceptedHashAlgorithms: Set<SDHashAlgorithm> = Set(SDHashAlgorithm.allCases),
        limits: SDJWTLimits = .default
    ) throws(SDJWTError) {
        try self.init(sdJWT: sdJWT, acceptedHashAlgorithms: acceptedHashAlgorithms, limits: limits)
    }

    /// Reads the value of `_sd_alg` (RFC 9901 §4.1.1): absent means SHA-256.
    static func hashAlgorithm(
        declared value: JSONValue?, accepting accepted: Set<SDHashAlgorithm>
    ) throws(SDJWTError) -> SDHashAlgorithm {
        guard let value else {
            guard accepted.contains(.sha256) else { throw .unsupportedHashAlgorithm("sha-256 (the default)") }
            return .sha256
        }
        guard case .string(let name) = value else { throw .unsupportedHashAlgorithm("a non-string") }
        guard let algorithm = SDHashAlgorithm(rawValue: name), accepted.contains(algorithm) else {
            throw .unsupportedHashAlgorithm(name)
        }
        return algorithm
    }

    // MARK: - Presentation

    /// The SD-JWT a Holder presents to reveal the claims at `paths` (OpenID4VP claims path
    /// pointers: names, indices, `null` for every element), without a KB-JWT.
    ///
    /// Exactly the Disclosures needed are included: those of every claim a path selects, of
    /// every claim inside a selected value (so the whole value is revealed), and of the
    /// claims that contain a selected one (without which its digest could not be found).
    /// Disclosures keep their issuance order. A path that selects nothing is an error, so a
    /// caller never presents less than it meant to.
    public func presentation(disclosing paths: [ClaimPath]) throws(SDJWTError) -> SDJWTObject {
        let selected = try selectedDisclosures(for: paths)
        var disclosures = [Disclosure]()
        disclosures.reserveCapacity(selected.reduce(0) { $1 ? $0 + 1 : $0 })
        for (disclosure, isSelected) in zip(sdJWT.disclosures, selected) where isSelected {
            disclosures.append(disclosure)
        }
        return sdJWT.replacing(disclosures: disclosures, keyBindingJWT: nil)
    }

    /// The presentation for `paths` with a Key Binding JWT signed by the holder's key.
    public func presentation(
        disclosing paths: [ClaimPath], keyBinding request: KeyBindingRequest, signer: some Signer
    ) async throws(SDJWTError) -> SDJWTObject {
        try await presentation(disclosing: paths).addingKeyBinding(request, hashAlgorithm: hashAlgorithm, signer: signer)
    }

    /// Which of the SD-JWT's Disclosures reveal the claims at `paths`, by position.
    func selectedDisclosures(for paths: [ClaimPath]) throws(SDJWTError) -> [Bool] {
        var targets = [[ClaimPath.Component]]()
        targets.reserveCapacity(paths.count)
        let root = JSONValue.object(claims)
        for path in paths {
            do {
                try path.appendSelectedPaths(in: root, to: &targets)
            } catch {
                throw .claimSelection("\(path) selects nothing: \(error)")
            }
        }
        return revealedClaims.disclosures(onPaths: targets, disclosureCount: sdJWT.disclosures.count)
    }
}

import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// Issues SD-JWTs (RFC 9901 §4): the claims, which of them are selectively disclosable,
/// the hash, decoys and the holder key, signed with any `Signer`.
///
/// Which claims are disclosable is said with claim paths, the syntax Verifiers use to ask
/// for them, so one vocabulary serves both sides:
/// - **flat**: `["address"]` hides the whole address behind one Disclosure;
/// - **structured**: `["address", "street_address"]` keeps `address` visible with its own
///   `_sd` array;
/// - **recursive**: both of the above; the address Disclosure then carries digests;
/// - **array elements**: `["nationalities", 1]`, or `["nationalities", null]` for each.
///
/// This is the issuing side for the sandbox and tests; a Holder never needs it.
public struct SDJWTBuilder: Sendable {
    /// The claims as they would be in a plain JWT (`iss`, `iat`, `exp`, `vct` included).
    public var claims: JSONObject
    /// The claims to make selectively disclosable.
    public var disclosablePaths: [ClaimPath]
    /// The digest hash, written as `_sd_alg`.
    public var hashAlgorithm: SDHashAlgorithm
    /// Decoy digests for each object and array that has disclosable content.
    public var decoys: DecoyDigests
    /// Protected header members besides `alg` (`typ`, `kid`, `x5c`, …).
    public var header: JOSEHeader
    /// The holder's public key, written as `cnf.jwk` so presentations can be key-bound.
    public var holderKey: JWK?
    /// Whether to write `_sd_alg` when it is the default `sha-256`; default true.
    public var writesDefaultHashAlgorithm: Bool
    /// The source of salts and decoys: `count` cryptographically secure random bytes.
    /// Replace it only to make test output reproducible.
    public var randomBytes: @Sendable (Int) -> [UInt8]

    /// A builder for `claims` with the claims at `paths` selectively disclosable.
    public init(
        claims: JSONObject, disclosing paths: [ClaimPath] = [], hashAlgorithm: SDHashAlgorithm = .sha256,
        decoys: DecoyDigests = .none, header: JOSEHeader = JOSEHeader(), holderKey: JWK? = nil,
        randomBytes: @escaping @Sendable (Int) -> [UInt8] = SDJWTBuilder.systemRandomBytes
    ) {
        self.claims = claims
        self.disclosablePaths = paths
        self.hashAlgorithm = hashAlgorithm
        self.decoys = decoys
        self.header = header
        self.holderKey = holderKey
        self.writesDefaultHashAlgorithm = true
        self.randomBytes = randomBytes
    }

    /// Bytes from the system CSPRNG (`SystemRandomNumberGenerator`: `getrandom` on Linux,
    /// `arc4random_buf` on Apple platforms).
    @Sendable public static func systemRandomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// Signs the SD-JWT; the result holds every Disclosure, ready to hand to the Holder.
    public func issue(
        signer: some Signer, serialization: SDJWTObject.Serialization = .compact
    ) async throws(SDJWTError) -> SDJWTObject {
        let (payload, disclosures) = try payloadAndDisclosures()
        let token: String
        do {
            token = try await JWS.signCompact(
                payload: JSONValue.object(payload).serialized(.compact), header: header, signer: signer)
        } catch {
            throw .signingFailed(error.description)
        }
        let jws: JWSObject
        do {
            jws = try JWSObject(compact: token)
        } catch {
            throw .issuerJWT(error)
        }
        return SDJWTObject(
            issuerSignedJWT: Substring(token), jws: jws, disclosures: disclosures, keyBindingJWT: nil,
            serialization: .compact, jsonDocument: nil
        ).converted(to: serialization)
    }

    /// The Issuer-signed payload and the Disclosures, before signing.
    public func payloadAndDisclosures() throws(SDJWTError) -> (payload: JSONObject, disclosures: [Disclosure]) {
        try Self.checkReservedNames(in: .object(claims), topLevel: true)
        if holderKey != nil, claims["cnf"] != nil {
            throw .invalidIssuanceInput("cnf is in the claims and a holder key is given")
        }
        var targets = Set<[ClaimPath.Component]>()
        for path in disclosablePaths {
            do {
                for match in try path.select(in: .object(claims)) { targets.insert(match.path) }
            } catch {
                throw .invalidIssuanceInput("\(path) selects nothing: \(error)")
            }
        }
        var run = Run(
            targets: targets, algorithm: hashAlgorithm, decoys: decoys,
            generator: ByteSourceGenerator(source: randomBytes))
        var payload = run.object(claims, path: [])
        if hashAlgorithm != .sha256 || writesDefaultHashAlgorithm {
            payload["_sd_alg"] = .string(hashAlgorithm.rawValue)
        }
        if let holderKey {
            let jwk: JSONValue
            do {
                jwk = try JSONValue(parsing: holderKey.publicOnly.jsonData())
            } catch {
                throw .invalidIssuanceInput("the holder key does not serialize: \(error)")
            }
            payload["cnf"] = .object(["jwk": jwk])
        }
        return (payload, run.disclosures)
    }

    /// Refuses `_sd` and `...` anywhere and `_sd_alg` at the top: they would be read as
    /// SD-JWT machinery.
    private static func checkReservedNames(in value: JSONValue, topLevel: Bool) throws(SDJWTError) {
        switch value {
        case .object(let object):
            for (name, member) in object {
                if name == "_sd" || name == "..." || (topLevel && name == "_sd_alg") {
                    throw .invalidIssuanceInput("the claims use the reserved name \(name)")
                }
                try checkReservedNames(in: member, topLevel: false)
            }
        case .array(let elements):
            for element in elements { try checkReservedNames(in: element, topLevel: false) }
        default: return
        }
    }

    /// One issuance: walks the claims, replacing disclosable ones by digests.
    private struct Run {
        let targets: Set<[ClaimPath.Component]>
        let algorithm: SDHashAlgorithm
        let decoys: DecoyDigests
        var generator: ByteSourceGenerator
        var disclosures: [Disclosure] = []

        init(targets: Set<[ClaimPath.Component]>, algorithm: SDHashAlgorithm, decoys: DecoyDigests, generator: ByteSourceGenerator) {
            self.targets = targets
            self.algorithm = algorithm
            self.decoys = decoys
            self.generator = generator
        }

        mutating func value(_ value: JSONValue, path: [ClaimPath.Component]) -> JSONValue {
            switch value {
            case .object(let object): return .object(self.object(object, path: path))
            case .array(let array): return .array(self.array(array, path: path))
            default: return value
            }
        }

        mutating func object(_ object: JSONObject, path: [ClaimPath.Component]) -> JSONObject {
            var plain = JSONObject()
            var digests = [String]()
            for (name, member) in object {
                let memberPath = path + [.key(name)]
                let built = value(member, path: memberPath)
                if targets.contains(memberPath) {
                    digests.append(disclose(name: name, value: built))
                } else {
                    plain[name] = built
                }
            }
            guard !digests.isEmpty else { return plain }
            for _ in 0..<decoys.count(using: &generator) { digests.append(decoy()) }
            // Sorting hides the order the claims were written in (RFC 9901 §4.2.4.1).
            digests.sort()
            var output: JSONObject = ["_sd": .array(digests.map(JSONValue.string))]
            for (name, member) in plain { output[name] = member }
            return output
        }

        mutating func array(_ array: [JSONValue], path: [ClaimPath.Component]) -> [JSONValue] {
            var output = [JSONValue]()
            var hasDisclosures = false
            for (index, element) in array.enumerated() {
                let elementPath = path + [.index(index)]
                let built = value(element, path: elementPath)
                if targets.contains(elementPath) {
                    output.append(["...": .string(disclose(name: nil, value: built))])
                    hasDisclosures = true
                } else {
                    output.append(built)
                }
            }
            guard hasDisclosures else { return output }
            for _ in 0..<decoys.count(using: &generator) {
                let position = Int.random(in: 0...output.count, using: &generator)
                output.insert(["...": .string(decoy())], at: position)
            }
            return output
        }

        /// Makes a Disclosure and returns its digest.
        mutating func disclose(name: String?, value: JSONValue) -> String {
            let disclosure = Disclosure(salt: salt(), claimName: name, value: value)
            disclosures.append(disclosure)
            return disclosure.digest(using: algorithm)
        }

        /// A digest of fresh randomness: indistinguishable from a real one (§4.2.5).
        mutating func decoy() -> String {
            algorithm.digest(of: salt())
        }

        /// 128 bits of randomness, base64url (RFC 9901 §9.3).
        mutating func salt() -> String {
            Base64URL.encode(generator.bytes(16))
        }
    }
}

/// A `RandomNumberGenerator` over an injected byte source, so salts, decoy counts and
/// decoy positions all come from the same (replaceable) randomness.
struct ByteSourceGenerator: RandomNumberGenerator {
    let source: @Sendable (Int) -> [UInt8]

    mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for byte in source(8).prefix(8) { value = value << 8 | UInt64(byte) }
        return value
    }

    func bytes(_ count: Int) -> [UInt8] {
        source(count)
    }
}

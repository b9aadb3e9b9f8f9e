import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import StatusList
import X509

/// What a sandbox keeps between starts so that what it issued yesterday still verifies today:
/// the issuer's root (the IACA a wallet trusted), the verifier's keys (whose root a wallet
/// trusted for presentations), and the status list with the records of what was issued (so
/// a revocation stays, and a new credential never takes an old one's status index).
///
/// The leaf certificates are not kept: each start makes them for the URL it listens on,
/// under the kept roots, and credentials carry the leaf they were signed with.
public struct SandboxState: Sendable {
    /// The issuer's root certificate (IACA-shaped) and its key.
    public var issuerRoot: Certificate
    var issuerRootKey: PrivateKey
    /// The verifier's root, leaf and DID keys.
    public var verifierKeys: VerifierIdentity.Keys
    /// The issuer URL of the start that last wrote the state, `nil` before the first start.
    /// Credentials refer to their status list by it.
    public var issuerURL: String?
    /// The status list (two bits per entry).
    var statusList: TokenStatusList
    /// The next status index to give out.
    var nextStatusIndex: Int
    /// Every credential issued, by ``SandboxIssuedCredential/id``.
    var issued: [String: SandboxIssuedCredential]
    /// When the state was made.
    public let createdAt: Date
    /// The Aries issuer's schema and credential definition with its private key, once made.
    var aries: SandboxAriesMaterial?

    /// Fresh keys and an empty status list of `statusListSize` entries.
    static func fresh(configuration: SandboxConfiguration) throws(SandboxError) -> SandboxState {
        let now = configuration.clock()
        let (rootKey, root) = try SandboxAuthority.makeRoot(now: now, validity: configuration.rootValidity)
        let verifierKeys: VerifierIdentity.Keys
        let statusList: TokenStatusList
        do {
            verifierKeys = try VerifierIdentity.Keys.generate(now: now)
        } catch {
            throw .cryptography("making the verifier's keys: \(error)")
        }
        do {
            statusList = try TokenStatusList(bits: .two, count: max(8, configuration.statusListSize))
        } catch {
            throw .invalidRequest("status list of \(configuration.statusListSize) entries: \(error)")
        }
        return SandboxState(
            issuerRoot: root, issuerRootKey: rootKey, verifierKeys: verifierKeys, issuerURL: nil,
            statusList: statusList, nextStatusIndex: 0, issued: [:], createdAt: now)
    }
}

// MARK: - The file

extension SandboxState {
    /// The version of ``jsonValue``'s layout; a file of another version is refused, not guessed.
    /// Times are seconds since 2001-01-01 (`Date`'s own representation, so they read back exactly).
    static let formatVersion = 1

    /// The state as the JSON object of the state file. Private keys are PKCS#8 PEM: the file
    /// is as secret as they are (written with mode 0600).
    func jsonValue() throws(SandboxError) -> JSONValue {
        func pem(_ certificate: Certificate) throws(SandboxError) -> JSONValue {
            do {
                return .string(try certificate.serializeAsPEM().pemString)
            } catch {
                throw .cryptography("encoding a certificate: \(error)")
            }
        }
        func pem(_ key: PrivateKey) throws(SandboxError) -> JSONValue {
            do {
                return .string(try key.pemRepresentation())
            } catch {
                throw .cryptography("encoding a key: \(error)")
            }
        }
        let records = issued.values.sorted { $0.statusIndex < $1.statusIndex }.map { record -> JSONValue in
            [
                "id": .string(record.id), "kind": .string(record.kind.rawValue),
                "statusIndex": .number(JSONNumber(record.statusIndex)), "statusListURI": .string(record.statusListURI),
                "holderKeyThumbprint": .string(record.holderKeyThumbprint),
                "issuedAt": .number(JSONNumber(record.issuedAt.timeIntervalSinceReferenceDate) ?? JSONNumber(0)),
            ]
        }
        var object: JSONObject = [
            "version": .number(JSONNumber(Self.formatVersion)),
            "createdAt": .number(JSONNumber(createdAt.timeIntervalSinceReferenceDate) ?? JSONNumber(0)),
            "issuerRoot": ["certificate": try pem(issuerRoot), "privateKey": try pem(issuerRootKey)],
            "verifier": [
                "root": try pem(verifierKeys.root), "rootKey": try pem(verifierKeys.rootKey),
                "leafKey": try pem(verifierKeys.leafKey), "didKey": try pem(verifierKeys.didKey),
            ],
            "statusList": [
                "bits": .number(JSONNumber(statusList.bits.rawValue)), "bytes": .string(Base64URL.encode(statusList.bytes)),
                "next": .number(JSONNumber(nextStatusIndex)),
            ],
            "issued": .array(records),
        ]
        if let issuerURL { object["issuerURL"] = .string(issuerURL) }
        if let aries { object["aries"] = try aries.jsonValue() }
        return .object(object)
    }

    /// Reads the state file's JSON; every member is checked, and a key that does not belong
    /// to its certificate is refused.
    init(json: JSONValue) throws(SandboxError) {
        func fail(_ what: String) -> SandboxError { .invalidState(what) }
        guard json["version"]?.intValue == Self.formatVersion else {
            throw fail("version \(json["version"].map { "\($0)" } ?? "missing"), expected \(Self.formatVersion)")
        }
        func string(_ value: JSONValue?, _ name: String) throws(SandboxError) -> String {
            guard let text = value?.stringValue else { throw fail("\(name) is missing") }
            return text
        }
        func certificate(_ value: JSONValue?, _ name: String) throws(SandboxError) -> Certificate {
            let text = try string(value, name)
            do {
                return try Certificate(pemEncoded: text)
            } catch {
                throw fail("\(name) is not a PEM certificate")
            }
        }
        func key(_ value: JSONValue?, _ name: String) throws(SandboxError) -> PrivateKey {
            let text = try string(value, name)
            do {
                let key = try PrivateKey(pemRepresentation: text)
                guard key.curve == .p256 else { throw fail("\(name) is not a P-256 key") }
                return key
            } catch let error as SandboxError {
                throw error
            } catch {
                throw fail("\(name) is not a PEM private key")
            }
        }
        func matches(_ certificate: Certificate, _ key: PrivateKey) -> Bool {
            guard let p256 = try? SandboxAuthority.p256(key) else { return false }
            return certificate.publicKey == Certificate.PublicKey(p256.publicKey)
        }
        issuerRoot = try certificate(json["issuerRoot"]?["certificate"], "issuerRoot.certificate")
        issuerRootKey = try key(json["issuerRoot"]?["privateKey"], "issuerRoot.privateKey")
        guard matches(issuerRoot, issuerRootKey) else { throw fail("the issuer root's key is not the one it certifies") }
        let verifier = json["verifier"]
        let verifierRoot = try certificate(verifier?["root"], "verifier.root")
        let verifierRootKey = try key(verifier?["rootKey"], "verifier.rootKey")
        guard matches(verifierRoot, verifierRootKey) else { throw fail("the verifier root's key is not the one it certifies") }
        verifierKeys = VerifierIdentity.Keys(
            root: verifierRoot, rootKey: verifierRootKey, leafKey: try key(verifier?["leafKey"], "verifier.leafKey"),
            didKey: try key(verifier?["didKey"], "verifier.didKey"))
        issuerURL = json["issuerURL"]?.stringValue
        guard let created = json["createdAt"]?.doubleValue else { throw fail("createdAt is missing") }
        createdAt = Date(timeIntervalSinceReferenceDate: created)

        guard let bitsValue = json["statusList"]?["bits"]?.intValue, let bits = StatusBitWidth(rawValue: bitsValue),
              let bytes = try? Base64URL.decode(string(json["statusList"]?["bytes"], "statusList.bytes")),
              !bytes.isEmpty, bytes.count <= SandboxStateFile.maximumStatusListBytes
        else { throw fail("statusList is not a status list") }
        statusList = TokenStatusList(bits: bits, bytes: bytes)
        guard let next = json["statusList"]?["next"]?.intValue, (0...statusList.count).contains(next) else {
            throw fail("statusList.next is not an index of the list")
        }
        nextStatusIndex = next
        guard case .array(let records)? = json["issued"] else { throw fail("issued is missing") }
        var issued: [String: SandboxIssuedCredential] = [:]
        for record in records {
            guard let id = record["id"]?.stringValue, let kind = record["kind"]?.stringValue.flatMap(SandboxCredentialKind.init(rawValue:)),
                  let index = record["statusIndex"]?.intValue, (0..<next).contains(index),
                  let uri = record["statusListURI"]?.stringValue, let thumbprint = record["holderKeyThumbprint"]?.stringValue,
                  let issuedAt = record["issuedAt"]?.doubleValue
            else { throw fail("an issued record is incomplete") }
            issued[id] = SandboxIssuedCredential(
                id: id, kind: kind, statusIndex: index, statusListURI: uri, holderKeyThumbprint: thumbprint,
                issuedAt: Date(timeIntervalSinceReferenceDate: issuedAt))
        }
        self.issued = issued
        aries = try json["aries"].map { value throws(SandboxError) in try SandboxAriesMaterial(json: value) }
    }
}

/// Where a ``SandboxIssuer``'s keys and records came from.
public enum SandboxStateOrigin: Sendable, Hashable {
    /// Made for this issuer and forgotten when it stops (no state directory).
    case ephemeral
    /// The state directory had no state: new keys, now saved there.
    case created
    /// Read from the state directory, made at `since`; `issuerURL` is where it was last served
    /// (credentials issued there refer to their status list by it).
    case resumed(since: Date, issuerURL: String?)
    /// An earlier state was discarded on request: credentials it issued no longer verify
    /// against the new root.
    case replaced
}

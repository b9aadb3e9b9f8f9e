import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// A JOSE header: the JSON object of RFC 7515 §4 (JWS) and RFC 7516 §4 (JWE), which share
/// one IANA registry.
///
/// The members are kept as a ``JSONObject`` in their written order, so extension members
/// (`trust_chain`, `kb+jwt` `typ`s, OpenID4VP's members) survive untouched and a header
/// re-serializes as it came. Typed accessors read the registered members and return `nil`
/// when a member is absent *or* has the wrong type; ``validateRegisteredMemberTypes()``
/// turns a wrong type into an error, and verification calls it before trusting anything.
public struct JOSEHeader: Sendable, Hashable {
    /// All members, registered and extension, in order.
    public var members: JSONObject

    /// A header with these members.
    public init(members: JSONObject = JSONObject()) {
        self.members = members
    }

    /// A header with the common members set; `nil` values are left out.
    public init(
        algorithm: String? = nil, keyID: String? = nil, type: String? = nil,
        contentType: String? = nil, extra: JSONObject = JSONObject()
    ) {
        var members = JSONObject()
        if let algorithm { members["alg"] = .string(algorithm) }
        if let keyID { members["kid"] = .string(keyID) }
        if let type { members["typ"] = .string(type) }
        if let contentType { members["cty"] = .string(contentType) }
        for (name, value) in extra { members[name] = value }
        self.members = members
    }

    /// A member by name, any type.
    public subscript(name: String) -> JSONValue? {
        get { members[name] }
        set { members[name] = newValue }
    }

    /// `alg`: the signature or key-management algorithm.
    public var algorithm: String? {
        get { members["alg"]?.stringValue }
        set { members["alg"] = newValue.map(JSONValue.string) }
    }

    /// `enc`: the JWE content-encryption algorithm.
    public var encryption: String? {
        get { members["enc"]?.stringValue }
        set { members["enc"] = newValue.map(JSONValue.string) }
    }

    /// `kid`: a hint naming the key.
    public var keyID: String? {
        get { members["kid"]?.stringValue }
        set { members["kid"] = newValue.map(JSONValue.string) }
    }

    /// `typ`: the media type of the whole object (`JWT`, `dc+sd-jwt`, `kb+jwt`, ...).
    public var type: String? {
        get { members["typ"]?.stringValue }
        set { members["typ"] = newValue.map(JSONValue.string) }
    }

    /// `cty`: the media type of the payload (`JWT` for a nested token).
    public var contentType: String? {
        get { members["cty"]?.stringValue }
        set { members["cty"] = newValue.map(JSONValue.string) }
    }

    /// `crit`: extension members the recipient must understand.
    public var critical: [String]? {
        get { members["crit"]?.arrayValue?.compactMap(\.stringValue) }
        set { members["crit"] = newValue.map { names in JSONValue.array(names.map { JSONValue.string($0) }) } }
    }

    /// `b64` (RFC 7797): `false` means the payload is signed as is, not base64url-encoded.
    /// Absent means `true`.
    public var base64EncodesPayload: Bool {
        members["b64"]?.boolValue ?? true
    }

    /// `zip`: the JWE compression algorithm (`DEF`).
    public var compression: String? {
        get { members["zip"]?.stringValue }
        set { members["zip"] = newValue.map(JSONValue.string) }
    }

    /// `x5c`: the certificate chain, standard base64 DER, leaf first.
    public var certificateChain: [Data]? {
        get {
            guard let array = members["x5c"]?.arrayValue else { return nil }
            var chain = [Data]()
            for element in array {
                guard let text = element.stringValue, let der = Data(base64Encoded: text) else { return nil }
                chain.append(der)
            }
            return chain
        }
        set {
            members["x5c"] = newValue.map { chain in
                JSONValue.array(chain.map { JSONValue.string($0.base64EncodedString()) })
            }
        }
    }

    /// `jwk`: the public key the signer embedded. Throws if present but not a valid public
    /// key. An embedded key proves nothing by itself: trust it only through a thumbprint,
    /// certificate or DID the caller already trusts.
    public func embeddedKey() throws(JOSEError) -> JWK? {
        guard let value = members["jwk"] else { return nil }
        guard value.objectValue != nil else { throw .invalidHeader("jwk is not an object") }
        do {
            let jwk = try JWK(jsonData: value.serialized(.compact))
            guard !jwk.isPrivate else { throw JOSEError.invalidHeader("jwk carries private key material") }
            _ = try jwk.publicKey()
            return jwk
        } catch let error as JOSEError {
            throw error
        } catch let error as CryptoKeysError {
            throw .crypto(error)
        } catch {
            throw .invalidHeader("jwk")
        }
    }

    /// Sets `jwk` to the public JWK of `key`.
    public mutating func embed(_ key: PublicKey) {
        members["jwk"] = try? JSONValue(parsing: JWK(publicKey: key).jsonData())
    }

    /// Decodes a base64url member (`apu`, `apv`, `iv`, `tag`); `nil` when absent.
    func base64URLMember(_ name: String) throws(JOSEError) -> Data? {
        guard let value = members[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidHeader("\(name) is not a string") }
        return try Base64URL.decodeSegment(text, part: name)
    }

    /// The compact JSON text of the header, `/` unescaped, members in order.
    public func serialized() -> Data {
        JSONValue.object(members).serialized(.compact)
    }

    /// Checks the registered members that are present have the types RFC 7515, 7516, 7518
    /// and 7797 require, so that a typed accessor returning `nil` really means "absent".
    public func validateRegisteredMemberTypes() throws(JOSEError) {
        // One pass over the (few) members finds nothing wrong in almost every header; only
        // then is the full check skipped. Otherwise it runs in its fixed order, so the
        // member an error names does not depend on the header's member order.
        guard !members.allSatisfy(Self.hasRegisteredType) else { return }
        for name in Self.stringMembers {
            if let value = members[name], value.stringValue == nil {
                throw .invalidHeader("\(name) is not a string")
            }
        }
        for name in ["jwk", "epk"] {
            if let value = members[name], value.objectValue == nil {
                throw .invalidHeader("\(name) is not an object")
            }
        }
        if let value = members["b64"], value.boolValue == nil {
            throw .invalidHeader("b64 is not a boolean")
        }
        if let value = members["x5c"] {
            guard let array = value.arrayValue, !array.isEmpty, certificateChain != nil else {
                throw .invalidHeader("x5c is not a non-empty array of base64 strings")
            }
        }
        if let value = members["crit"] {
            guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
                throw .unsupportedCritical("crit is not an array of strings")
            }
        }
    }

    /// The registered members whose value must be a string, in the order they are checked.
    private static let stringMembers: [String] = [
        "alg", "enc", "zip", "kid", "typ", "cty", "jku", "x5u", "x5t", "x5t#S256", "apu", "apv", "iv", "tag",
    ]

    /// Whether a member has the type its registration requires (any type for others), as
    /// ``validateRegisteredMemberTypes()`` checks it. `x5c` is always sent to the full check,
    /// which also decodes the certificates.
    private static func hasRegisteredType(_ member: JSONObject.Member) -> Bool {
        switch member.name {
        case "jwk", "epk": return member.value.objectValue != nil
        case "b64": return member.value.boolValue != nil
        case "x5c": return false
        case "crit": return member.value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
        default: return !stringMembers.contains(member.name) || member.value.stringValue != nil
        }
    }
}

extension JOSEHeader {
    /// The header members RFC 7515 and RFC 7516 define; `crit` must not list these.
    static let registeredNames: Set<String> = [
        "alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit",
        "enc", "zip", "epk", "apu", "apv", "iv", "tag", "p2s", "p2c",
    ]

    /// Merges protected and unprotected headers into the JOSE Header, refusing a member
    /// that appears in both (RFC 7515 §7.2.1, RFC 7516 §7.2.1).
    static func merging(_ parts: [JSONObject]) throws(JOSEError) -> JOSEHeader {
        // A compact JWS has one header: nothing to merge or check.
        if parts.count == 1 { return JOSEHeader(members: parts[0]) }
        var merged = JSONObject()
        for part in parts {
            for (name, value) in part {
                guard !merged.contains(name) else {
                    throw .invalidHeader("member \(name) appears in more than one header")
                }
                merged[name] = value
            }
        }
        return JOSEHeader(members: merged)
    }
}

/// The header of a JWS. JWS and JWE share one header registry, so this is ``JOSEHeader``.
public typealias JWSHeader = JOSEHeader

/// The header of a JWE. JWS and JWE share one header registry, so this is ``JOSEHeader``.
public typealias JWEHeader = JOSEHeader

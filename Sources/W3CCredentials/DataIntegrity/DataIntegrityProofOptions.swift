import Foundation
import JSONModel

/// What a signer puts in a new proof: the suite, the key's verification method, the purpose,
/// and the optional time bounds and replay protection a verifier will check.
public struct DataIntegrityProofOptions: Sendable, Hashable {
    /// The cryptosuite.
    public var cryptosuite: DataIntegrityCryptosuite
    /// The verification method URL (a did:key URL with its fragment, for example).
    public var verificationMethod: String
    /// The purpose; `assertionMethod` for credentials, `authentication` for presentations.
    public var proofPurpose: String
    /// `created`, written as given (an XML Schema `dateTimeStamp`); `nil` leaves it out.
    public var created: String?
    /// `expires`, written as given.
    public var expires: String?
    /// `challenge` (a verifier's nonce, for authentication).
    public var challenge: String?
    /// `domain` (the verifier the presentation is for).
    public var domain: String?

    /// Options for a proof.
    public init(
        cryptosuite: DataIntegrityCryptosuite, verificationMethod: String, proofPurpose: String = "assertionMethod",
        created: String? = nil, expires: String? = nil, challenge: String? = nil, domain: String? = nil
    ) {
        self.cryptosuite = cryptosuite
        self.verificationMethod = verificationMethod
        self.proofPurpose = proofPurpose
        self.created = created
        self.expires = expires
        self.challenge = challenge
        self.domain = domain
    }

    /// `date` as a `dateTimeStamp` in UTC to the second, the form `created` usually takes.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The proof options object, in the members' customary order.
    var json: JSONObject {
        var members: [(String, JSONValue)] = [
            ("type", "DataIntegrityProof"), ("cryptosuite", .string(cryptosuite.rawValue)),
        ]
        if let created { members.append(("created", .string(created))) }
        members.append(("verificationMethod", .string(verificationMethod)))
        members.append(("proofPurpose", .string(proofPurpose)))
        if let expires { members.append(("expires", .string(expires))) }
        if let challenge { members.append(("challenge", .string(challenge))) }
        if let domain { members.append(("domain", .string(domain))) }
        return JSONObject(members)
    }
}

import Foundation
import JSONModel

/// What a signer puts in a new Linked Data signature: the suite, the key's verification
/// method, the purpose, `created`, and for a presentation the verifier's challenge and domain.
public struct LinkedDataProofOptions: Sendable, Hashable {
    /// The suite.
    public var suite: LinkedDataProofSuite
    /// The verification method URL (a did:key URL with its fragment, for example).
    public var verificationMethod: String
    /// The purpose; `assertionMethod` for credentials, `authentication` for presentations.
    public var proofPurpose: String
    /// `created`, written exactly as given (the suites require it).
    public var created: String
    /// `challenge` (a verifier's nonce, for authentication).
    public var challenge: String?
    /// `domain` (the verifier the presentation is for).
    public var domain: String?

    /// Options for a proof; `created` defaults to now, to the second, in UTC.
    public init(
        suite: LinkedDataProofSuite, verificationMethod: String, proofPurpose: String = "assertionMethod",
        created: String = DataIntegrityProofOptions.timestamp(Date()), challenge: String? = nil, domain: String? = nil
    ) {
        self.suite = suite
        self.verificationMethod = verificationMethod
        self.proofPurpose = proofPurpose
        self.created = created
        self.challenge = challenge
        self.domain = domain
    }

    /// The proof options object, in the members' customary order.
    var json: JSONObject {
        var members: [(String, JSONValue)] = [
            ("type", .string(suite.rawValue)), ("created", .string(created)),
            ("verificationMethod", .string(verificationMethod)), ("proofPurpose", .string(proofPurpose)),
        ]
        if let challenge { members.append(("challenge", .string(challenge))) }
        if let domain { members.append(("domain", .string(domain))) }
        return JSONObject(members)
    }
}

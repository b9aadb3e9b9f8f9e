import Foundation
import JSONModel

/// Makes the ``SigningInput`` of many proofs over one document without re-serializing it
/// each time.
///
/// A credential with ten claims has eleven signatures whose inputs differ only in `proof`
/// and in which claim `credentialSubject.claims` keeps. The builder serializes every other
/// top-level member, every other member of `credentialSubject`, and each claim once (sorted
/// compact form), then splices the bytes of one signing input together per signature. The
/// output is byte-identical to ``SigningInput/bytes(of:proof:)``.
struct SigningInputBuilder {
    /// Serialized `"name":value` fragments of the top-level members, in code-point order,
    /// without `proof` and `proofs`.
    private let topLevel: [(name: String, fragment: [UInt8])]
    /// `credentialSubject`'s other members as fragments, when it has a `claims` array.
    private let subjectMembers: [(name: String, fragment: [UInt8])]?
    /// Each claim, serialized.
    private let claims: [[UInt8]]

    init(document: JSONObject) {
        var topLevel: [(String, [UInt8])] = []
        var subjectMembers: [(String, [UInt8])]?
        var claims: [[UInt8]] = []
        for (name, value) in document where name != "proof" && name != "proofs" {
            topLevel.append((name, Self.fragment(name, value)))
            if name == "credentialSubject", case let .object(subject) = value, case let .array(list)? = subject["claims"] {
                claims = list.map { [UInt8]($0.serialized(.sortedKeys)) }
                subjectMembers = subject.filter { $0.name != "claims" }.map { ($0.name, Self.fragment($0.name, $0.value)) }
            }
        }
        self.topLevel = topLevel
        self.subjectMembers = subjectMembers
        self.claims = claims
    }

    /// The signing input of a proof whose header is `proof`.
    func bytes(proof: JSONObject) -> Data {
        assemble(proof: proof) { _ in nil }
    }

    /// The signing input of the per-claim signature for the claim at `index`.
    func bytes(proof: JSONObject, claimAt index: Int) throws(OpenDIDError) -> Data {
        guard let subjectMembers else { throw .missingField(path: "credentialSubject.claims") }
        guard claims.indices.contains(index) else {
            throw .proofValueListMismatch(claims: claims.count, signatures: index + 1)
        }
        var claimsFragment = Self.nameBytes("claims")
        claimsFragment.append(UInt8(ascii: "["))
        claimsFragment += claims[index]
        claimsFragment.append(UInt8(ascii: "]"))
        let subject = Self.object(subjectMembers + [("claims", claimsFragment)])
        return assemble(proof: proof) { name in
            name == "credentialSubject" ? Self.nameBytes(name) + subject : nil
        }
    }

    private func assemble(proof: JSONObject, replacing: (String) -> [UInt8]?) -> Data {
        let header = JSONValue.object(SigningInput.header(of: proof))
        var members = topLevel.map { ($0.name, replacing($0.name) ?? $0.fragment) }
        members.append(("proof", Self.fragment("proof", header)))
        return Data(Self.object(members))
    }

    /// `{` + fragments sorted by name (code point order) + `}`.
    private static func object(_ members: [(name: String, fragment: [UInt8])]) -> [UInt8] {
        let sorted = members.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var output: [UInt8] = [UInt8(ascii: "{")]
        output.reserveCapacity(sorted.reduce(2) { $0 + $1.fragment.count + 1 })
        for (position, member) in sorted.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output += member.fragment
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    private static func fragment(_ name: String, _ value: JSONValue) -> [UInt8] {
        nameBytes(name) + [UInt8](value.serialized(.sortedKeys))
    }

    private static func nameBytes(_ name: String) -> [UInt8] {
        [UInt8](JSONValue.string(name).serialized(.sortedKeys)) + [UInt8(ascii: ":")]
    }
}

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
    /// Serialized `"name":value` fragments of the top-level members in code-point order,
    /// with `proof` and `proofs` left out; `proofPosition` is where `proof` sorts in.
    private let topLevel: [(name: String, fragment: [UInt8])]
    private let proofPosition: Int
    /// Where `credentialSubject` is in `topLevel`, when it has a `claims` array.
    private let subjectPosition: Int?
    /// `credentialSubject` serialized around its claims: the bytes before the claims
    /// array's elements and after them (the other members are fixed).
    private let subjectPrefix: [UInt8]
    private let subjectSuffix: [UInt8]
    /// Each claim, serialized.
    private let claims: [[UInt8]]

    init(document: JSONObject) {
        var members: [(name: String, fragment: [UInt8])] = []
        var claims: [[UInt8]] = []
        var subjectParts: ([UInt8], [UInt8])?
        for (name, value) in document where name != "proof" && name != "proofs" {
            if name == "credentialSubject", case let .object(subject) = value, case let .array(list)? = subject["claims"] {
                // Each claim is serialized once; the whole subject is put together from them.
                claims = list.map { $0.serializedBytes(.sortedKeys) }
                let parts = Self.split(subject)
                subjectParts = parts
                var whole = parts.0
                for (position, claim) in claims.enumerated() {
                    if position > 0 { whole.append(UInt8(ascii: ",")) }
                    whole += claim
                }
                members.append((name, whole + parts.1))
            } else {
                members.append((name, Self.fragment(name, value)))
            }
        }
        members.sort { Self.precedes($0.name, $1.name) }
        topLevel = members
        proofPosition = members.firstIndex { Self.precedes("proof", $0.name) } ?? members.count
        subjectPosition = subjectParts == nil ? nil : members.firstIndex { $0.name == "credentialSubject" }
        subjectPrefix = subjectParts?.0 ?? []
        subjectSuffix = subjectParts?.1 ?? []
        self.claims = claims
    }

    /// The signing input of a proof whose header is `proof`.
    func bytes(proof: JSONObject) -> Data {
        assemble(proofFragment: Self.proofFragment(proof), subject: nil)
    }

    /// The signing input of the per-claim signature for the claim at `index`.
    func bytes(proof: JSONObject, claimAt index: Int) throws(OpenDIDError) -> Data {
        try bytes(proofFragment: Self.proofFragment(proof), claimAt: index)
    }

    /// ``bytes(proof:claimAt:)`` with the proof already serialized by
    /// ``proofFragment(_:)``: a credential's eleven inputs share one proof header.
    func bytes(proofFragment: [UInt8], claimAt index: Int) throws(OpenDIDError) -> Data {
        guard subjectPosition != nil else { throw .missingField(path: "credentialSubject.claims") }
        guard claims.indices.contains(index) else {
            throw .proofValueListMismatch(claims: claims.count, signatures: index + 1)
        }
        return assemble(proofFragment: proofFragment, subject: subjectPrefix + claims[index] + subjectSuffix)
    }

    /// `"proof":{…}` with the proof reduced to its signed header.
    static func proofFragment(_ proof: JSONObject) -> [UInt8] {
        fragment("proof", .object(SigningInput.header(of: proof)))
    }

    /// `{` + the fragments in order, the proof header and (when given) the reduced
    /// `credentialSubject` spliced in + `}`.
    private func assemble(proofFragment: [UInt8], subject: [UInt8]?) -> Data {
        var output: [UInt8] = [UInt8(ascii: "{")]
        output.reserveCapacity(topLevel.reduce(proofFragment.count + 2) { $0 + $1.fragment.count + 1 })
        for position in 0...topLevel.count {
            if position == proofPosition {
                if output.count > 1 { output.append(UInt8(ascii: ",")) }
                output += proofFragment
            }
            guard position < topLevel.count else { break }
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            if position == subjectPosition, let subject {
                output += subject
            } else {
                output += topLevel[position].fragment
            }
        }
        output.append(UInt8(ascii: "}"))
        return Data(output)
    }

    /// The `"credentialSubject":{…"claims":[` prefix and `]…}` suffix around the claims.
    private static func split(_ subject: JSONObject) -> ([UInt8], [UInt8]) {
        var others = subject.filter { $0.name != "claims" }.map { (name: $0.name, fragment: fragment($0.name, $0.value)) }
        others.sort { precedes($0.name, $1.name) }
        let claimsAt = others.firstIndex { precedes("claims", $0.name) } ?? others.count
        var prefix = nameBytes("credentialSubject") + [UInt8(ascii: "{")]
        for member in others[..<claimsAt] { prefix += member.fragment + [UInt8(ascii: ",")] }
        prefix += nameBytes("claims") + [UInt8(ascii: "[")]
        var suffix: [UInt8] = [UInt8(ascii: "]")]
        for member in others[claimsAt...] { suffix += [UInt8(ascii: ",")] + member.fragment }
        suffix.append(UInt8(ascii: "}"))
        return (prefix, suffix)
    }

    /// Code-point order, which is UTF-8 byte order.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    private static func fragment(_ name: String, _ value: JSONValue) -> [UInt8] {
        nameBytes(name) + value.serializedBytes(.sortedKeys)
    }

    private static func nameBytes(_ name: String) -> [UInt8] {
        JSONValue.string(name).serializedBytes(.sortedKeys) + [UInt8(ascii: ":")]
    }
}

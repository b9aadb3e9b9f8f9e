import JSONModel

/// The embedded-proof plumbing shared by Data Integrity and the Linked Data signature suites:
/// a secured document's proof objects, the document without them, and a new proof added to a
/// proof set.
enum SecuredDocument {
    /// The proof objects of `document` (`proof`: one object or a list); none is
    /// ``DataIntegrityError/missingProof``.
    static func proofObjects(of document: JSONObject) throws(DataIntegrityError) -> [JSONObject] {
        switch document["proof"] {
        case let .object(proof)?: return [proof]
        case let .array(values)?: return values.compactMap(\.objectValue)
        default: throw .missingProof
        }
    }

    /// `document` without its `proof` member: what every proof over it signed.
    static func unsecured(_ document: JSONObject) -> JSONObject {
        JSONObject(document.members.filter { $0.name != "proof" })
    }

    /// `document` with `proof` added: the only proof, or beside those already there (a proof set).
    static func adding(_ proof: JSONObject, to document: JSONObject) -> JSONObject {
        var secured = document
        switch document["proof"] {
        case nil: secured.updateValue(.object(proof), forName: "proof")
        case let .array(existing)?: secured.updateValue(.array(existing + [.object(proof)]), forName: "proof")
        case let existing?: secured.updateValue(.array([existing, .object(proof)]), forName: "proof")
        }
        return secured
    }
}

import JSONModel
import W3CCredentials

/// What a W3C credential with embedded proofs shows a verifier. Most suites sign the whole
/// document, so it goes as stored. An ecdsa-sd-2023 credential is stored with its issuer's
/// *base* proof, which carries the HMAC key and a signature for every statement: it never
/// leaves the wallet. A proof derived from it goes instead, revealing the claims asked for
/// (and the issuer's mandatory ones) — or, where nothing selects claims (a scanned
/// QueryByExample or VC-API request names types only), the whole credential.
enum LDPVCDisclosure {
    /// `credential` as presented: itself, or for an ecdsa-sd-2023 base proof a derived
    /// credential disclosing `paths` (concrete claim paths into the credential) or, when
    /// `paths` is `nil`, every member.
    static func presented(_ credential: JSONValue, disclosing paths: [ClaimPath]?, id: String) async throws(WalletError) -> JSONValue {
        guard ECDSASelectiveDisclosure.baseProofValue(of: credential) != nil else { return credential }
        var pointers: [String] = []
        if let paths {
            for path in paths {
                guard let pointer = ECDSASelectiveDisclosure.pointer(for: path) else {
                    throw .credentialUnusable(id: id, reason: "the claim path \(path) names no single claim to disclose")
                }
                pointers.append(pointer)
            }
        } else {
            pointers = ECDSASelectiveDisclosure.wholeDocumentPointers(of: credential)
        }
        do {
            return try await ECDSASelectiveDisclosure.derive(credential, selectivePointers: pointers).document
        } catch {
            throw .credentialUnusable(id: id, reason: "no selective disclosure proof could be derived: \(error)")
        }
    }

    /// The claims every presentation of `credential` reveals whatever is asked: for an
    /// ecdsa-sd-2023 credential what its mandatory pointers select (with the context, ids and
    /// types); for any other, every member, since its proof signs the whole document.
    static func alwaysDisclosed(_ credential: JSONObject) -> [ClaimPath] {
        if let paths = try? ECDSASelectiveDisclosure.alwaysDisclosedPaths(of: .object(credential)) { return paths }
        return credential.keys.filter { $0 != "proof" }.compactMap { try? ClaimPath([.key($0)]) }
    }
}

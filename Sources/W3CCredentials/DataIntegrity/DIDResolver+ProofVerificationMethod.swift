import DID

extension DIDResolver {
    /// The verification method a proof names (`url`), from its controller's DID document,
    /// listed under `relationship` — the purpose the proof claims. Any failure is
    /// ``DataIntegrityError/verificationMethod(_:)`` saying why.
    func proofVerificationMethod(
        _ url: String, relationship: VerificationRelationship
    ) async throws(DataIntegrityError) -> ResolvedVerificationMethod {
        let parsed: DIDURL
        do {
            parsed = try DIDURL(url)
        } catch {
            throw .verificationMethod(error.description)
        }
        let resolution: DIDResolution
        do {
            resolution = try await resolve(parsed.did)
        } catch {
            throw .verificationMethod(error.description)
        }
        do {
            return try resolution.document.verificationMethod(for: url, relationship: relationship)
        } catch {
            throw .verificationMethod(error.description)
        }
    }
}

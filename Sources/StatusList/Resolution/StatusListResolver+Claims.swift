import CBOR
import JSONModel

extension StatusListResolver {
    /// The status named by a referenced token's JSON `status` claim (an SD-JWT VC's processed
    /// payload `status`), in one call.
    ///
    /// `nil` when there is nothing to check: no claim, or a `status` object without a
    /// `status_list` member (another status mechanism). A malformed claim is
    /// ``StatusResult/unknown(_:)`` with ``StatusListError/invalidReference(_:)``.
    public func status(ofStatusClaim claim: JSONValue?) async -> StatusResult? {
        guard let claim else { return nil }
        if let object = claim.objectValue, !object.contains("status_list") { return nil }
        do throws(StatusListError) {
            return await status(of: try StatusListReference(statusClaim: claim))
        } catch {
            return .unknown(error)
        }
    }

    /// The status named by a referenced token's CBOR `Status` map (an mdoc MSO's `status`,
    /// a CWT's claim 65535); `nil` and `unknown` as for the JSON form.
    public func status(ofStatusClaim claim: CBOR?) async -> StatusResult? {
        guard let claim else { return nil }
        if case .map = claim, claim["status_list"] == nil { return nil }
        do throws(StatusListError) {
            return await status(of: try StatusListReference(statusClaim: claim))
        } catch {
            return .unknown(error)
        }
    }
}

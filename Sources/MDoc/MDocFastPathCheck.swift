import Foundation

/// The direct (cursor) decoding beside the CBOR-tree decoding it stands in for, run on the same
/// bytes so the differential tests and the `diff-mdoc` fuzz harness can hold them equal
/// (issue #29).
///
/// ``DirectDecoding`` declines (`nil`) whatever it does not take and the shipped decoders then
/// decode through the tree, so a caller must see the same thing whichever path ran: the shipped
/// decoding and the tree decoding alone must give an equal value or the same error.
package enum MDocFastPathCheck {
    /// `data` decoded as a DeviceResponse through the shipped path and through the tree alone.
    package static func decodingDeviceResponse(
        _ data: Data, limits: MDocLimits = .default
    ) -> (shipped: Result<DeviceResponse, MDocError>, plain: Result<DeviceResponse, MDocError>) {
        (Result { () throws(MDocError) in try DeviceResponse(decoding: data, limits: limits) },
         Result { () throws(MDocError) in try DeviceResponse(treeDecoding: data, limits: limits) })
    }

    /// `data` decoded as an IssuerSigned through the shipped path and through the tree alone.
    package static func decodingIssuerSigned(
        _ data: Data, limits: MDocLimits = .default
    ) -> (shipped: Result<IssuerSigned, MDocError>, plain: Result<IssuerSigned, MDocError>) {
        (Result { () throws(MDocError) in try IssuerSigned(decoding: data, limits: limits) },
         Result { () throws(MDocError) in try IssuerSigned(treeDecoding: data, limits: limits) })
    }
}

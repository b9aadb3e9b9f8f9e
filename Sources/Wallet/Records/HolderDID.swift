import CryptoKeys
import Foundation

/// A DID of the holder's own: the identifier the holder receives W3C credentials under and
/// authenticates with (`DIDAuthentication`, a presentation's `holder`), made from a key in
/// the wallet's secure area, which signs for it.
public struct HolderDID: Sendable, Hashable, Identifiable {
    /// The wallet's id for the record.
    public let id: String
    /// The DID (`did:key:z…`).
    public let did: String
    /// The verification method that signs for it (`did:key:z…#z…`).
    public let verificationMethod: String
    /// The holder key behind it, in the secure area.
    public let keyID: String
    /// The key's curve.
    public let curve: KeyCurve
    /// When the wallet made it.
    public let createdAt: Date
}

/// The sealed part of a holder-DID row: the DID, its verification method and curve, and the
/// key id it was filed with (checked against the row when read back).
struct HolderDIDBody: Codable {
    var did: String
    var verificationMethod: String
    var curve: KeyCurve
    var keyID: String
}

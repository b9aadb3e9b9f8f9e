import CBOR
import Foundation

/// Writes mdoc containers around items that must keep their received bytes.
///
/// A ``CBOR`` value cannot carry "these exact bytes", and re-encoding an
/// ``IssuerSignedItemBytes`` wrapper received with a non-shortest length would change its
/// digest. So the containers that hold items (IssuerSigned, Document, DeviceResponse) are
/// written here head by head, splicing in the kept bytes; everything else is encoded normally.
enum CBORSplicing {
    /// The head of a definite-length item of `major` type with `argument` (RFC 8949 §3), shortest form.
    static func head(major: UInt8, argument: Int) -> Data {
        let type = major << 5
        let value = UInt64(argument)
        switch value {
        case 0..<24: return Data([type | UInt8(value)])
        case 24...0xff: return Data([type | 24, UInt8(value)])
        case 0x100...0xffff: return Data([type | 25, UInt8(value >> 8), UInt8(value & 0xff)])
        case 0x1_0000...0xffff_ffff:
            return Data([type | 26] + (0..<4).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xff) })
        default:
            return Data([type | 27] + (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xff) })
        }
    }

    /// A map of text keys to already encoded values, in the order given.
    static func map(_ entries: [(key: String, encodedValue: Data)]) -> Data {
        var data = head(major: 5, argument: entries.count)
        for entry in entries {
            data.append(CBOR.textString(entry.key).encoded())
            data.append(entry.encodedValue)
        }
        return data
    }

    /// An array of already encoded items.
    static func array(_ items: [Data]) -> Data {
        var data = head(major: 4, argument: items.count)
        for item in items { data.append(item) }
        return data
    }
}

extension IssuerSigned {
    /// The encoded IssuerSigned, every item's `#6.24` bytes exactly as kept (name spaces sorted).
    public func encoded() -> Data {
        var entries: [(key: String, encodedValue: Data)] = []
        if !nameSpaces.isEmpty {
            entries.append(("nameSpaces", CBORSplicing.map(nameSpaces.sorted { $0.key < $1.key }.map {
                (key: $0.key, encodedValue: CBORSplicing.array($0.value.map(\.taggedBytes)))
            })))
        }
        entries.append(("issuerAuth", issuerAuth.cbor.encoded()))
        return CBORSplicing.map(entries)
    }
}

extension Document {
    /// The encoded Document, with the issuer-signed items' bytes exactly as kept.
    public func encoded() -> Data {
        guard case .map(let entries) = cbor else { return cbor.encoded() }
        return CBORSplicing.map(entries.compactMap { entry in
            guard let key = entry.key.stringValue else { return nil }
            return (key, key == "issuerSigned" ? issuerSigned.encoded() : entry.value.encoded())
        })
    }
}

extension DeviceResponse {
    /// The encoded response, with the issuer-signed items' bytes exactly as kept: the
    /// `vp_token` of an OpenID4VP `mso_mdoc` presentation is the base64url of these bytes.
    public func encoded() -> Data {
        guard case .map(let entries) = cbor else { return cbor.encoded() }
        return CBORSplicing.map(entries.compactMap { entry in
            guard let key = entry.key.stringValue else { return nil }
            return (key, key == "documents" ? CBORSplicing.array(documents.map { $0.encoded() }) : entry.value.encoded())
        })
    }
}

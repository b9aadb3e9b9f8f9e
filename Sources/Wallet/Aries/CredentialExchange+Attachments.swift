import AnonCreds
import Aries
import DIDComm
import Foundation

extension CredentialExchange {
    /// The files the credential came with, to keep beside it (``CredentialAttachment``): each
    /// signed attribute the offer's preview gives a `mime-type` other than text (its raw value
    /// as issued, base64, decoded), then the offer's own `~attach` attachments with inline
    /// bytes. A value that is not base64, an attachment by link only, or one over
    /// ``CredentialAttachment/maximumBytes`` is not kept; at most
    /// ``CredentialAttachment/maximumCount`` are.
    func attachments(of credential: Credential) -> [CredentialAttachment] {
        var kept: [CredentialAttachment] = []
        for attribute in offer.preview?.attributes ?? [] {
            guard let mimeType = attribute.mimeType, !mimeType.hasPrefix("text/"),
                  let raw = credential.values[attribute.name]?.raw, let data = Data(base64Encoded: raw),
                  data.count <= CredentialAttachment.maximumBytes
            else { continue }
            kept.append(CredentialAttachment(name: attribute.name, mimeType: mimeType, data: data, source: .signedAttribute))
        }
        for attachment in (try? offer.message.attachments(named: "~attach")) ?? [] {
            guard let data = try? attachment.data.content(), data.count <= CredentialAttachment.maximumBytes else { continue }
            kept.append(CredentialAttachment(
                name: attachment.filename ?? attachment.id ?? "attachment", mimeType: attachment.mimeType ?? "application/octet-stream",
                data: data, source: .offerAttachment))
        }
        return Array(kept.prefix(CredentialAttachment.maximumCount))
    }
}

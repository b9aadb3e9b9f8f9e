import Foundation
import JSONModel
import Multiformats

/// Alters one part of a packed envelope and writes it back, for tests that show each check
/// catches its own kind of tampering.
struct EnvelopeSurgery {
    var outer: JSONObject

    init(_ json: Data) throws {
        outer = try JSONParser().parse(json).objectValue!
    }

    var json: Data { JSONValue.object(outer).serialized() }

    /// The first bit of a base64url member of the envelope flipped.
    func flippingOuter(_ member: String) throws -> EnvelopeSurgery {
        var copy = self
        _ = copy.outer.updateValue(.string(try Self.flipped(outer[member]!.stringValue!)), forName: member)
        return copy
    }

    /// The first bit of a member of the first recipient (`encrypted_key`, or a `header` member) flipped.
    func flippingRecipient(_ member: String) throws -> EnvelopeSurgery {
        try editingProtected { header in
            var recipients = header["recipients"]!.arrayValue!
            var recipient = recipients[0].objectValue!
            if member == "encrypted_key" {
                _ = recipient.updateValue(.string(try Self.flipped(recipient[member]!.stringValue!)), forName: member)
            } else {
                var inner = recipient["header"]!.objectValue!
                _ = inner.updateValue(.string(try Self.flipped(inner[member]!.stringValue!)), forName: member)
                _ = recipient.updateValue(.object(inner), forName: "header")
            }
            recipients[0] = .object(recipient)
            _ = header.updateValue(.array(recipients), forName: "recipients")
        }
    }

    /// The protected header's JSON text with `text` replaced.
    func replacingInProtected(_ text: String, with replacement: String) throws -> EnvelopeSurgery {
        try rewritingProtected { $0.replacingOccurrences(of: text, with: replacement) }
    }

    /// The protected header's JSON with a space after its first comma: the same header, other bytes.
    func respacingProtected() throws -> EnvelopeSurgery {
        try rewritingProtected { text in
            let comma = text.firstIndex(of: ",")!
            return String(text[...comma]) + " " + String(text[text.index(after: comma)...])
        }
    }

    private func editingProtected(_ edit: (inout JSONObject) throws -> Void) throws -> EnvelopeSurgery {
        try rewritingProtected { text in
            var header = try JSONParser().parse(Data(text.utf8)).objectValue!
            try edit(&header)
            return JSONValue.object(header).serializedString()
        }
    }

    private func rewritingProtected(_ rewrite: (String) throws -> String) throws -> EnvelopeSurgery {
        let text = String(decoding: try Base64URL.decode(outer["protected"]!.stringValue!), as: UTF8.self)
        var copy = self
        _ = copy.outer.updateValue(.string(Base64URL.encode(Data(try rewrite(text).utf8))), forName: "protected")
        return copy
    }

    private static func flipped(_ base64: String) throws -> String {
        var bytes = try Base64URL.decode(base64)
        bytes[bytes.startIndex] ^= 0x01
        return Base64URL.encode(bytes)
    }
}

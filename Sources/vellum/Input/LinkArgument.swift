import Foundation
import QRScanner

/// The link a person gives `receive` or `present`, taken the way they are likely to give it:
/// the link itself, the link still wrapped in the quotes or angle brackets it was copied with,
/// or a PNG/JPEG picture of its QR code. It is checked before the wallet is opened, so a wrong
/// argument never costs a passphrase prompt and a key derivation, and a link meant for the
/// other command says so.
struct LinkArgument {
    /// What the command expects.
    enum Kind {
        case credentialOffer
        case presentationRequest
        /// A scanned exchange link (`vellum scan`): a plain web link.
        case exchange
        /// An Aries invitation (`vellum aries connect`): a web link or `didcomm://` carrying
        /// `?oob=` (or `?c_i=`, `?d_m=`).
        case ariesInvitation

        var schemes: Set<String> {
            switch self {
            case .credentialOffer: ["openid-credential-offer", "haip-vci", "https", "http"]
            case .presentationRequest: ["openid4vp", "haip-vp", "eudi-openid4vp", "mdoc-openid4vp", "https", "http"]
            case .exchange: ["https", "http"]
            case .ariesInvitation: ["https", "http", "didcomm"]
            }
        }

        var name: String {
            switch self {
            case .credentialOffer: "credential offer"
            case .presentationRequest: "presentation request"
            case .exchange: "scanned link"
            case .ariesInvitation: "Aries invitation"
            }
        }

        var example: String {
            switch self {
            case .credentialOffer: "openid-credential-offer://…"
            case .presentationRequest: "openid4vp://…"
            case .exchange: "https://…"
            case .ariesInvitation: "https://…?oob=…"
            }
        }

        /// The command for a link of another kind: the OpenID links go to `receive` and `present`.
        var others: [(kind: Kind, command: String)] {
            switch self {
            case .credentialOffer: [(.presentationRequest, "vellum present")]
            case .presentationRequest: [(.credentialOffer, "vellum receive")]
            case .exchange, .ariesInvitation: [(.credentialOffer, "vellum receive"), (.presentationRequest, "vellum present")]
            }
        }
    }

    /// The link, unwrapped (and read from the image when `argument` names one).
    static func resolve(_ argument: String, as kind: Kind) throws -> String {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try image(at: trimmed, kind: kind) ?? unwrapped(trimmed)
        guard let scheme = text.range(of: "://").map({ String(text[..<$0.lowerBound]).lowercased() }),
              !scheme.isEmpty, URLComponents(string: text) != nil
        else {
            throw WalletCLIError.badArgument(
                "'\(text.prefix(80))' is not a link", hint: "give the \(kind.name) link (\(kind.example)) or a PNG/JPEG picture of its QR code",
                code: WalletExitCode.protocolFailure)
        }
        if !kind.schemes.contains(scheme) {
            if let other = kind.others.first(where: { $0.kind.schemes.contains(scheme) }) {
                throw WalletCLIError.badArgument(
                    "this is a \(other.kind.name), not a \(kind.name)", hint: "use `\(other.command) '\(text)'`",
                    code: WalletExitCode.protocolFailure)
            }
            throw WalletCLIError.badArgument(
                "a \(kind.name) link does not start with \(scheme)://", hint: "give the \(kind.name) link (\(kind.example))",
                code: WalletExitCode.protocolFailure)
        }
        return text
    }

    /// Strips the quotes (straight or typographic) and angle brackets a link was copied with.
    static func unwrapped(_ text: String) -> String {
        let pairs: [(Character, Character)] = [("'", "'"), ("\"", "\""), ("“", "”"), ("‘", "’"), ("<", ">"), ("«", "»")]
        var current = text
        var changed = true
        while changed, current.count >= 2 {
            changed = false
            for (open, close) in pairs where current.first == open && current.last == close {
                current = String(current.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
                changed = true
                break
            }
        }
        return current
    }

    /// The link in the QR code of the image at `path`, or `nil` when `path` is no file (and
    /// does not look like an image's name).
    private static func image(at path: String, kind: Kind) throws -> String? {
        guard !path.contains("://") else { return nil }
        let expanded = (path as NSString).expandingTildeInPath
        let lowered = expanded.lowercased()
        let looksLikeImage = [".png", ".jpg", ".jpeg"].contains { lowered.hasSuffix($0) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory), !isDirectory.boolValue else {
            if looksLikeImage {
                throw WalletCLIError.badArgument(
                    "no such file: \(path)", hint: "give the path of a PNG or JPEG picture of the QR code, or the link itself",
                    code: WalletExitCode.invalidInput)
            }
            return nil
        }
        let data: Data
        do {
            data = try BoundedFileReader.contents(ofFile: expanded, limit: QRScanner.maximumImageBytes)
        } catch .fileTooLarge, .grewPastLimit {
            throw WalletCLIError.badArgument(
                "\(path) is larger than \(BoundedFileReader.describe(limit: QRScanner.maximumImageBytes))",
                hint: "give a smaller picture of the QR code, or the link itself", code: WalletExitCode.invalidInput)
        } catch {
            throw WalletCLIError.badArgument(
                "cannot read \(path)", hint: "check that it is a file you may read", code: WalletExitCode.invalidInput)
        }
        let texts: [String]
        do {
            texts = try QRScanner.texts(inImage: data)
        } catch {
            throw WalletCLIError.badArgument(
                "\(path): \(error)", hint: "give a PNG or JPEG picture of the \(kind.name)'s QR code, or the link itself",
                code: WalletExitCode.invalidInput)
        }
        let distinct = Array(Set(texts))
        guard distinct.count == 1, let link = distinct.first else {
            throw WalletCLIError.badArgument(
                distinct.isEmpty ? "no QR code found in \(path)" : "\(path) holds \(distinct.count) different QR codes",
                hint: distinct.isEmpty
                    ? "crop the picture to the code, with a light margin around it, or give the link itself"
                    : "crop the picture to one code, or give the link itself",
                code: WalletExitCode.invalidInput)
        }
        return unwrapped(link.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

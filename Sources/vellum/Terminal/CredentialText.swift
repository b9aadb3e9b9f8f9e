import Foundation
import JSONModel
import Wallet

/// A stored credential as `show` and `status` print it for a person: who issued it and when it
/// is valid in local dates, its personal data under the labels the issuer gave them (the
/// issuer metadata's claim display, else the element or claim name made readable), the JWT's
/// registered claims apart from that data, and one verdict line that gives each failure's
/// reason once. `--json` prints the same facts in full, for programs.
enum CredentialText {
    /// JWT and SD-JWT VC members that describe the credential rather than its subject.
    static let registeredClaims: Set<String> = [
        "iss", "sub", "aud", "iat", "nbf", "exp", "jti", "vct", "vct#integrity", "cnf", "status", "_sd_alg",
    ]
    /// The registered claims that are times (seconds since 1970).
    static let timeClaims: Set<String> = ["iat", "nbf", "exp"]

    /// `date` as a person reads it, in the local time zone.
    static func date(_ date: Date) -> String {
        date.formatted(date: .abbreviated, time: .shortened)
    }

    /// The verdict in one line (with a ✔/✘ on a terminal), each failure's reason once.
    static func verdict(_ result: VerificationResult) -> String {
        if result.verified { return CommandOutput.mark(true) + "VALID" }
        let reasons = result.failures.map { "\($0.kind.rawValue) (\($0.message))" }
        return CommandOutput.mark(false) + "NOT VALID: " + reasons.joined(separator: "; ")
    }

    /// What the status list said, in words; why it is unknown or was not checked is the
    /// verdict's to say (once).
    static func status(_ status: CredentialStatus) -> String {
        switch status {
        case .none: "not listed (the credential names no status list)"
        case .valid: "valid (its status list says so)"
        case .revoked: "revoked"
        case .suspended: "suspended"
        case .unknown: "unknown"
        case .notChecked: "not checked"
        case .other: status.description
        }
    }

    /// `status`: the status line and the verdict.
    static func verification(_ result: VerificationResult) -> String {
        "status: \(status(result.status))\n" + verdict(result)
    }

    /// `show`: everything about the credential, verdict last.
    static func full(_ credential: VerifiedCredential) -> String {
        var lines: [String] = []
        let title = credential.branding?.name ?? credential.credentialType ?? "Credential"
        lines.append(CommandOutput.styled(title, .bold, onStandardError: false) + " (\(credential.format.rawValue))")
        lines.append("  id: \(credential.id)")
        lines.append("  type: \(credential.credentialType ?? "-")")
        let issuer = credential.issuerInfo
        lines.append("  issuer: \(issuer.displayName ?? issuer.commonName ?? "-")\(issuer.identifier.map { " <\($0)>" } ?? "")")
        if let name = issuer.commonName, name != issuer.displayName { lines.append("  signed by: \(name)") }
        if let trusted = issuer.trustedCertificate {
            lines.append("  trusted root: \(trusted.subject) (\(trusted.fingerprint.prefix(16))…)")
        }
        if let document = issuer.trustedDIDDocument {
            lines.append("  trusted DID document: \(document.id)")
        }
        let validity = credential.validity
        if let issued = validity.issuedAt { lines.append("  issued: \(date(issued))") }
        if let from = validity.validFrom { lines.append("  valid from: \(date(from))") }
        if let until = validity.validUntil { lines.append("  valid until: \(date(until))") }
        if credential.isViewOnly {
            lines.append("  view-only: bound to a holder key this wallet does not hold; it cannot be presented where binding is asked for")
        }
        let labels = ClaimLabels(credential.issuerDisplay?.claims)
        switch credential.claims {
        case .nameSpaces(let spaces):
            lines.append("  claims:")
            for nameSpace in spaces.keys.sorted() {
                if spaces.count > 1 { lines.append("    \(nameSpace):") }
                let indent = spaces.count > 1 ? "      " : "    "
                for (identifier, _) in (spaces[nameSpace] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard let value = credential.claims.value(at: [nameSpace, identifier]) else { continue }
                    lines += claimLines(labels.label(for: [nameSpace, identifier]), value, path: [nameSpace, identifier], labels: labels, indent: indent)
                }
            }
        case .json(let object):
            lines.append("  claims:")
            for (name, value) in object where !registeredClaims.contains(name) {
                lines += claimLines(labels.label(for: [name]), value, path: [name], labels: labels, indent: "    ")
            }
            let registered = object.filter { registeredClaims.contains($0.0) && !["cnf", "_sd_alg", "status"].contains($0.0) }
            if !registered.isEmpty {
                lines.append("  registered claims:")
                for (name, value) in registered {
                    if timeClaims.contains(name), let seconds = value.doubleValue {
                        lines.append("    \(name): \(date(Date(timeIntervalSince1970: seconds)))")
                    } else {
                        lines.append("    \(name): \(display(value))")
                    }
                }
            }
        case .unavailable:
            lines.append("  claims: (unreadable)")
        }
        lines.append(verification(credential.verificationResult))
        return lines.joined(separator: "\n")
    }

    /// A claim's lines: `label: value`, or the label and its members below it for an object.
    static func claimLines(_ label: String, _ value: JSONValue, path: [String], labels: ClaimLabels, indent: String) -> [String] {
        // A claim that carries its own label (an Open DID claim: caption and value) shows it.
        if let caption = value["caption"]?.stringValue, let own = value["value"] {
            return ["\(indent)\(caption): \(display(own))"]
        }
        guard case .object(let members) = value, !members.isEmpty, path.count < 4 else {
            return ["\(indent)\(label): \(display(value))"]
        }
        var lines = ["\(indent)\(label):"]
        for (name, member) in members {
            lines += claimLines(labels.label(for: path + [name]), member, path: path + [name], labels: labels, indent: indent + "  ")
        }
        return lines
    }

    static func display(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text.count > 80 ? String(text.prefix(77)) + "…" : text
        case .bool(let flag): return flag ? "yes" : "no"
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
            return items.compactMap(\.stringValue).joined(separator: ", ")
        default:
            let text = value.serializedString(.compact)
            return text.count > 120 ? String(text.prefix(117)) + "…" : text
        }
    }
}

/// The labels of a credential's claims: the issuer metadata's claim `display` names (for
/// the first locale listed), else the claim's name made readable (`family_name` → "Family name").
struct ClaimLabels {
    private var byPath: [[String]: String] = [:]

    init(_ claims: JSONValue?) {
        for entry in claims?.arrayValue ?? [] {
            guard let path = entry["path"]?.arrayValue?.compactMap(\.stringValue),
                  let name = entry["display"]?.arrayValue?.first?["name"]?.stringValue
            else { continue }
            byPath[path] = name
        }
    }

    func label(for path: [String]) -> String {
        if let label = byPath[path] { return label }
        let name = path.last ?? ""
        let words = name.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

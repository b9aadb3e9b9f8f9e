import JSONModel
import SDJWT
import StatusList

/// What `vellum verify` found in an SD-JWT.
struct SDJWTReport {
    /// A claim with its type metadata label, in the user's language.
    struct Label {
        var path: ClaimPath
        var label: String
        var value: JSONValue
    }

    var isVC: Bool
    var claims: JSONObject?
    var vct: String?
    var issuer: String?
    var keyBinding: VerifiedKeyBinding?
    var status: StatusResult?
    var failure: String?
    /// The text is not an SD-JWT at all (exit code 2).
    var isUnreadable = false
    /// The type's display in the user's language, when Type Metadata was obtained.
    var typeDisplay: TypeDisplay?
    /// Why no Type Metadata was used, when it could not be obtained.
    var typeMetadataFailure: String?
    /// The claims the Type Metadata labels.
    var labels: [Label] = []
    /// Whether the KB-JWT's `nonce` was compared with `--nonce` (and matched, or the
    /// verification failed).
    var comparedNonce = false
    /// Whether the KB-JWT's `aud` was compared with `--client-id`.
    var comparedAudience = false

    /// Records which KB-JWT claims were compared with the request the user named.
    mutating func comparesKeyBinding(nonce: Bool, audience: Bool) {
        comparedNonce = nonce
        comparedAudience = audience
    }

    /// Valid when everything verified and the status, if any, is valid.
    var isValid: Bool { failure == nil && (status == nil || status == .valid) }

    var format: String { isVC ? "SD-JWT VC" : "SD-JWT" }

    var keyBindingText: String {
        guard let keyBinding else {
            return claims?["cnf"] != nil ? "not presented (the credential is bound to a holder key)" : "none"
        }
        // Say which values were only shown: a KB-JWT proves who presented, but only a
        // compared aud and nonce prove it was made for this verifier and this request.
        let audience = "aud \(keyBinding.audience)" + (comparedAudience ? " = --client-id" : "")
        let nonce = "nonce \(keyBinding.nonce)" + (comparedNonce ? " = --nonce" : "")
        let unchecked = [comparedAudience ? nil : "--client-id", comparedNonce ? nil : "--nonce"].compactMap(\.self)
        let hint = unchecked.isEmpty ? "" : "; not compared without \(unchecked.joined(separator: " and "))"
        return "verified (\(audience), \(nonce)\(hint))"
    }

    /// The KB-JWT claims compared with the request the user named, for `--json`.
    var keyBindingMatched: [JSONValue] {
        [comparedAudience ? "aud" : nil, comparedNonce ? "nonce" : nil].compactMap(\.self).map { .string($0) }
    }

    var text: String {
        var lines = [format]
        if let failure {
            lines.append("  ✗ \(failure)")
            lines.append("INVALID")
            return lines.joined(separator: "\n")
        }
        if let vct { lines.append("  vct: \(vct)") }
        if let typeDisplay {
            lines.append("  type: \(typeDisplay.name) [\(typeDisplay.locale)]")
            if let description = typeDisplay.description { lines.append("    \(description)") }
        } else if let typeMetadataFailure {
            lines.append("  type metadata: none (\(typeMetadataFailure))")
        }
        if let issuer { lines.append("  issuer: \(issuer)") }
        lines.append("  key binding: \(keyBindingText)")
        if isVC { lines.append("  status: \(status?.description ?? "none")") }
        if !labels.isEmpty {
            lines.append("  labelled claims:")
            for label in labels {
                lines.append("    \(label.label): \(label.value.serializedString())")
            }
        }
        if let claims {
            lines.append("  claims:")
            let json = JSONValue.object(claims).serializedString(.pretty)
            lines.append(contentsOf: json.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" })
        }
        lines.append(isValid ? "VALID" : "INVALID: status is \(status?.description ?? "unknown")")
        return lines.joined(separator: "\n")
    }

    var json: String {
        var report: JSONObject = ["format": .string(isVC ? "sd-jwt-vc" : "sd-jwt"), "valid": .bool(isValid)]
        if let failure { report["error"] = .string(failure) }
        if let claims { report["claims"] = .object(claims) }
        if let vct { report["vct"] = .string(vct) }
        if let issuer { report["issuer"] = .string(issuer) }
        if failure == nil {
            report["keyBinding"] = .string(keyBinding == nil ? (claims?["cnf"] != nil ? "absent" : "none") : "verified")
            if let keyBinding {
                report["keyBindingAudience"] = .string(keyBinding.audience)
                report["keyBindingNonce"] = .string(keyBinding.nonce)
                report["keyBindingMatched"] = .array(keyBindingMatched)
            }
        }
        if isVC, failure == nil {
            report["status"] = status.map { .string($0.description) } ?? .null
            report["typeMetadata"] = typeMetadataJSON
        }
        return JSONValue.object(report).serializedString(.pretty)
    }

    /// `{"name", "locale", "description", "claims": [{"path", "label", "value"}]}`, or
    /// `{"error"}` when the metadata could not be obtained, or `null` when none applies.
    var typeMetadataJSON: JSONValue {
        if let typeMetadataFailure { return .object(["error": .string(typeMetadataFailure)]) }
        guard typeDisplay != nil || !labels.isEmpty else { return .null }
        var object = JSONObject()
        if let typeDisplay {
            object["name"] = .string(typeDisplay.name)
            object["locale"] = .string(typeDisplay.locale)
            if let description = typeDisplay.description { object["description"] = .string(description) }
        }
        object["claims"] = .array(labels.map { label in
            .object(["path": label.path.json, "label": .string(label.label), "value": label.value])
        })
        return .object(object)
    }
}

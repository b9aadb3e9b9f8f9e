import CBOR
import Foundation
import JSONModel
import MDoc
import Multiformats

/// `vellum verify` for ISO 18013-5 mdocs: an `IssuerSigned` (what OpenID4VCI delivers) or a
/// `DeviceResponse` (what a holder presents), as binary CBOR, hex or base64url.
///
/// The trust rules are the SDK's ``MDocVerificationProfile``, filled in from the command's
/// options (`--trust` IACAs, `--at`, `--session-transcript` or the OpenID4VP request,
/// `--reader-key`, `--issuer-data-only`, the network options); this type only reads the file
/// and words the report. A DeviceResponse without its session transcript is invalid unless
/// `--issuer-data-only` asks for the issuer data alone, which the report then says.
struct MDocVerification {
    /// What the file holds.
    enum Input {
        case issuerSigned(IssuerSigned)
        case deviceResponse(DeviceResponse)
    }

    /// The verification profile the options chose.
    var profile: MDocVerificationProfile

    /// The CBOR bytes in `data`: as is when it starts like a CBOR map, else decoded from hex
    /// or base64url text; `nil` when it is none of these or not an mdoc structure.
    static func detect(_ data: Data) -> Data? {
        func looksLikeMDoc(_ bytes: Data) -> Bool {
            guard let first = bytes.first, (0xa1...0xbb).contains(first),
                  let value = try? CBOR.decode(bytes, options: MDocLimits.default.decodingOptions) else { return false }
            return value["issuerAuth"] != nil || value["documents"] != nil || (value["version"] != nil && value["status"] != nil)
        }
        if looksLikeMDoc(data) { return data }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // UTF-8 length, not Characters: counting graphemes of a megabytes-long text is slow.
        guard !text.isEmpty, text.utf8.count <= 2 * MDocLimits.default.maxInputSize else { return nil }
        if let bytes = try? Base16.decode(text), looksLikeMDoc(bytes) { return bytes }
        if let bytes = try? Base64URL.decodeLenient(text), looksLikeMDoc(bytes) { return bytes }
        return nil
    }

    /// Reads the structure the bytes hold.
    static func read(_ bytes: Data) throws(MDocError) -> Input {
        let value = try? CBOR.decode(bytes, options: MDocLimits.default.decodingOptions)
        if value?["issuerAuth"] != nil { return .issuerSigned(try IssuerSigned(decoding: bytes)) }
        return .deviceResponse(try DeviceResponse(decoding: bytes))
    }

    /// Validates every document the bytes hold.
    func verify(_ bytes: Data) async -> MDocReport {
        let input: Input
        do {
            input = try Self.read(bytes)
        } catch {
            return MDocReport(kind: "mdoc", documents: [], failure: error.description)
        }
        switch input {
        case .issuerSigned(let issuerSigned):
            let report = await profile.verify(issuerSigned)
            return MDocReport(kind: "IssuerSigned", documents: [MDocReport.Entry(report: report, issuerSigned: issuerSigned)])
        case .deviceResponse(let response):
            let verification = await profile.verify(response)
            let entries = zip(verification.documents, response.documents).map { report, document in
                MDocReport.Entry(report: report, issuerSigned: document.issuerSigned)
            }
            return MDocReport(
                kind: "DeviceResponse", documents: entries, deviceAuthenticationChecked: verification.deviceAuthenticationChecked,
                issuerDataOnly: verification.issuerDataOnly, failure: verification.failure?.description)
        }
    }
}

/// What `vellum verify` found in an mdoc file.
struct MDocReport {
    struct Entry {
        var report: MDocValidationReport
        var issuerSigned: IssuerSigned
    }

    var kind: String
    var documents: [Entry]
    var deviceAuthenticationChecked = false
    /// A DeviceResponse verified on its issuer data alone, as `--issuer-data-only` asked.
    var issuerDataOnly = false
    var failure: String?

    /// Why a DeviceResponse without its session transcript is not valid.
    static let deviceAuthenticationNotChecked =
        "device authentication not checked — give --session-transcript or --client-id/--nonce/--response-uri"

    /// A DeviceResponse whose device authentication was neither checked nor waived: issuer
    /// data alone does not show that the holder's device answered this session.
    var lacksDeviceAuthentication: Bool { kind == "DeviceResponse" && !deviceAuthenticationChecked && !issuerDataOnly }

    var isValid: Bool {
        failure == nil && !lacksDeviceAuthentication && !documents.isEmpty && documents.allSatisfy(\.report.isValid)
    }

    static func outcomeText(_ outcome: MDocStepOutcome) -> (mark: String, text: String) {
        switch outcome {
        case .passed(let text): return ("✓", text)
        case .failed(let error): return ("✗", error.description)
        case .skipped(let text): return ("-", text)
        }
    }

    /// An element value for a person: text and numbers as they are, long byte strings shortened.
    static func display(_ value: CBOR) -> String {
        switch value {
        case .textString(let text): return text
        case .byteString(let bytes) where bytes.count > 32: return "<\(bytes.count) bytes>"
        case .tagged(1004, .textString(let text)): return text
        default: return value.diagnosticNotation
        }
    }

    var text: String {
        var lines = ["ISO 18013-5 mdoc (\(kind))"]
        for entry in documents {
            lines.append("  docType: \(entry.report.docType)")
            for (step, outcome) in entry.report.steps {
                let (mark, text) = Self.outcomeText(outcome)
                lines.append("  \(mark) \(step): \(text)")
            }
            if let verified = entry.report.verified {
                lines.append("  document signer: \(verified.documentSignerChain.leaf.subject)")
                lines.append("  IACA: \(verified.documentSignerChain.anchor.subject)")
            }
            if kind == "DeviceResponse", !deviceAuthenticationChecked {
                lines.append(issuerDataOnly
                    ? "  - device authentication: not checked (--issuer-data-only)"
                    : "  ✗ device authentication: not checked (needs the session transcript)")
            }
            lines.append("  elements:")
            for (nameSpace, items) in entry.issuerSigned.nameSpaces.sorted(by: { $0.key < $1.key }) {
                for item in items {
                    lines.append("    \(nameSpace) \(item.item.elementIdentifier): \(Self.display(item.item.elementValue))")
                }
            }
        }
        if let failure { lines.append("  ✗ \(failure)") }
        if lacksDeviceAuthentication, !documents.isEmpty { lines.append("  ✗ \(Self.deviceAuthenticationNotChecked)") }
        if isValid {
            lines.append(issuerDataOnly ? "VALID: issuer data only (device authentication not checked)" : "VALID")
        } else {
            let reason = failure ?? documents.compactMap(\.report.firstFailure).first?.description
                ?? (lacksDeviceAuthentication ? Self.deviceAuthenticationNotChecked : nil) ?? "no document"
            lines.append("INVALID: \(reason)")
        }
        return lines.joined(separator: "\n")
    }

    var json: String {
        var report: JSONObject = ["format": "mdoc", "kind": .string(kind), "valid": .bool(isValid)]
        if let failure {
            report["error"] = .string(failure)
        } else if lacksDeviceAuthentication, !documents.isEmpty {
            report["error"] = .string(Self.deviceAuthenticationNotChecked)
        }
        if kind == "DeviceResponse" {
            report["deviceAuthentication"] = deviceAuthenticationChecked ? "checked" : "not checked"
            report["issuerDataOnly"] = .bool(issuerDataOnly)
        }
        report["documents"] = .array(documents.map { entry in
            let steps: [JSONValue] = entry.report.steps.map { step, outcome in
                var object: JSONObject = ["step": .string(step.rawValue)]
                switch outcome {
                case .passed(let text): object["outcome"] = "passed"; object["detail"] = .string(text)
                case .failed(let error): object["outcome"] = "failed"; object["detail"] = .string(error.description)
                case .skipped(let text): object["outcome"] = "skipped"; object["detail"] = .string(text)
                }
                return .object(object)
            }
            var elements: JSONObject = [:]
            for (nameSpace, items) in entry.issuerSigned.nameSpaces {
                var values: JSONObject = [:]
                for item in items { values[item.item.elementIdentifier] = .string(Self.display(item.item.elementValue)) }
                elements[nameSpace] = .object(values)
            }
            return .object([
                "docType": .string(entry.report.docType), "valid": .bool(entry.report.isValid),
                "steps": .array(steps), "elements": .object(elements),
            ])
        })
        return JSONValue.object(report).serializedString(.pretty)
    }
}

import JSONModel

/// The older W3C status list (StatusList2021, the Credentials Community Group's draft that
/// Bitstring Status List v1.0 replaced), read by rewriting it into the Bitstring form, which has
/// the same members and semantics: `StatusList2021Entry` → `BitstringStatusListEntry`,
/// `StatusList2021Credential`/`StatusList2021` → `BitstringStatusListCredential`/`BitstringStatusList`,
/// and `encodedList` given its multibase `u` prefix (StatusList2021 wrote bare base64url, which
/// for a GZIP stream always starts `H4sI`).
///
/// The rewrite runs on a list credential only after its proof verified, so it changes nothing
/// that was signed as far as the verifier is concerned.
enum StatusList2021 {
    /// A `StatusList2021Entry` as the equivalent `BitstringStatusListEntry`; other entries unchanged.
    static func bitstringEntry(_ entry: JSONObject) -> JSONObject {
        guard entry["type"]?.stringValue == "StatusList2021Entry" else { return entry }
        var rewritten = entry
        rewritten["type"] = "BitstringStatusListEntry"
        return rewritten
    }

    /// A verified `StatusList2021Credential` as the equivalent Bitstring credential; other
    /// credentials unchanged.
    static func bitstringCredential(_ credential: JSONValue) -> JSONValue {
        guard var object = credential.objectValue, let types = object["type"]?.arrayValue,
            types.contains("StatusList2021Credential"), var subject = object["credentialSubject"]?.objectValue
        else { return credential }
        object["type"] = .array(types.map { $0 == "StatusList2021Credential" ? "BitstringStatusListCredential" : $0 })
        if subject["type"]?.stringValue == "StatusList2021" { subject["type"] = "BitstringStatusList" }
        if let list = subject["encodedList"]?.stringValue, list.hasPrefix("H4sI") { subject["encodedList"] = .string("u" + list) }
        object["credentialSubject"] = .object(subject)
        return .object(object)
    }
}

import JSONModel

extension JOSEHeader {
    /// Applies RFC 7515 §4.1.11 / RFC 7516 §4.1.13 to a merged header.
    ///
    /// `crit` must sit in the protected header, be a non-empty array of distinct strings,
    /// name no registered member, name only members the caller understands, and name only
    /// members that are present (and so protected).
    static func checkCritical(protected: JSONObject, merged: JOSEHeader, understood: Set<String>) throws(JOSEError) {
        guard merged["crit"] != nil else { return }
        guard let crit = protected["crit"] else {
            throw .unsupportedCritical("crit is not in the protected header")
        }
        guard let list = crit.arrayValue else { throw .unsupportedCritical("crit is not an array") }
        let names = list.compactMap(\.stringValue)
        guard names.count == list.count else { throw .unsupportedCritical("crit is not an array of strings") }
        guard !names.isEmpty else { throw .unsupportedCritical("crit is empty") }
        guard Set(names).count == names.count else { throw .unsupportedCritical("crit repeats a name") }
        for name in names {
            guard !registeredNames.contains(name) else {
                throw .unsupportedCritical("crit lists the registered member \(name)")
            }
            guard understood.contains(name) else { throw .unsupportedCritical("\(name) is not understood") }
            guard protected[name] != nil else { throw .unsupportedCritical("\(name) is listed but absent") }
        }
    }
}

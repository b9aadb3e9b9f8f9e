import JSONModel

/// What a verifier accepts beyond "the signature is valid": which algorithms, which
/// critical extensions, and how large an input.
///
/// A policy is a value a caller composes once (for example "ES256 and EdDSA only, understands
/// nothing critical") and passes to every verification. `alg: none` is refused whatever the
/// policy says.
public struct JWSPolicy: Sendable, Hashable {
    /// The algorithms accepted; default the asymmetric ones (``JWSAlgorithm/asymmetric``).
    public var allowedAlgorithms: Set<JWSAlgorithm>
    /// Extension header members this caller processes and so may appear in `crit`.
    /// `b64` (RFC 7797) is always understood.
    public var understoodCriticalMembers: Set<String>
    /// Size and count bounds.
    public var limits: JOSELimits
    /// Whether `b64` must be listed in `crit`, as RFC 7797 §6 requires; default true.
    /// Turn off only to read legacy producers that omit it (the "JSON only" example of
    /// the JOSE cookbook's RFC 7797 set does): a recipient unaware of `b64` would then
    /// misread the payload.
    public var requiresCriticalB64: Bool
    /// The `typ` the header must carry (RFC 8725 §3.11 explicit typing), for example
    /// `dc+sd-jwt` or `kb+jwt`; `nil` accepts any. Compared as RFC 7515 §4.1.9 says: case
    /// insensitive, with an omitted `application/` prefix.
    public var requiredType: String?

    /// A policy with the given rules.
    public init(
        allowedAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric,
        understoodCriticalMembers: Set<String> = [],
        limits: JOSELimits = .default,
        requiresCriticalB64: Bool = true,
        requiredType: String? = nil
    ) {
        self.allowedAlgorithms = allowedAlgorithms
        self.understoodCriticalMembers = understoodCriticalMembers
        self.limits = limits
        self.requiresCriticalB64 = requiresCriticalB64
        self.requiredType = requiredType
    }

    /// The default: asymmetric algorithms, no critical extensions but `b64`, default limits.
    public static let `default` = JWSPolicy()

    /// Every algorithm this module implements, HMAC included, for callers that share a
    /// secret with the signer.
    public static let allowingHMAC = JWSPolicy(allowedAlgorithms: Set(JWSAlgorithm.allCases))

    /// Reads `alg` from a merged header and applies the algorithm rules.
    func algorithm(of header: JOSEHeader) throws(JOSEError) -> JWSAlgorithm {
        guard let name = header.algorithm else { throw .invalidHeader("alg is missing") }
        // Only a four-byte name can lowercase to "none"; others are not case-mapped.
        if name.utf8.count == 4, name.lowercased() == "none" { throw .unsecuredAlgorithm }
        guard let algorithm = JWSAlgorithm(rawValue: name) else { throw .unsupportedAlgorithm(name) }
        guard allowedAlgorithms.contains(algorithm) else { throw .algorithmNotAllowed(name) }
        return algorithm
    }

    /// Applies ``requiredType`` to a merged header.
    func checkType(of header: JOSEHeader) throws(JOSEError) {
        guard let requiredType else { return }
        guard JOSEMediaType.matches(header.type, requiredType) else {
            throw .invalidHeader("typ is \(header.type ?? "absent"), expected \(requiredType)")
        }
    }

    /// Applies RFC 7515 §4.1.11 and RFC 7797 §6 to one signature's headers: the `crit`
    /// rules, and `b64` must be protected and listed in `crit`.
    func checkCritical(protected: JSONObject, merged: JOSEHeader) throws(JOSEError) {
        // Most headers have neither: skip building the understood set.
        guard merged["crit"] != nil || merged["b64"] != nil else { return }
        try JOSEHeader.checkCritical(
            protected: protected, merged: merged, understood: understoodCriticalMembers.union(["b64"]))
        if merged["b64"] != nil {
            guard protected["b64"] != nil else {
                throw .invalidHeader("b64 is not in the protected header")
            }
            guard !requiresCriticalB64 || merged.critical?.contains("b64") == true else {
                throw .unsupportedCritical("b64 is used but not listed in crit")
            }
        }
    }
}

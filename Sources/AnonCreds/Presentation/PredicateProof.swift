/// The proof that a hidden attribute satisfies `attribute p_type value` (anoncreds' `ge_proof`):
/// the difference `Δ` (`m − value`, or `value − m` for `<=` and `<`, less one when strict) is
/// written as four squares `u₀² + u₁² + u₂² + u₃²`, each square root and `Δ` committed as
/// `Tᵢ = z^uᵢ · s^rᵢ`, and the responses show the commitments are consistent with the
/// attribute's response `m̂` in the equality proof.
///
/// JSON `{"u": {"0".."3"}, "r": {"0".."3", "DELTA"}, "mj", "alpha", "t": {"0".."3", "DELTA"},
/// "predicate": {"attr_name", "p_type": "GE" | "GT" | "LE" | "LT", "value"}}`.
public struct PredicateProof: Codable, Hashable, Sendable {
    public var u: [String: BigInteger]
    public var r: [String: BigInteger]
    public var mj: BigInteger
    public var alpha: BigInteger
    public var t: [String: BigInteger]
    public var predicate: Predicate

    /// The predicate proven, on the canonical attribute name.
    public struct Predicate: Codable, Hashable, Sendable {
        public var attributeName: String
        public var type: PredicateType
        public var value: Int32

        enum CodingKeys: String, CodingKey { case attributeName = "attr_name", type = "p_type", value }

        public init(attributeName: String, type: PredicateType, value: Int32) {
            self.attributeName = attributeName
            self.type = type
            self.value = value
        }

        /// `Δ` for an attribute value, negative when the predicate does not hold.
        func delta(for attribute: Int64) -> Int64 {
            let value = Int64(self.value)
            switch type {
            case .greaterOrEqual: return attribute - value
            case .greater: return attribute - value - 1
            case .lessOrEqual: return value - attribute
            case .less: return value - attribute - 1
            }
        }

        /// The bound the verifier puts back in (`value`, or `value ± 1` when strict).
        var deltaPrime: BigInteger {
            switch type {
            case .greaterOrEqual, .lessOrEqual: BigInteger(Int(value))
            case .greater: BigInteger(Int(value) + 1)
            case .less: BigInteger(Int(value) - 1)
            }
        }
    }

    /// The four comparisons, by their names in a proof (`GE` …) and in a request (`>=` …).
    public enum PredicateType: String, Codable, Hashable, Sendable {
        case greaterOrEqual = "GE", greater = "GT", lessOrEqual = "LE", less = "LT"

        /// The type a presentation request's `p_type` names, or `nil`.
        public init?(requestSymbol: String) {
            switch requestSymbol {
            case ">=": self = .greaterOrEqual
            case ">": self = .greater
            case "<=": self = .lessOrEqual
            case "<": self = .less
            default: return nil
            }
        }

        var isLess: Bool { self == .lessOrEqual || self == .less }
    }
}
